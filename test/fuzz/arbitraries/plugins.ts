/**
 * Plugins that behave, and plugins that do not: hooks that throw any value, return
 * nothing, a number, a Promise or an array, change their argument in place, move a route
 * to a hostile path or event name, hand back invalid JSON Schema, or break the document.
 */
import fc from "fast-check";
import type { SpecloomPlugin } from "specloom";
import { json, jsonSchema, type Json } from "./json-schema";
import { anyName, routeKey } from "./names";
import { throwKind, throwValue, type ThrowKind } from "./throws";

type Misbehaviour = { throws: ThrowKind } | { returns: "undefined" | "number" | "promise" | "array" | "null" };
type Common = "identity" | "mutate-in-place" | "new-object" | Misbehaviour;

export type RouteHook = Common | { move: "path" | "method"; to: string };
export type SchemaHook = Common | { replace: Json };
export type DocumentHook = Common | "drop-info" | { set: [string, Json] } | { addRef: string };

export interface PluginPlan {
  name: Json;
  route?: RouteHook;
  schema?: SchemaHook;
  document?: DocumentHook;
}

/**
 * Root fields a document plugin writes, hostile keys inside but well typed: the README
 * checks only security, operationIds and `$ref`s of what `transformDocument` returns, so
 * a field of the wrong type there is the plugin's own bug, not Specloom's.
 */
const DOCUMENT_FIELDS: [string, Json][] = [
  ["tags", [{ name: "__proto__" }, { name: "constructor" }]],
  ["servers", [{ url: "https://example.com" }]],
  ["paths", { "/__proto__": {}, "/constructor": { get: { responses: { "200": { description: "OK" } } } } }],
  ["components", { schemas: { ["__proto__"]: { type: "string" }, toString: { $ref: "#/components/schemas/__proto__" } } }],
];

const misbehaviour: fc.Arbitrary<Misbehaviour> = fc.oneof(
  throwKind.map((kind) => ({ throws: kind })),
  fc.constantFrom("undefined" as const, "number" as const, "promise" as const, "array" as const, "null" as const).map((what) => ({ returns: what })),
);

const common: fc.Arbitrary<Common> = fc.oneof({ weight: 12, arbitrary: fc.constantFrom<Common>("identity", "mutate-in-place", "new-object") }, { weight: 1, arbitrary: misbehaviour });

const routeHook: fc.Arbitrary<RouteHook> = fc.oneof(
  { weight: 3, arbitrary: common },
  { weight: 1, arbitrary: fc.record({ move: fc.constant("path" as const), to: fc.oneof(anyName, routeKey.map((key) => key.split(" ")[1] ?? "/")) }) },
  { weight: 1, arbitrary: fc.record({ move: fc.constant("method" as const), to: fc.constantFrom("get", "post", "POST", "__proto__", "connect", "") }) },
);

const schemaHook: fc.Arbitrary<SchemaHook> = fc.oneof({ weight: 3, arbitrary: common }, { weight: 1, arbitrary: jsonSchema.map((replace) => ({ replace })) });

const documentHook: fc.Arbitrary<DocumentHook> = fc.oneof(
  { weight: 3, arbitrary: common },
  { weight: 1, arbitrary: fc.constant<DocumentHook>("drop-info") },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...DOCUMENT_FIELDS), json.map((value): [string, Json] => ["x-a", value])).map((set) => ({ set })) },
  { weight: 1, arbitrary: fc.constantFrom("#/components/schemas/Nowhere", "#/paths", "#/info").map((addRef) => ({ addRef })) },
);

export const pluginPlan: fc.Arbitrary<PluginPlan> = fc.record(
  {
    name: fc.oneof({ weight: 20, arbitrary: fc.constantFrom("p", "q", "__proto__") }, { weight: 1, arbitrary: json }),
    route: routeHook,
    schema: schemaHook,
    document: documentHook,
  },
  { requiredKeys: ["name"] },
);

function misbehave(hook: Misbehaviour): unknown {
  if ("throws" in hook) throwValue(hook.throws);
  switch (hook.returns) {
    case "undefined": return undefined;
    case "number": return 42;
    case "promise": return Promise.resolve({});
    case "array": return [];
    case "null": return null;
  }
}

/** Runs the behaviours all three hooks share; `undefined` means "the hook's own case". */
function commonHook(hook: unknown, value: Record<string, unknown>): { result: unknown } | undefined {
  if (hook === "identity") return { result: value };
  if (hook === "mutate-in-place") {
    value["x-fuzz"] = true;
    return { result: value };
  }
  if (hook === "new-object") return { result: { ...value } };
  if (hook !== null && typeof hook === "object" && ("throws" in hook || "returns" in hook)) return { result: misbehave(hook as Misbehaviour) };
  return undefined;
}

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `components` with one more schema, `Linked`, which holds the reference. */
function withSchema(components: unknown, schema: unknown): Record<string, unknown> {
  const base = (components ?? {}) as Record<string, unknown>;
  return { ...base, schemas: { ...(base.schemas as object | undefined), Linked: schema } };
}

/** A new plugin object behaving as the plan says; stateless, so two builds behave alike. */
export function buildPlugin(plan: PluginPlan): SpecloomPlugin {
  const plugin: Record<string, unknown> = { name: structuredClone(plan.name) };
  const { route, schema, document } = plan;
  if (route !== undefined) {
    plugin.transformRoute = (value: Record<string, unknown>) => {
      const done = commonHook(route, value);
      if (done) return done.result;
      const moved = route as { move: "path" | "method"; to: string };
      return { ...value, [moved.move]: moved.to };
    };
  }
  if (schema !== undefined) {
    plugin.transformSchema = (value: Record<string, unknown>) => {
      const done = commonHook(schema, value);
      return done ? done.result : structuredClone((schema as { replace: Json }).replace);
    };
  }
  if (document !== undefined) {
    plugin.transformDocument = (value: Record<string, unknown>) => {
      const done = commonHook(document, value);
      if (done) return done.result;
      const change = document as "drop-info" | { set: [string, Json] } | { addRef: string };
      if (change === "drop-info") delete value.info;
      else if ("set" in change) setKey(value, change.set[0], structuredClone(change.set[1]));
      else setKey(value, "components", withSchema(value.components, { $ref: change.addRef }));
      return value;
    };
  }
  return plugin as unknown as SpecloomPlugin;
}
