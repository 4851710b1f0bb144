import { describeValue } from "../errors";
import { isObject, type JsonObject } from "../internal/own";
import type { SourceDialect } from "./dialect-31";
import { SchemaNodeProblem } from "./rebuild";

/**
 * Is a library's answer JSON Schema? Each keyword's value is checked against what the
 * JSON Schema 2020-12 meta-schemas (core, applicator, validation, meta-data, format,
 * content) allow, plus the draft-07 and OpenAPI 3.0 forms a library may answer with.
 * One node at a time, inside the import's single walk: a child schema is checked as a
 * node of its own, so here a schema-valued keyword needs only the right container.
 */


const SIMPLE_TYPES: ReadonlySet<unknown> = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);
const STRINGS = ["title", "description", "$comment", "format", "contentEncoding", "contentMediaType", "$dynamicRef", "$ref"];
const BOOLEANS = ["deprecated", "readOnly", "writeOnly", "uniqueItems", "nullable"];
const NUMBERS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
const COUNTS = ["maxLength", "minLength", "maxItems", "minItems", "maxContains", "minContains", "maxProperties", "minProperties"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const SCHEMAS = ["not", "if", "then", "else", "contains", "propertyNames", "additionalProperties", "additionalItems", "unevaluatedItems", "unevaluatedProperties", "contentSchema"];
/** Keywords whose value is data of any shape, or an object OpenAPI 3.0 defines. */
const DATA = ["const", "default", "example", "xml", "externalDocs", "$vocabulary", "$schema", "$id", "id"];
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;

type Check = (value: unknown, from: SourceDialect) => string | undefined;

const CHECKS = new Map<string, Check>();
const expected = (what: string, value: unknown) => `expected ${what}, found ${describeValue(value)}`;
for (const key of STRINGS) CHECKS.set(key, (v) => (typeof v === "string" ? undefined : expected("a string", v)));
for (const key of BOOLEANS) CHECKS.set(key, (v) => (typeof v === "boolean" ? undefined : expected("a boolean", v)));
for (const key of COUNTS) CHECKS.set(key, (v) => (Number.isInteger(v) && (v as number) >= 0 ? undefined : expected("a whole number from 0 up", v)));
for (const key of NUMBERS) {
  // OpenAPI 3.0 writes exclusive bounds as booleans beside minimum/maximum.
  const booleanForm = key.startsWith("exclusive");
  CHECKS.set(key, (v, from) => (typeof v === "number" || (booleanForm && from === "openapi-3.0" && typeof v === "boolean") ? undefined : expected("a number", v)));
}
for (const key of SCHEMA_LISTS) CHECKS.set(key, (v) => (Array.isArray(v) && v.length > 0 ? undefined : expected("a non-empty array of schemas", v)));
for (const key of SCHEMA_MAPS) CHECKS.set(key, (v) => (isObject(v) ? undefined : expected("an object whose values are schemas", v)));
for (const key of SCHEMAS) CHECKS.set(key, (v) => (isObject(v) || typeof v === "boolean" ? undefined : expected("a schema (an object or a boolean)", v)));
for (const key of DATA) CHECKS.set(key, () => undefined);
CHECKS.set("multipleOf", (v) => (typeof v === "number" && v > 0 ? undefined : expected("a number greater than 0", v)));
CHECKS.set("enum", (v) => (Array.isArray(v) ? undefined : expected("an array", v)));
CHECKS.set("examples", (v) => (Array.isArray(v) ? undefined : expected("an array", v)));
CHECKS.set("required", stringArray);
CHECKS.set("type", checkType);
CHECKS.set("pattern", (v) => (typeof v !== "string" ? expected("a string", v) : isRegex(v) ? undefined : `${JSON.stringify(v)} is not a regular expression`));
for (const key of ["$anchor", "$dynamicAnchor"]) CHECKS.set(key, (v) => (typeof v === "string" && ANCHOR.test(v) ? undefined : expected("a name of letters, digits, '-', '.' and '_'", v)));
CHECKS.set("items", (v, from) => {
  if (isObject(v) || typeof v === "boolean") return undefined;
  // draft-07's tuple form; 2020-12 writes it as prefixItems.
  if (from !== "draft-2020-12" && Array.isArray(v) && v.length > 0) return undefined;
  return expected("a schema (an object or a boolean)", v);
});
CHECKS.set("discriminator", checkDiscriminator);
CHECKS.set("dependentRequired", (v) => (isObject(v) ? undefined : expected("an object whose values are arrays of property names", v)));
CHECKS.set("dependencies", (v) => (isObject(v) ? undefined : expected("an object whose values are schemas or arrays of property names", v)));

/**
 * Empty lists the meta-schemas forbid but libraries write for legitimate schemas (Zod's and
 * Valibot's `tuple([])`: `prefixItems: []`, draft-07 `items: []`, OpenAPI 3.0
 * `items: { anyOf: [] }`), rewritten to what they mean rather than refused: no prefix
 * (`items`, or draft-07's `additionalItems`, then covers every item), no `allOf`
 * constraint, and for `anyOf: []` or `oneOf: []` (no branch can match) a node that accepts
 * nothing (`not: {}`). Changes `node` in place; what it adds is frozen, as its children are.
 */
export function withoutEmptyLists(node: unknown, from: SourceDialect): void {
  if (!isObject(node)) return;
  if (isEmptyList(node.prefixItems)) delete node.prefixItems;
  if (from !== "draft-2020-12" && isEmptyList(node.items)) {
    if (node.additionalItems === undefined) delete node.items;
    else node.items = node.additionalItems;
    delete node.additionalItems;
  }
  if (isEmptyList(node.allOf)) delete node.allOf;
  for (const key of ["anyOf", "oneOf"]) {
    if (!isEmptyList(node[key])) continue;
    delete node[key];
    const nothing = Object.freeze({ not: Object.freeze({}) });
    if (node.not === undefined) node.not = nothing.not;
    else node.allOf = Object.freeze(Array.isArray(node.allOf) ? [...(node.allOf as unknown[]), nothing] : [nothing]);
  }
}

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/**
 * Checks one schema node as the library gave it (children already rebuilt). Throws a
 * SchemaNodeProblem (path relative to the node) at the first wrong keyword. A schema is an
 * object or a boolean. With `refsInData`, a `$ref` inside an unknown keyword's value is one
 * too (see `refInData`). One pass over the node's keys.
 */
export function checkSchemaNode(node: unknown, from: SourceDialect, refsInData: boolean): void {
  if (typeof node === "boolean") return;
  if (!isObject(node)) throw new SchemaNodeProblem([], expected("a schema (an object or a boolean)", node));
  for (const key of Object.keys(node)) checkKeyword(key, node[key], from, refsInData);
}

/** One keyword of a schema node, as checkSchemaNode checks each (for walks that meet the keywords one by one). */
export function checkKeyword(key: string, value: unknown, from: SourceDialect, refsInData: boolean): void {
  const check = CHECKS.get(key);
  if (check === undefined) {
    if (refsInData && value !== null && typeof value === "object" && !key.startsWith("x-")) refInData(key, value);
    return;
  }
  const problem = check(value, from);
  if (problem !== undefined) throw new SchemaNodeProblem([key], problem);
  if (isObject(value) && MAP_KEYWORDS.has(key)) mapValues(key, value, from);
}

const MAP_KEYWORDS: ReadonlySet<string> = new Set([...SCHEMA_MAPS, "dependentRequired", "dependencies"]);

/**
 * The entries of a map keyword the walk does not check as schema nodes: arrays in a map of
 * schemas (the walk reads them as data), `patternProperties` keys (regular expressions),
 * `dependentRequired` and draft-07 `dependencies` lists of property names.
 */
function mapValues(keyword: string, map: JsonObject, from: SourceDialect): void {
  for (const key of Object.keys(map)) {
    const value = map[key];
    if (keyword === "patternProperties" && !isRegex(key)) throw new SchemaNodeProblem([keyword, key], `${JSON.stringify(key)} is not a regular expression`);
    if (keyword === "dependentRequired" || (keyword === "dependencies" && Array.isArray(value))) {
      const problem = stringArray(value, from);
      if (problem !== undefined) throw new SchemaNodeProblem([keyword, key], problem);
    } else if (keyword !== "dependencies" && Array.isArray(value)) {
      throw new SchemaNodeProblem([keyword, key], expected("a schema (an object or a boolean)", value));
    }
  }
}

function stringArray(value: unknown, _from?: SourceDialect): string | undefined {
  if (!Array.isArray(value)) return expected("an array of property names", value);
  // Most lists are short: compared pairwise, they need no set.
  const seen = value.length > 16 ? new Set<string>() : undefined;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== "string") return `expected an array of property names, found ${describeValue(item)} at [${i}]`;
    if (seen ? seen.has(item) : value.indexOf(item) < i) return `${JSON.stringify(item)} is listed twice; the names must be unique`;
    seen?.add(item);
  }
  return undefined;
}

