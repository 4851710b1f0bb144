/**
 * What a schema asks of a value, as one conjunction: its `$ref`s followed and its `allOf`
 * parts folded in (bounds tightened, types and enums intersected, properties gathered with
 * every part's schemas), read the same way in OpenAPI 3.0's dialect and in 2020-12. The
 * `anyOf`/`oneOf` choices stay as groups for ./shapes.ts to expand. Iterative.
 */
import { canonicalJson } from "../internal/canonical-json";
import { getOwn, hasOwn, isObject } from "../internal/own";
import type { SchemaDocument } from "./schema-document";

export type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";
export const JSON_TYPES: readonly JsonType[] = ["null", "boolean", "integer", "number", "string", "array", "object"];

export interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

/** One part's `additionalProperties`: it applies to the names that part does not declare. */
export interface Additional {
  readonly declared: ReadonlySet<string>;
  readonly patterns: readonly string[];
  readonly schema: unknown | false;
}

/** One part's `prefixItems` and `items`: `items` applies past the prefix. */
export interface ItemRule {
  readonly prefix: readonly unknown[];
  readonly rest: unknown | false | undefined;
}

export interface Group {
  readonly kind: "anyOf" | "oneOf";
  readonly branches: readonly unknown[];
  /** The discriminator beside the group: its property, and the value naming each branch by `$ref`. */
  readonly discriminator: { readonly property: string; readonly mapping: ReadonlyMap<string, string> } | undefined;
}

export interface Conj {
  /** The last `$ref` followed, for messages. */
  where: string | undefined;
  /** Why no value can satisfy it (`false`, a `$ref` to nowhere, empty intersections). */
  never: string | undefined;
  types: Set<JsonType> | undefined;
  enum: unknown[] | undefined;
  /** The keyword the enum came from: `enum` wherever one is, else `const`. */
  enumKeyword: "enum" | "const";
  minimum: Bound | undefined;
  maximum: Bound | undefined;
  multipleOf: number[];
  minLength: number;
  maxLength: number | undefined;
  patterns: string[];
  formats: string[];
  properties: Map<string, unknown[]>;
  patternProperties: { pattern: string; schema: unknown }[];
  additional: Additional[];
  /** `unevaluatedProperties: false`: closed once every part's properties are known. */
  closed: boolean;
  propertyNames: unknown[];
  required: Set<string>;
  minProperties: number;
  maxProperties: number | undefined;
  dependentRequired: Map<string, Set<string>>;
  items: ItemRule[];
  minItems: number;
  maxItems: number | undefined;
  uniqueItems: boolean;
  contains: unknown[];
  minContains: number;
  maxContains: number | undefined;
  not: unknown[];
  readOnly: boolean;
  writeOnly: boolean;
  groups: Group[];
  /** Keywords read as annotations only (`if`, `dependentSchemas`...): values are not made to fit them. */
  unsupported: Set<string>;
}

export function emptyConj(): Conj {
  return {
    where: undefined, never: undefined, types: undefined, enum: undefined, enumKeyword: "const", minimum: undefined, maximum: undefined, multipleOf: [],
    minLength: 0, maxLength: undefined, patterns: [], formats: [], properties: new Map(), patternProperties: [], additional: [], closed: false,
    propertyNames: [], required: new Set(), minProperties: 0, maxProperties: undefined, dependentRequired: new Map(), items: [],
    minItems: 0, maxItems: undefined, uniqueItems: false, contains: [], minContains: 1, maxContains: undefined, not: [],
    readOnly: false, writeOnly: false, groups: [], unsupported: new Set(),
  };
}

const UNSUPPORTED = ["if", "dependentSchemas", "unevaluatedItems", "$dynamicRef", "$recursiveRef"];

/** The conjunction of `nodes` (each a schema of `source`): every `$ref` and `allOf` part folded in. */
export function conjunction(source: SchemaDocument, nodes: readonly unknown[]): Conj {
  const acc = emptyConj();
  const seen = new Set<unknown>();
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (seen.has(node)) continue;
    seen.add(node);
    if (node === false) acc.never ??= "the schema is false";
    if (!isObject(node)) continue;
    const ref = getOwn(node, "$ref");
    if (typeof ref === "string") {
      const found = source.resolve(ref);
      if ("missing" in found) acc.never ??= found.missing;
      else {
        acc.where = ref;
        stack.push(found.node);
      }
      // OpenAPI 3.0: "properties adjacent to $ref are ignored".
      if (source.dialect === "3.0") continue;
    }
    addKeywords(acc, node, source);
    const allOf = getOwn(node, "allOf");
    if (Array.isArray(allOf)) for (let i = allOf.length - 1; i >= 0; i--) stack.push(allOf[i]);
  }
  return acc;
}

const number = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined);
const most = (current: number | undefined, next: number | undefined) => (next === undefined ? current : current === undefined ? next : Math.min(current, next));

