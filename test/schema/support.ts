/**
 * Shared tools for the schema engine tests (not a test file itself).
 *
 * - `build` and the position getters read documents through the public API only.
 * - `expectCleanDocument` is `expectValidOpenAPI` plus what the official validator cannot
 *   see: no `$schema`/`$id`/`$defs`/`definitions` (or Zod's root `id`) anywhere, every `$ref`
 *   a component reference, and, per version, dialect rules the 3.0 meta-schema lets through.
 * - `accepts` answers "does this Schema Object accept this value?" with the semantics each
 *   version's specification gives its Schema Object, written here independently of src/:
 *   OpenAPI 3.1 is JSON Schema 2020-12; OpenAPI 3.0.3 is its own dialect, where `nullable: true`
 *   "adds "null" to the allowed type specified by the `type` keyword, only if `type` is
 *   explicitly defined within the same Schema Object", siblings of `$ref` "SHALL be ignored",
 *   and `exclusiveMinimum`/`exclusiveMaximum` are booleans that modify `minimum`/`maximum`.
 *   It lets tests assert what a schema means instead of how the engine happens to spell it.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { expect } from "vitest";
import { openapi, type OpenAPIDocument, type RouteShorthand, type SpecloomDefinition, type StandardJSONSchemaV1 } from "specloom";
import { expectValidOpenAPI, leftoverKeys } from "../helpers/document";

// 3.2.0 keeps the 3.1 dialect (JSON Schema 2020-12): every schema test runs in it too.
export const VERSIONS = ["3.0.3", "3.1.0", "3.2.0"] as const;
export type Version = (typeof VERSIONS)[number];
export const LIBRARIES = ["zod", "arktype", "valibot"] as const;
export type Library = (typeof LIBRARIES)[number];

export const info = { title: "Schema engine", version: "1.0.0" };

export type Node = Record<string, unknown>;

/** Valibot schemas are Standard JSON Schemas once wrapped. */
export const vb = toStandardJsonSchema;

export function build(version: Version, paths: Record<string, RouteShorthand>, extra: Omit<Partial<SpecloomDefinition>, "paths" | "openapi" | "info"> = {}): OpenAPIDocument {
  return openapi({ ...extra, openapi: version, info, paths });
}

export function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function node(value: unknown, what = "value"): Node {
  if (!isNode(value)) throw new Error(`expected an object for ${what}, found ${JSON.stringify(value)}`);
  return value;
}

/** `doc` followed along `keys`; throws with the path when something is missing. */
export function at(doc: unknown, ...keys: (string | number)[]): unknown {
  let current: unknown = doc;
  const walked: string[] = [];
  for (const key of keys) {
    walked.push(String(key));
    if (current === null || typeof current !== "object" || !Object.prototype.hasOwnProperty.call(current, key)) {
      throw new Error(`nothing at ${walked.join(" > ")}`);
    }
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function operation(doc: unknown, routeKey: string): Node {
  const space = routeKey.indexOf(" ");
  const method = routeKey.slice(0, space).toLowerCase();
  const path = routeKey.slice(space + 1);
  return node(at(doc, "paths", path, method), routeKey);
}

export function bodySchema(doc: unknown, routeKey: string, contentType = "application/json"): Node {
  return node(at(operation(doc, routeKey), "requestBody", "content", contentType, "schema"), `${routeKey} body schema`);
}

export function responseSchema(doc: unknown, routeKey: string, status: number | string = 200, contentType = "application/json"): Node {
  return node(at(operation(doc, routeKey), "responses", String(status), "content", contentType, "schema"), `${routeKey} ${status} schema`);
}

export function parameters(doc: unknown, routeKey: string): Node[] {
  const list = at(operation(doc, routeKey), "parameters");
  if (!Array.isArray(list)) throw new Error(`${routeKey} has no parameter list`);
  return list.map((p) => node(p, "parameter"));
}

export function parameter(doc: unknown, routeKey: string, name: string, location?: string): Node {
  const found = parameters(doc, routeKey).find((p) => p.name === name && (location === undefined || p.in === location));
  if (!found) throw new Error(`${routeKey} has no parameter ${name}`);
  return found;
}

export function componentNames(doc: unknown): string[] {
  const components = node(doc).components;
  if (!isNode(components) || !isNode(components.schemas)) return [];
  return Object.keys(components.schemas);
}

export function component(doc: unknown, name: string): Node {
  return node(at(doc, "components", "schemas", name), `components.schemas.${name}`);
}

const COMPONENT_PREFIX = "#/components/schemas/";

/** The component a `{ $ref }` points at, or undefined when `schema` is not a component reference. */
export function refName(schema: unknown): string | undefined {
  if (!isNode(schema) || typeof schema.$ref !== "string" || !schema.$ref.startsWith(COMPONENT_PREFIX)) return undefined;
  return decodePointer(schema.$ref.slice(COMPONENT_PREFIX.length));
}

function decodePointer(segment: string): string {
  return decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Follows `$ref`s from `schema` until a schema without one. */
export function deref(doc: unknown, schema: unknown): Node {
  let current = node(schema);
  for (let hops = 0; typeof current.$ref === "string"; hops++) {
    if (hops > 50) throw new Error("a $ref chain without end");
    current = node(resolvePointer(doc, current.$ref), current.$ref);
  }
  return current;
}

/** Every component name reachable from `schema` through `$ref`s, transitively. */
export function reachableComponents(doc: unknown, schema: unknown): Set<string> {
  const names = new Set<string>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") {
        const name = refName(value);
        if (name !== undefined && !names.has(name)) {
          names.add(name);
          stack.push(component(doc, name));
        }
      } else if (!DATA_KEYWORDS.has(key)) {
        stack.push(child);
      }
    }
  }
  return names;
}