/** OpenAPI's Discriminator Object: a `propertyName`, and a `mapping` of values to schema names or references. */
function checkDiscriminator(value: unknown): string | undefined {
  if (!isObject(value)) return expected("a Discriminator Object", value);
  if (typeof value.propertyName !== "string") return `expected a Discriminator Object with a string "propertyName", found ${describeValue(value.propertyName)} there`;
  const mapping = value.mapping;
  if (mapping === undefined) return undefined;
  if (!isObject(mapping)) return `expected "mapping" to be an object of strings, found ${describeValue(mapping)}`;
  for (const key of Object.keys(mapping)) {
    if (typeof mapping[key] !== "string") return `expected "mapping" to be an object of strings, found ${describeValue(mapping[key])} at ${JSON.stringify(key)}`;
  }
  return undefined;
}

function checkType(value: unknown): string | undefined {
  // One type, as most nodes have.
  if (typeof value === "string" && SIMPLE_TYPES.has(value)) return undefined;
  const types = Array.isArray(value) ? value : [value];
  if (types.length === 0) return "expected a type or a non-empty array of types, found an empty array";
  const seen = new Set<unknown>();
  for (const type of types) {
    if (!SIMPLE_TYPES.has(type)) return `expected one of "array", "boolean", "integer", "null", "number", "object", "string"${Array.isArray(value) ? " in each entry" : ""}, found ${describeValue(type)}`;
    if (seen.has(type)) return `the type ${JSON.stringify(type)} is listed twice`;
    seen.add(type);
  }
  return undefined;
}

