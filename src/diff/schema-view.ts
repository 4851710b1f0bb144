/**
 * One schema in a version-neutral form, the form both sides are compared in: `$ref`s
 * followed, `allOf` flattened into one view, 3.0 `nullable` and 3.1 `null` in `type` (or a
 * `{ type: "null" }` branch of `oneOf`/`anyOf`) both a `nullable` flag, boolean and numeric
 * exclusive bounds both a bound with `exclusive`, `const` an enum of one. Annotations
 * (`example`, `examples`, `description`) are not read at all.
 */
import { getOwn, hasOwn, isObject } from "../internal/own";
import { child, type Located, type Side } from "./side";

export interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

export interface SchemaView {
  /** Where the schema is: the first part's place, after its `$ref`. */
  readonly pointer: string;
  /** The component name its first `$ref` named. */
  readonly name: string | undefined;
  readonly title: string | undefined;
  /** Sorted, without `null`; undefined when no part restricts the type. */
  readonly types: readonly string[] | undefined;
  readonly format: string | undefined;
  readonly nullable: boolean;
  /** Without `null` (that is `nullable`). */
  readonly enum: readonly unknown[] | undefined;
  readonly bounds: Readonly<Record<BoundName, Bound | undefined>>;
  readonly pattern: string | undefined;
  /** The parts that define each property (more than one when `allOf` parts share it). */
  readonly properties: ReadonlyMap<string, readonly Located[]>;
  readonly required: ReadonlySet<string>;
  /** `false`: no other property; parts: their schemas; `undefined`: anything. */
  readonly additional: false | readonly Located[] | undefined;
  readonly items: readonly Located[];
  readonly oneOf: readonly Located[] | undefined;
  readonly anyOf: readonly Located[] | undefined;
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
}

export type BoundName = "min" | "max" | "min-length" | "max-length" | "min-items" | "max-items";
const LENGTHS: readonly [BoundName, string][] = [
  ["min-length", "minLength"],
  ["max-length", "maxLength"],
  ["min-items", "minItems"],
  ["max-items", "maxItems"],
];

interface Builder {
  name: string | undefined;
  title: string | undefined;
  types: Set<string> | undefined;
  nullHint: boolean;
  format: string | undefined;
  enum: unknown[] | undefined;
  bounds: Record<BoundName, Bound | undefined>;
  pattern: string | undefined;
  properties: Map<string, Located[]>;
  required: Set<string>;
  additional: false | Located[] | undefined;
  items: Located[];
  oneOf: Located[] | undefined;
  anyOf: Located[] | undefined;
  readOnly: boolean;
  writeOnly: boolean;
}

/**
 * Views of components, per document: a component used by many operations is read once. Only
 * a lone `$ref` is cached, by the node it names (whose place, and so every pointer in its
 * view, is the same wherever it is used); an inline schema is read where it is.
 */
const components = new WeakMap<Side, WeakMap<object, SchemaView>>();

/**
 * Views by the list of parts they were made of: the properties and items of a cached view
 * are the same lists at every use, so a component's whole tree is read once per document.
 */
const byParts = new WeakMap<readonly Located[] | Located, SchemaView>();

/** The view of the schema made of `parts` (one schema, or the parts of an `allOf`). Iterative. */
export function viewOf(side: Side, parts: readonly Located[]): SchemaView {
  // A lone part (a branch, a root) is often asked for in a list made for the question.
  const key = parts.length === 1 ? (parts[0] as Located) : parts;
  let view = byParts.get(key);
  if (view === undefined) byParts.set(key, (view = componentView(side, parts)));
  return view;
}

function componentView(side: Side, parts: readonly Located[]): SchemaView {
  const only = parts.length === 1 ? (parts[0] as Located) : undefined;
  if (only === undefined || !isObject(only.node) || Object.keys(only.node).length !== 1 || typeof getOwn(only.node, "$ref") !== "string") return buildView(side, parts);
  const target = side.follow(only);
  if (!isObject(target.node)) return buildView(side, parts);
  let cache = components.get(side);
  if (cache === undefined) components.set(side, (cache = new WeakMap()));
  const cached = cache.get(target.node);
  if (cached !== undefined && cached.name === target.name) return cached;
  const view = buildView(side, parts);
  cache.set(target.node, view);
  return view;
}

function buildView(side: Side, parts: readonly Located[]): SchemaView {
  const view: Builder = {
    name: undefined, title: undefined, types: undefined, nullHint: false, format: undefined, enum: undefined,
    bounds: { min: undefined, max: undefined, "min-length": undefined, "max-length": undefined, "min-items": undefined, "max-items": undefined },
    pattern: undefined, properties: new Map(), required: new Set(), additional: undefined, items: [], oneOf: undefined, anyOf: undefined, readOnly: false, writeOnly: false,
  };
  let pointer: string | undefined;
  // Nodes, not pointers: a pointer 20,000 levels deep is a long string, hashed it would be copied.
  const seen = new Set<object>();
  const stack = [...parts].reverse();
  while (stack.length > 0) {
    const raw = stack.pop() as Located;
    const part = side.follow(raw);
    pointer ??= part.pointer;
    if (raw === parts[0]) view.name = part.name;
    if (!isObject(part.node) || seen.has(part.node)) continue;
    seen.add(part.node);
    const node = part.node;
    // A $ref with siblings (3.1): the siblings are one more part.
    if (part !== raw && isObject(raw.node) && Object.keys(raw.node).length > 1) addKeywords(view, raw.node, raw.pointer, stack);
    addKeywords(view, node, part.pointer, stack);
  }
  const types = view.types === undefined ? undefined : [...view.types].filter((type) => type !== "null").sort();
  const nullable = view.nullHint || (view.types !== undefined && view.types.has("null"));
  return { ...view, pointer: pointer ?? parts[0]?.pointer ?? "", types, nullable };
}