/** Every `$ref` string in the document (data values excluded). */
export function allRefs(doc: unknown): string[] {
  const refs: string[] = [];
  for (const { schema } of schemaNodes(doc)) if (typeof schema.$ref === "string") refs.push(schema.$ref);
  return refs;
}

// ---------------------------------------------------------------------------------------
// Walking Schema Objects

const DATA_KEYWORDS: ReadonlySet<string> = new Set(["enum", "const", "default", "example", "examples"]);
const ONE_SCHEMA = ["not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema", "additionalProperties"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

export interface SchemaSite {
  schema: Node;
  where: string;
}

/** The Schema Objects where a document holds schemas: components, parameters, bodies, responses, headers. */
export function schemaRoots(doc: unknown): SchemaSite[] {
  const roots: SchemaSite[] = [];
  const d = node(doc);
  if (isNode(d.components) && isNode(d.components.schemas)) {
    for (const [name, schema] of Object.entries(d.components.schemas)) roots.push({ schema: node(schema), where: `components.schemas.${name}` });
  }
  const media = (content: unknown, where: string) => {
    if (!isNode(content)) return;
    for (const [type, entry] of Object.entries(content)) if (isNode(entry) && isNode(entry.schema)) roots.push({ schema: entry.schema, where: `${where}.content[${type}]` });
  };
  for (const group of ["paths", "webhooks"]) {
    const items = d[group];
    if (!isNode(items)) continue;
    for (const [path, item] of Object.entries(items)) {
      if (!isNode(item)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (!isNode(op)) continue;
        const where = `${group}[${path}].${method}`;
        if (Array.isArray(op.parameters)) {
          for (const p of op.parameters) if (isNode(p) && isNode(p.schema)) roots.push({ schema: p.schema, where: `${where}.parameters[${String(p.name)}]` });
        }
        if (isNode(op.requestBody)) media(op.requestBody.content, `${where}.requestBody`);
        if (isNode(op.responses)) {
          for (const [status, response] of Object.entries(op.responses)) {
            if (!isNode(response)) continue;
            media(response.content, `${where}.responses[${status}]`);
            if (isNode(response.headers)) {
              for (const [name, header] of Object.entries(response.headers)) if (isNode(header) && isNode(header.schema)) roots.push({ schema: header.schema, where: `${where}.responses[${status}].headers[${name}]` });
            }
          }
        }
      }
    }
  }
  return roots;
}

/** Every Schema Object of the document, each root and everything below it by schema keyword. Iterative. */
export function schemaNodes(doc: unknown): SchemaSite[] {
  const out: SchemaSite[] = [];
  const stack = schemaRoots(doc);
  while (stack.length > 0) {
    const site = stack.pop() as SchemaSite;
    out.push(site);
    const s = site.schema;
    for (const key of ONE_SCHEMA) if (isNode(s[key])) stack.push({ schema: s[key] as Node, where: `${site.where}.${key}` });
    if (isNode(s.items)) stack.push({ schema: s.items, where: `${site.where}.items` });
    for (const key of [...SCHEMA_LISTS, ...(Array.isArray(s.items) ? ["items"] : [])]) {
      const list = s[key];
      if (Array.isArray(list)) list.forEach((child, i) => isNode(child) && stack.push({ schema: child, where: `${site.where}.${key}[${i}]` }));
    }
    for (const key of SCHEMA_MAPS) {
      const map = s[key];
      if (isNode(map)) for (const [name, child] of Object.entries(map)) if (isNode(child)) stack.push({ schema: child, where: `${site.where}.${key}[${name}]` });
    }
  }
  return out;
}

const OPENAPI_30_TYPES = new Set(["array", "boolean", "integer", "number", "object", "string"]);

/**
 * What the official validator lets through but a document of this version must not have.
 * Both: JSON Schema identifiers or a Zod root `id` keyword, and `$ref`s that are not
 * component references. 3.0.3: `type` a single 3.0 type, no `const`/`examples`/`prefixItems`,
 * boolean exclusive bounds, no siblings beside `$ref` (3.0 ignores them). 3.1.0: no `nullable`
 * (not a 3.1 keyword), numeric exclusive bounds.
 */
export function dialectProblems(doc: unknown): string[] {
  const version = String(node(doc).openapi);
  const problems: string[] = [];
  for (const { schema: s, where } of schemaNodes(doc)) {
    for (const key of ["$schema", "$id", "$defs", "definitions", "id"]) if (Object.prototype.hasOwnProperty.call(s, key)) problems.push(`${where}: has ${key}`);
    if (typeof s.$ref === "string" && !s.$ref.startsWith(COMPONENT_PREFIX)) problems.push(`${where}: $ref ${s.$ref} is not a component reference`);
    if (version.startsWith("3.0")) {
      if ("type" in s && !(typeof s.type === "string" && OPENAPI_30_TYPES.has(s.type))) problems.push(`${where}: type ${JSON.stringify(s.type)} is not a 3.0 type`);
      for (const key of ["const", "examples", "prefixItems"]) if (key in s) problems.push(`${where}: has ${key}, which 3.0 lacks`);
      for (const key of ["exclusiveMinimum", "exclusiveMaximum"]) if (key in s && typeof s[key] !== "boolean") problems.push(`${where}: ${key} must be a boolean in 3.0`);
      if (typeof s.$ref === "string" && Object.keys(s).length > 1) problems.push(`${where}: $ref has siblings (${Object.keys(s).join(", ")}), which 3.0 ignores`);
    } else {
      if ("nullable" in s) problems.push(`${where}: nullable is not a 3.1 keyword`);
      for (const key of ["exclusiveMinimum", "exclusiveMaximum"]) if (key in s && typeof s[key] !== "number") problems.push(`${where}: ${key} must be a number in 3.1`);
    }
  }
  return problems;
}

/** The checks every produced document gets: official validator, resolving `$ref`s, no leftovers, dialect. */
export async function expectCleanDocument(doc: unknown): Promise<void> {
  await expectValidOpenAPI(doc);
  expect(leftoverKeys(doc), "no $schema/$id/$defs/definitions key may remain").toEqual([]);
  expect(dialectProblems(doc), `Schema Objects must be ${String(node(doc).openapi)} Schema Objects`).toEqual([]);
}

// ---------------------------------------------------------------------------------------
// What a Schema Object accepts

type Dialect = "3.0" | "3.1";

interface Evaluation {
  root: unknown;
  dialect: Dialect;
}

/** Whether `schema`, a Schema Object of `doc`, accepts `value`, by the semantics of `doc`'s version. */
export function accepts(doc: unknown, schema: unknown, value: unknown): boolean {
  const dialect: Dialect = String(node(doc).openapi).startsWith("3.0") ? "3.0" : "3.1";
  return evaluate(schema, value, { root: doc, dialect }, 0);
}

/** Whether a JSON Schema 2020-12 document (refs relative to itself) accepts `value`. */
export function jsonSchemaAccepts(root: unknown, value: unknown): boolean {
  return evaluate(root, value, { root, dialect: "3.1" }, 0);
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) throw new Error(`cannot follow $ref ${ref}`);
  return at(root, ...ref.slice(2).split("/").map(decodePointer));
}