function addKeywords(acc: Conj, node: Record<string, unknown>, source: SchemaDocument): void {
  const get = (key: string) => getOwn(node, key);
  addType(acc, node, source);
  if (Array.isArray(get("enum"))) {
    intersectEnum(acc, get("enum") as unknown[]);
    acc.enumKeyword = "enum";
  }
  if (hasOwn(node, "const")) intersectEnum(acc, [get("const")]);
  addBounds(acc, node, source);
  const multipleOf = number(get("multipleOf"));
  if (multipleOf !== undefined && multipleOf > 0) acc.multipleOf.push(multipleOf);
  acc.minLength = Math.max(acc.minLength, count(get("minLength")) ?? 0);
  acc.maxLength = most(acc.maxLength, count(get("maxLength")));
  if (typeof get("pattern") === "string") acc.patterns.push(get("pattern") as string);
  if (typeof get("format") === "string") acc.formats.push(get("format") as string);
  addObjectKeywords(acc, node);
  addArrayKeywords(acc, node, source);
  if (hasOwn(node, "not")) acc.not.push(get("not"));
  if (get("readOnly") === true) acc.readOnly = true;
  if (get("writeOnly") === true) acc.writeOnly = true;
  for (const kind of ["anyOf", "oneOf"] as const) {
    const branches = get(kind);
    if (Array.isArray(branches)) acc.groups.push({ kind, branches, discriminator: discriminatorOf(get("discriminator")) });
  }
  for (const keyword of UNSUPPORTED) if (hasOwn(node, keyword)) acc.unsupported.add(keyword);
}

function addType(acc: Conj, node: Record<string, unknown>, source: SchemaDocument): void {
  const type = getOwn(node, "type");
  const list = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (list === undefined) return;
  const own = new Set(list.filter((entry): entry is JsonType => (JSON_TYPES as readonly unknown[]).includes(entry)));
  // 3.0: "A true value adds "null" to the allowed types specified by the type keyword".
  if (source.dialect === "3.0" && getOwn(node, "nullable") === true) own.add("null");
  if (own.has("number")) own.add("integer");
  acc.types = acc.types === undefined ? own : new Set([...acc.types].filter((entry) => own.has(entry)));
  if (acc.types.size === 0) acc.never ??= "its parts allow no type in common";
}

function intersectEnum(acc: Conj, values: readonly unknown[]): void {
  if (acc.enum === undefined) {
    acc.enum = [...values];
  } else {
    const keys = new Set(values.map(canonicalJson));
    acc.enum = acc.enum.filter((value) => keys.has(canonicalJson(value)));
  }
  if (acc.enum.length === 0) acc.never ??= "no value is in every enum";
}

/** Numeric bounds, 3.0's boolean `exclusiveMinimum` and 2020-12's numeric one alike; the tightest wins. */
function addBounds(acc: Conj, node: Record<string, unknown>, source: SchemaDocument): void {
  for (const [side, inclusive, exclusive, sign] of [["minimum", "minimum", "exclusiveMinimum", 1], ["maximum", "maximum", "exclusiveMaximum", -1]] as const) {
    const value = number(getOwn(node, inclusive));
    const flag = getOwn(node, exclusive);
    const candidates: Bound[] = [];
    if (value !== undefined) candidates.push({ value, exclusive: source.dialect === "3.0" && flag === true });
    if (source.dialect === "2020-12" && number(flag) !== undefined) candidates.push({ value: flag as number, exclusive: true });
    for (const bound of candidates) acc[side] = tighter(acc[side], bound, sign);
  }
}

function tighter(current: Bound | undefined, next: Bound, sign: number): Bound {
  if (current === undefined) return next;
  const delta = sign * (next.value - current.value);
  return delta > 0 || (delta === 0 && next.exclusive) ? next : current;
}

function addObjectKeywords(acc: Conj, node: Record<string, unknown>): void {
  const get = (key: string) => getOwn(node, key);
  const properties = get("properties");
  const declared = new Set<string>();
  if (isObject(properties)) {
    for (const name of Object.keys(properties)) {
      declared.add(name);
      const list = acc.properties.get(name);
      if (list === undefined) acc.properties.set(name, [properties[name]]);
      else list.push(properties[name]);
    }
  }
  const patterns: string[] = [];
  const patternProperties = get("patternProperties");
  if (isObject(patternProperties)) {
    for (const pattern of Object.keys(patternProperties)) {
      patterns.push(pattern);
      acc.patternProperties.push({ pattern, schema: patternProperties[pattern] });
    }
  }
  const additional = get("additionalProperties");
  if (additional === false || isObject(additional)) acc.additional.push({ declared, patterns, schema: additional });
  if (get("unevaluatedProperties") === false) acc.closed = true;
  if (hasOwn(node, "propertyNames")) acc.propertyNames.push(get("propertyNames"));
  const required = get("required");
  if (Array.isArray(required)) for (const name of required) if (typeof name === "string") acc.required.add(name);
  acc.minProperties = Math.max(acc.minProperties, count(get("minProperties")) ?? 0);
  acc.maxProperties = most(acc.maxProperties, count(get("maxProperties")));
  const dependent = get("dependentRequired");
  if (isObject(dependent)) {
    for (const name of Object.keys(dependent)) {
      const list = dependent[name];
      if (!Array.isArray(list)) continue;
      const set = acc.dependentRequired.get(name) ?? new Set<string>();
      for (const other of list) if (typeof other === "string") set.add(other);
      acc.dependentRequired.set(name, set);
    }
  }
}

