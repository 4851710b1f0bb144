/**
 * Whole definitions for `openapi()` and the `OpenAPI` builder, as printable plans:
 * random route keys, each shorthand field with a right value most of the time and a value
 * of a wrong type some of the time, registered schemas under hostile names, webhooks,
 * plugins, root fields, both versions.
 */
import fc from "fast-check";
import { OpenAPI, openapi, type OpenAPIDocument, type SpecloomDefinition } from "specloom";
import type { Json } from "./json-schema";
import { anyName, HOSTILE_NAMES, plainName, routeKey, webhookKey } from "./names";
import { buildPlugin, pluginPlan, type PluginPlan } from "./plugins";
import { buildObject, buildSchema, objectSchemaPlan, responseValue, schemaPlan, setValue, weird, wrongValue, type SchemaPlan, type ValuePlan } from "./values";

export type RoutePlan = [string, ValuePlan][];

export interface DefinitionPlan {
  /** Through `new OpenAPI()`; `"calls"` also adds webhooks with `.webhook()` and splits keys into `.route(method, path)`. */
  builder: boolean | "calls";
  openapi: Json | undefined;
  info: Json;
  schemas: [string, SchemaPlan][];
  paths: [string, RoutePlan][];
  webhooks?: [string, RoutePlan][] | undefined;
  plugins?: PluginPlan[] | undefined;
  extras: [string, ValuePlan][];
}

const STATUS_KEYS = ["200", "201", "204", "404", "2XX", "4xx", "default", "600", "99", "abc"];

/** Each shorthand field with the values it should take; a wrong value is added for all. */
function fieldValue(field: string): fc.Arbitrary<ValuePlan> {
  const j = (arbitrary: fc.Arbitrary<Json>) => arbitrary.map((value): ValuePlan => ({ json: value }));
  switch (field) {
    case "params":
    case "query":
    case "headers":
    case "cookies":
      return objectSchemaPlan.map((schema) => ({ schema }));
    case "body":
      return responseValue;
    case "summary":
    case "description":
    case "operationId":
      return j(fc.oneof(anyName, fc.constantFrom("getA", "dup")));
    case "tags":
      return j(fc.array(anyName, { maxLength: 2 }));
    case "deprecated":
      return j(fc.boolean());
    case "security":
      return j(fc.constantFrom<Json>([], [{ bearer: [] }], [{ ["__proto__"]: [] }]));
    case "externalDocs":
      return j(fc.constantFrom<Json>({ url: "https://example.com" }, { url: "/docs" }));
    case "servers":
      return j(fc.constantFrom<Json>([{ url: "https://example.com" }], [{ url: "/v1" }]));
    default:
      return responseValue;
  }
}

const routeField = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...STATUS_KEYS.slice(0, 7)) },
  { weight: 6, arbitrary: fc.constantFrom("params", "query", "headers", "cookies", "body", "summary", "description", "operationId", "tags", "deprecated", "security", "externalDocs", "servers") },
  { weight: 1, arbitrary: fc.constantFrom("responses", "x-a", "x-a", "x-a", "600", "99", "abc", "__proto__", "constructor", "toString") },
);

const routeEntry: fc.Arbitrary<[string, ValuePlan]> = routeField.chain((field) =>
  fc.tuple(fc.constant(field), fc.oneof({ weight: 25, arbitrary: fieldValue(field) }, { weight: 1, arbitrary: wrongValue })),
);

export const routePlan: fc.Arbitrary<RoutePlan> = fc.uniqueArray(routeEntry, { maxLength: 4, selector: ([key]) => key });

const info: fc.Arbitrary<Json> = fc.oneof(
  { weight: 30, arbitrary: fc.constant<Json>({ title: "Fuzz", version: "1" }) },
  { weight: 1, arbitrary: fc.constantFrom<Json>({ title: "Fuzz" }, { title: "T", version: "1", summary: "s", license: { name: "MIT", identifier: "MIT" } }, { titel: "typo", version: "1" }, null, "info", { title: "T", version: "1", ["__proto__"]: 1 }) },
);

const extra: fc.Arbitrary<[string, ValuePlan]> = fc.oneof(
  fc.tuple(fc.constant("servers"), fc.constantFrom<Json>([{ url: "https://example.com" }], [], "x", [{ url: 5 }]).map((value): ValuePlan => ({ json: value }))),
  fc.tuple(fc.constant("tags"), fc.array(anyName.map((name) => ({ name }) as Json), { maxLength: 2 }).map((value): ValuePlan => ({ json: value }))),
  fc.tuple(fc.constant("security"), fc.constantFrom<Json>([{ bearer: [] }], [], [{ ["__proto__"]: [] }]).map((value): ValuePlan => ({ json: value }))),
  fc.tuple(fc.constant("securitySchemes"), fc.constantFrom<Json>({ bearer: { type: "http", scheme: "bearer" } }, { ["__proto__"]: { type: "http", scheme: "basic" } }, { bearer: { type: "oauth2" } }).map((value): ValuePlan => ({ json: value }))),
  fc.tuple(fc.constantFrom("externalDocs", "x-root", "paths2", "__proto__", "constructor"), wrongValue),
  fc.tuple(fc.constant("x-root"), weird),
);