const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title", "description", "default", "example", "examples", "deprecated", "readOnly", "writeOnly", "format",
  "discriminator", "xml", "externalDocs", "$comment", "contentEncoding", "contentMediaType", "$schema", "$id", "$defs", "definitions", "$anchor",
]);

function typeMatches(value: unknown, type: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "array":
      return Array.isArray(value);
    case "object":
      return isNode(value);
    default:
      throw new Error(`unknown type ${JSON.stringify(type)}`);
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal((a as Node)[k], (b as Node)[k]));
}

function evaluate(schema: unknown, value: unknown, ctx: Evaluation, depth: number): boolean {
  if (depth > 500) throw new Error("schema evaluation does not terminate");
  if (schema === true) return true;
  if (schema === false) return false;
  const s = node(schema, "a schema");
  if (typeof s.$ref === "string") {
    if (!evaluate(resolvePointer(ctx.root, s.$ref), value, ctx, depth + 1)) return false;
    if (ctx.dialect === "3.0") return true; // 3.0: other properties of a Reference Object SHALL be ignored
  }
  const sub = (child: unknown, v: unknown) => evaluate(child, v, ctx, depth + 1);
  const is30 = ctx.dialect === "3.0";
  for (const [key, arg] of Object.entries(s)) {
    if (key === "$ref" || key.startsWith("x-") || ANNOTATIONS.has(key)) continue;
    let holds: boolean;
    switch (key) {
      case "type":
        if (is30) {
          if (typeof arg !== "string") throw new Error(`3.0 type must be a string: ${JSON.stringify(arg)}`);
          holds = typeMatches(value, arg) || (value === null && s.nullable === true);
        } else {
          holds = (Array.isArray(arg) ? arg : [arg]).some((t) => typeMatches(value, t));
        }
        break;
      case "nullable":
        if (!is30) throw new Error("nullable is not a 3.1 keyword");
        holds = true; // folded into `type` above; without `type` it has no effect
        break;
      case "enum":
        holds = (arg as unknown[]).some((member) => equal(member, value));
        break;
      case "const":
        if (is30) throw new Error("const is not a 3.0 keyword");
        holds = equal(arg, value);
        break;
      case "minimum":
        holds = typeof value !== "number" || (is30 && s.exclusiveMinimum === true ? value > (arg as number) : value >= (arg as number));
        break;
      case "maximum":
        holds = typeof value !== "number" || (is30 && s.exclusiveMaximum === true ? value < (arg as number) : value <= (arg as number));
        break;
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        if (is30) {
          if (typeof arg !== "boolean") throw new Error(`3.0 ${key} must be a boolean`);
          holds = true; // modifies minimum / maximum
        } else {
          if (typeof arg !== "number") throw new Error(`3.1 ${key} must be a number`);
          holds = typeof value !== "number" || (key === "exclusiveMinimum" ? value > arg : value < arg);
        }
        break;
      case "multipleOf":
        holds = typeof value !== "number" || Math.abs(value / (arg as number) - Math.round(value / (arg as number))) < 1e-9;
        break;
      case "minLength":
        holds = typeof value !== "string" || [...value].length >= (arg as number);
        break;
      case "maxLength":
        holds = typeof value !== "string" || [...value].length <= (arg as number);
        break;
      case "pattern":
        holds = typeof value !== "string" || new RegExp(arg as string, "u").test(value);
        break;
      case "minItems":
        holds = !Array.isArray(value) || value.length >= (arg as number);
        break;
      case "maxItems":
        holds = !Array.isArray(value) || value.length <= (arg as number);
        break;
      case "uniqueItems":
        holds = !Array.isArray(value) || arg !== true || value.every((a, i) => value.findIndex((b) => equal(a, b)) === i);
        break;
      case "items": {
        if (Array.isArray(arg)) throw new Error("draft-07 tuple items are neither 3.0 nor 3.1");
        const skip = !is30 && Array.isArray(s.prefixItems) ? s.prefixItems.length : 0;
        holds = !Array.isArray(value) || value.slice(skip).every((item) => sub(arg, item));
        break;
      }
      case "prefixItems":
        if (is30) throw new Error("prefixItems is not a 3.0 keyword");
        holds = !Array.isArray(value) || (arg as unknown[]).every((child, i) => i >= value.length || sub(child, value[i]));
        break;
      case "contains":
        if (is30) throw new Error("contains is not a 3.0 keyword");
        holds = !Array.isArray(value) || value.some((item) => sub(arg, item));
        break;
      case "properties":
        holds = !isNode(value) || Object.entries(arg as Node).every(([name, child]) => !Object.prototype.hasOwnProperty.call(value, name) || sub(child, value[name]));
        break;
      case "required":
        holds = !isNode(value) || (arg as string[]).every((name) => Object.prototype.hasOwnProperty.call(value, name));
        break;
      case "additionalProperties": {
        const known = isNode(s.properties) ? s.properties : {};
        const patterns = !is30 && isNode(s.patternProperties) ? Object.keys(s.patternProperties) : [];
        holds =
          !isNode(value) ||
          Object.keys(value).every((name) => Object.prototype.hasOwnProperty.call(known, name) || patterns.some((p) => new RegExp(p, "u").test(name)) || sub(arg, value[name]));
        break;
      }
      case "patternProperties":
        if (is30) throw new Error("patternProperties is not a 3.0 keyword");
        holds = !isNode(value) || Object.entries(arg as Node).every(([p, child]) => Object.keys(value).every((name) => !new RegExp(p, "u").test(name) || sub(child, value[name])));
        break;
      case "propertyNames":
        if (is30) throw new Error("propertyNames is not a 3.0 keyword");
        holds = !isNode(value) || Object.keys(value).every((name) => sub(arg, name));
        break;
      case "minProperties":
        holds = !isNode(value) || Object.keys(value).length >= (arg as number);
        break;
      case "maxProperties":
        holds = !isNode(value) || Object.keys(value).length <= (arg as number);
        break;
      case "dependentRequired":
        if (is30) throw new Error("dependentRequired is not a 3.0 keyword");
        holds = !isNode(value) || Object.entries(arg as Record<string, string[]>).every(([name, needs]) => !(name in value) || needs.every((n) => n in value));
        break;
      case "allOf":
        holds = (arg as unknown[]).every((child) => sub(child, value));
        break;
      case "anyOf":
        holds = (arg as unknown[]).some((child) => sub(child, value));
        break;
      case "oneOf":
        holds = (arg as unknown[]).filter((child) => sub(child, value)).length === 1;
        break;
      case "not":
        holds = !sub(arg, value);
        break;
      case "if":
        if (is30) throw new Error("if is not a 3.0 keyword");
        holds = sub(arg, value) ? s.then === undefined || sub(s.then, value) : s.else === undefined || sub(s.else, value);
        break;
      case "then":
      case "else":
        holds = true; // evaluated with `if`
        break;
      default:
        throw new Error(`accepts(): keyword "${key}" is outside what these tests evaluate`);
    }
    if (!holds) return false;
  }
  return true;
}