function addArrayKeywords(acc: Conj, node: Record<string, unknown>, source: SchemaDocument): void {
  const get = (key: string) => getOwn(node, key);
  const prefix = source.dialect === "2020-12" && Array.isArray(get("prefixItems")) ? (get("prefixItems") as unknown[]) : [];
  const items = get("items");
  const rest = items === false ? false : isObject(items) || items === true ? items : undefined;
  if (Array.isArray(items)) acc.unsupported.add("items (an array)");
  if (prefix.length > 0 || rest !== undefined) acc.items.push({ prefix, rest });
  acc.minItems = Math.max(acc.minItems, count(get("minItems")) ?? 0);
  acc.maxItems = most(acc.maxItems, count(get("maxItems")));
  if (get("uniqueItems") === true) acc.uniqueItems = true;
  if (hasOwn(node, "contains")) {
    acc.contains.push(get("contains"));
    acc.minContains = Math.max(acc.minContains, count(get("minContains")) ?? 1);
    acc.maxContains = most(acc.maxContains, count(get("maxContains")));
  }
}

function discriminatorOf(value: unknown): Group["discriminator"] {
  if (!isObject(value) || typeof getOwn(value, "propertyName") !== "string") return undefined;
  const mapping = new Map<string, string>();
  const given = getOwn(value, "mapping");
  if (isObject(given)) for (const key of Object.keys(given)) if (typeof given[key] === "string") mapping.set(key, given[key] as string);
  return { property: getOwn(value, "propertyName") as string, mapping };
}

/** The conjunction of two: what both ask (used to add a chosen branch to the rest of its schema). */
export function intersect(a: Conj, b: Conj): Conj {
  const out = emptyConj();
  out.where = b.where ?? a.where;
  out.never = a.never ?? b.never;
  out.types = a.types === undefined ? b.types : b.types === undefined ? a.types : new Set([...a.types].filter((type) => b.types?.has(type)));
  if (out.types?.size === 0) out.never ??= "its parts allow no type in common";
  out.enum = a.enum;
  if (b.enum !== undefined) intersectEnum(out, b.enum);
  out.enumKeyword = a.enum !== undefined && a.enumKeyword === "enum" ? "enum" : b.enum !== undefined ? b.enumKeyword : a.enumKeyword;
  for (const bound of [a.minimum, b.minimum]) if (bound !== undefined) out.minimum = tighter(out.minimum, bound, 1);
  for (const bound of [a.maximum, b.maximum]) if (bound !== undefined) out.maximum = tighter(out.maximum, bound, -1);
  out.multipleOf = [...a.multipleOf, ...b.multipleOf];
  out.minLength = Math.max(a.minLength, b.minLength);
  out.maxLength = most(a.maxLength, b.maxLength);
  out.patterns = [...a.patterns, ...b.patterns];
  out.formats = [...a.formats, ...b.formats];
  for (const side of [a, b]) for (const [name, list] of side.properties) out.properties.set(name, [...(out.properties.get(name) ?? []), ...list]);
  out.patternProperties = [...a.patternProperties, ...b.patternProperties];
  out.additional = [...a.additional, ...b.additional];
  out.closed = a.closed || b.closed;
  out.propertyNames = [...a.propertyNames, ...b.propertyNames];
  out.required = new Set([...a.required, ...b.required]);
  out.minProperties = Math.max(a.minProperties, b.minProperties);
  out.maxProperties = most(a.maxProperties, b.maxProperties);
  for (const side of [a, b]) for (const [name, set] of side.dependentRequired) out.dependentRequired.set(name, new Set([...(out.dependentRequired.get(name) ?? []), ...set]));
  out.items = [...a.items, ...b.items];
  out.minItems = Math.max(a.minItems, b.minItems);
  out.maxItems = most(a.maxItems, b.maxItems);
  out.uniqueItems = a.uniqueItems || b.uniqueItems;
  out.contains = [...a.contains, ...b.contains];
  out.minContains = Math.max(a.minContains, b.minContains);
  out.maxContains = most(a.maxContains, b.maxContains);
  out.not = [...a.not, ...b.not];
  out.readOnly = a.readOnly || b.readOnly;
  out.writeOnly = a.writeOnly || b.writeOnly;
  out.groups = [...a.groups, ...b.groups];
  out.unsupported = new Set([...a.unsupported, ...b.unsupported]);
  return out;
}