/** Component names: valid ones, hostile ones among them, and rarely an invalid one. */
const componentName = fc.oneof({ weight: 10, arbitrary: fc.constantFrom("Pet", "User", ...HOSTILE_NAMES) }, { weight: 4, arbitrary: plainName }, { weight: 1, arbitrary: anyName });

const version = fc.oneof({ weight: 30, arbitrary: fc.constantFrom<Json | undefined>("3.0.3", "3.1.0", undefined) }, { weight: 1, arbitrary: fc.constantFrom<Json>("2.0", "3.0.0", 3, null) });

/** Webhooks mostly where the version has them; now and then in 3.0.3, which must refuse them. */
function webhooksFor(openapi: Json | undefined): fc.Arbitrary<[string, RoutePlan][] | undefined> {
  const some = fc.uniqueArray(fc.tuple(webhookKey, routePlan), { minLength: 1, maxLength: 2, selector: ([key]) => key });
  const weight = openapi === "3.0.3" ? 1 : 10;
  return fc.oneof({ weight: 10, arbitrary: fc.constant(undefined) }, { weight, arbitrary: some });
}

export const definitionPlan: fc.Arbitrary<DefinitionPlan> = version.chain((openapi) =>
  fc.record(
    {
      builder: fc.constantFrom(false, true, "calls" as const),
      openapi: fc.constant(openapi),
      info,
      schemas: fc.uniqueArray(fc.tuple(componentName, schemaPlan), { maxLength: 3, selector: ([name]) => name }),
      paths: fc.uniqueArray(fc.tuple(routeKey, routePlan), { maxLength: 4, selector: ([key]) => key }),
      webhooks: webhooksFor(openapi),
      plugins: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.array(pluginPlan, { minLength: 1, maxLength: 2 }) }),
      extras: fc.oneof({ weight: 3, arbitrary: fc.constant<[string, ValuePlan][]>([]) }, { weight: 1, arbitrary: fc.uniqueArray(extra, { maxLength: 2, selector: ([key]) => key }) }),
    },
    { requiredKeys: ["builder", "openapi", "info", "schemas", "paths", "extras"] },
  ),
);

function routes(entries: [string, RoutePlan][]): [string, Record<string, unknown>][] {
  return entries.map(([key, route]) => [key, buildObject(route)]);
}

function mapOf(entries: [string, unknown][]): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** The options shared by `openapi()` and `new OpenAPI()`; webhooks go in unless added by calls. */
function options(plan: DefinitionPlan): Record<string, unknown> {
  const target = buildObject(plan.extras);
  setValue(target, "info", { json: plan.info });
  if (plan.openapi !== undefined) setValue(target, "openapi", { json: plan.openapi });
  if (plan.webhooks !== undefined && plan.builder !== "calls") target.webhooks = mapOf(routes(plan.webhooks));
  if (plan.plugins !== undefined) target.plugins = plan.plugins.map(buildPlugin);
  return target;
}

/** `.route(key, definition)`, or `.route(method, path, definition)` with the key split at its first space. */
function addRoute(api: OpenAPI, member: "route" | "webhook", key: string, route: unknown, split: boolean): void {
  const space = key.indexOf(" ");
  // route() and webhook() type their arguments differently; the fuzz plan's are untyped.
  const add = api[member].bind(api) as (...args: unknown[]) => unknown;
  if (split && space >= 0) add(key.slice(0, space), key.slice(space + 1), route);
  else add(key, route);
}

/** A fresh call for the plan: its arguments (for the snapshot) and the function to run. */
export function definitionCall(plan: DefinitionPlan): { inputs: unknown; run: () => OpenAPIDocument } {
  const base = options(plan);
  const schemas = plan.schemas.map(([name, schema]): [string, unknown] => [name, buildSchema(schema)]);
  const paths = routes(plan.paths);
  if (!plan.builder) {
    // Copied by descriptor: a spread would run the getters meant for Specloom to meet.
    const definition = Object.defineProperties({}, Object.getOwnPropertyDescriptors(base)) as Record<string, unknown>;
    definition.schemas = mapOf(schemas);
    definition.paths = mapOf(paths);
    return { inputs: definition, run: () => openapi(definition as unknown as SpecloomDefinition) };
  }
  const webhooks = plan.builder === "calls" ? routes(plan.webhooks ?? []) : [];
  const split = plan.builder === "calls";
  return {
    inputs: [base, schemas, paths, webhooks],
    run: () => {
      const api = new OpenAPI(base as never);
      for (const [name, schema] of schemas) api.schema(name, schema as never);
      for (const [key, route] of paths) addRoute(api, "route", key, route, split);
      for (const [key, route] of webhooks) addRoute(api, "webhook", key, route, split);
      return api.document();
    },
  };
}