/** Adds one part's keywords to the view; its `allOf` parts and a lone non-null branch go on `stack`. */
function addKeywords(view: Builder, node: Record<string, unknown>, pointer: string, stack: Located[]): void {
  const get = (key: string) => getOwn(node, key);
  if (view.title === undefined && typeof get("title") === "string") view.title = get("title") as string;
  addType(view, node);
  if (view.format === undefined && typeof get("format") === "string") view.format = get("format") as string;
  if (view.enum === undefined && Array.isArray(get("enum"))) view.enum = (get("enum") as unknown[]).filter((value) => value !== null);
  if (view.enum === undefined && hasOwn(node, "const") && get("const") !== null) view.enum = [get("const")];
  addBounds(view, node);
  if (view.pattern === undefined && typeof get("pattern") === "string") view.pattern = get("pattern") as string;
  const properties = get("properties");
  if (isObject(properties)) {
    for (const name of Object.keys(properties)) {
      const list = view.properties.get(name) ?? [];
      list.push({ node: properties[name], pointer: child(pointer, "properties", name) });
      view.properties.set(name, list);
    }
  }
  const required = get("required");
  if (Array.isArray(required)) for (const name of required) if (typeof name === "string") view.required.add(name);
  const additional = get("additionalProperties");
  if (additional === false) view.additional = false;
  else if (isObject(additional) && view.additional !== false) {
    view.additional ??= [];
    view.additional.push({ node: additional, pointer: child(pointer, "additionalProperties") });
  }
  const items = get("items");
  if (isObject(items)) view.items.push({ node: items, pointer: child(pointer, "items") });
  if (get("readOnly") === true) view.readOnly = true;
  if (get("writeOnly") === true) view.writeOnly = true;
  for (const key of ["oneOf", "anyOf"] as const) addBranches(view, node, pointer, key, stack);
  const allOf = get("allOf");
  if (Array.isArray(allOf)) for (let i = allOf.length - 1; i >= 0; i--) stack.push({ node: allOf[i], pointer: child(pointer, "allOf", i) });
}

/** `type` (a string or a list) and 3.0's `nullable`, intersected with what earlier parts allow. */
function addType(view: Builder, node: Record<string, unknown>): void {
  if (getOwn(node, "nullable") === true) view.nullHint = true;
  const type = getOwn(node, "type");
  const list = typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === "string") : undefined;
  if (list === undefined) return;
  const own = new Set(list);
  if (getOwn(node, "nullable") === true) own.add("null");
  view.types = view.types === undefined ? own : new Set([...view.types].filter((entry) => own.has(entry) || (entry === "integer" && own.has("number"))));
}

/** Numeric bounds, 3.0's boolean `exclusiveMinimum` and 3.1's numeric one alike; the tightest of the parts wins. */
function addBounds(view: Builder, node: Record<string, unknown>): void {
  const get = (key: string) => getOwn(node, key);
  for (const [name, inclusive, exclusive, sign] of [["min", "minimum", "exclusiveMinimum", 1], ["max", "maximum", "exclusiveMaximum", -1]] as const) {
    let bound: Bound | undefined;
    if (typeof get(exclusive) === "number") bound = { value: get(exclusive) as number, exclusive: true };
    if (typeof get(inclusive) === "number") {
      const candidate = { value: get(inclusive) as number, exclusive: get(exclusive) === true };
      if (bound === undefined || sign * (candidate.value - bound.value) > 0) bound = candidate;
    }
    if (bound !== undefined) view.bounds[name] = tighter(view.bounds[name], bound, sign);
  }
  for (const [name, keyword] of LENGTHS) {
    const value = get(keyword);
    if (typeof value === "number") view.bounds[name] = tighter(view.bounds[name], { value, exclusive: false }, name.startsWith("min") ? 1 : -1);
  }
}

function tighter(current: Bound | undefined, next: Bound, sign: number): Bound {
  if (current === undefined) return next;
  const delta = sign * (next.value - current.value);
  return delta > 0 || (delta === 0 && next.exclusive) ? next : current;
}

/**
 * `oneOf`/`anyOf` branches; a `{ type: "null" }` branch is the `nullable` flag instead, and
 * when one branch is left it is one more part, not a choice.
 */
function addBranches(view: Builder, node: Record<string, unknown>, pointer: string, key: "oneOf" | "anyOf", stack: Located[]): void {
  const list = getOwn(node, key);
  if (!Array.isArray(list) || view[key] !== undefined) return;
  const branches: Located[] = [];
  list.forEach((branch, i) => {
    if (isNullSchema(branch)) view.nullHint = true;
    else branches.push({ node: branch, pointer: child(pointer, key, i) });
  });
  if (branches.length === 1 && branches.length < list.length) stack.push(branches[0] as Located);
  else view[key] = branches;
}

function isNullSchema(node: unknown): boolean {
  if (!isObject(node)) return false;
  const type = getOwn(node, "type");
  return Object.keys(node).length === 1 && (type === "null" || (Array.isArray(type) && type.length === 1 && type[0] === "null"));
}