/** ECMA-262 regular expressions, as JSON Schema's "regex" format has them. */
function isRegex(text: string): boolean {
  for (const flags of ["u", ""]) {
    try {
      new RegExp(text, flags);
      return true;
    } catch {
      // Not valid under these flags.
    }
  }
  return false;
}

/**
 * A `$ref` inside the value of a keyword JSON Schema does not define (Zod's
 * `.meta({ see: { $ref } })`) is a problem where the value would reach a 3.1 document. To
 * JSON Schema that value is data, so the import neither resolves nor rewrites it, and what
 * it points at in the library's answer is not where it would point in the document; yet
 * validators and OpenAPI tools (`specloom validate` among them) follow every `$ref` they
 * meet. Rather than guess what was meant, or drop the keyword silently, it is an error
 * naming the keyword. (3.0 drops unknown keywords, so there it never arrives.)
 */
function refInData(keyword: string, value: object): void {
  const stack: [unknown, (string | number)[]][] = [[value, [keyword]]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, (string | number)[]];
    if (current === null || typeof current !== "object") continue;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) if (current[i] !== null && typeof current[i] === "object") stack.push([current[i], [...path, i]]);
      continue;
    }
    for (const child of Object.keys(current)) {
      if (child === "$ref") {
        throw new SchemaNodeProblem([...path, child], `a $ref inside "${keyword}", which is not a JSON Schema keyword: its value is data, so the reference is not resolved, but OpenAPI tools would follow it; give that key another name, or write the reference where a schema keyword holds it`);
      }
      stack.push([(current as JsonObject)[child], [...path, child]]);
    }
  }
}