/** Asserts each value's acceptance, naming the value in the failure. */
export function expectAcceptance(doc: unknown, schema: unknown, accept: readonly unknown[], reject: readonly unknown[], label = ""): void {
  for (const value of accept) expect(accepts(doc, schema, value), `${label} must accept ${JSON.stringify(value)}`).toBe(true);
  for (const value of reject) expect(accepts(doc, schema, value), `${label} must reject ${JSON.stringify(value)}`).toBe(false);
}

// ---------------------------------------------------------------------------------------
// Hand-made Standard JSON Schemas

export type Side = "input" | "output";

/** A StandardJSONSchemaV1 whose converter is `produce`. */
export function handMade(produce: (side: Side, target: string) => unknown, vendor = "hand-made"): StandardJSONSchemaV1 {
  return {
    "~standard": {
      version: 1,
      vendor,
      jsonSchema: {
        input: (options) => produce("input", options.target) as Record<string, unknown>,
        output: (options) => produce("output", options.target) as Record<string, unknown>,
      },
    },
  };
}

/** A hand-made schema returning (a fresh copy of) the same JSON Schema for every side and target. */
export function fixed(json: unknown, vendor?: string): StandardJSONSchemaV1 {
  return handMade(() => structuredClone(json), vendor);
}

/** Wraps a real schema so every converter call is recorded as `side:target`. */
export function recording(schema: StandardJSONSchemaV1): { schema: StandardJSONSchemaV1; calls: string[] } {
  const props = schema["~standard"];
  const converter = props.jsonSchema;
  const calls: string[] = [];
  const wrapped: StandardJSONSchemaV1 = {
    "~standard": {
      version: 1,
      vendor: props.vendor,
      jsonSchema: {
        input: (options) => {
          calls.push(`input:${options.target}`);
          return converter.input(options);
        },
        output: (options) => {
          calls.push(`output:${options.target}`);
          return converter.output(options);
        },
      },
    },
  };
  return { schema: wrapped, calls };
}

/** Runs `fn`, expecting it to throw, and returns what it threw. */
export function thrown(fn: () => unknown): { code?: unknown; message: string; cause?: unknown; name?: unknown } {
  try {
    fn();
  } catch (error) {
    return error as { code?: unknown; message: string; cause?: unknown };
  }
  throw new Error("expected an error, but nothing was thrown");
}
