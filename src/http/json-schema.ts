import { getOwn, isObject, type JsonObject } from "../internal/own";
import { pointerTokens, resolvePointer } from "../internal/json-pointer";

/** A Schema Object of the generated document, its `$ref`s followed on demand. */
export type Resolve = (node: unknown) => JsonObject | undefined;

/** The most `$ref`s followed in a row: a cycle of references only is no schema. */
const MAX_HOPS = 64;

/** Follows local `$ref`s of `document` (components, or anywhere a pointer reaches). */
export function resolverFor(document: unknown): Resolve {
  return (node) => {
    let current = node;
    for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops++) {
      if (hops === MAX_HOPS) return undefined;
      const ref = current.$ref;
      const tokens = ref.startsWith("#") ? pointerTokens(ref.slice(1)) : undefined;
      if (tokens === undefined) return undefined;
      const found = resolvePointer(document, tokens);
      current = "value" in found ? found.value : undefined;
    }
    return isObject(current) ? current : undefined;
  };
}

/** The schema and the branches of its `anyOf`/`oneOf`/`allOf`, one level down, resolved. */
export function branches(schema: JsonObject, resolve: Resolve): JsonObject[] {
  const found = [schema];
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const list = getOwn(schema, key);
    if (!Array.isArray(list)) continue;
    for (const branch of list) {
      const resolved = resolve(branch);
      if (resolved !== undefined) found.push(resolved);
    }
  }
  return found;
}

/** Worked out once per schema node: the document's nodes are frozen and read for every request. */
const knownTypes = new WeakMap<JsonObject, ReadonlySet<string>>();

/** The JSON types a schema admits (`type`, 3.0's `nullable`, the types of `enum`/`const`), branches included. */
export function typesOf(schema: JsonObject, resolve: Resolve): ReadonlySet<string> {
  const known = knownTypes.get(schema);
  if (known !== undefined) return known;
  const types = new Set<string>();
  for (const branch of branches(schema, resolve)) {
    const type = branch.type;
    if (typeof type === "string") types.add(type);
    else if (Array.isArray(type)) for (const t of type) if (typeof t === "string") types.add(t);
    if (branch.nullable === true) types.add("null");
    const values = Array.isArray(branch.enum) ? branch.enum : "const" in branch ? [branch.const] : [];
    for (const value of values) types.add(value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "object" ? "object" : typeof value === "number" ? "number" : typeof value);
    if (branch.items !== undefined) types.add("array");
    if (branch.properties !== undefined) types.add("object");
  }
  knownTypes.set(schema, types);
  return types;
}

/** Whether a parameter's value is an array, an object or one value: what its serialisation depends on. */
export type ValueShape = "array" | "object" | "scalar";

export function shapeOf(schema: JsonObject | undefined, resolve: Resolve): ValueShape {
  if (schema === undefined) return "scalar";
  const types = typesOf(schema, resolve);
  if (types.has("array")) return "array";
  if (types.has("object")) return "object";
  return "scalar";
}

/** The schema of an array's items (first branch that has one). */
export function itemsOf(schema: JsonObject | undefined, resolve: Resolve): JsonObject | undefined {
  if (schema === undefined) return undefined;
  for (const branch of branches(schema, resolve)) if (branch.items !== undefined) return resolve(branch.items);
  return undefined;
}

/** The schema of an object's property `name`, or of its additional properties. */
export function propertyOf(schema: JsonObject | undefined, name: string, resolve: Resolve): JsonObject | undefined {
  if (schema === undefined) return undefined;
  for (const branch of branches(schema, resolve)) {
    const properties = branch.properties;
    if (isObject(properties)) {
      const found = getOwn(properties, name);
      if (found !== undefined) return resolve(found);
    }
  }
  for (const branch of branches(schema, resolve)) if (isObject(branch.additionalProperties)) return resolve(branch.additionalProperties);
  return undefined;
}

/** The names an object schema declares, in order. */
export function propertyNames(schema: JsonObject | undefined, resolve: Resolve): string[] {
  const names: string[] = [];
  if (schema === undefined) return names;
  for (const branch of branches(schema, resolve)) {
    if (isObject(branch.properties)) for (const name of Object.keys(branch.properties)) if (!names.includes(name)) names.push(name);
  }
  return names;
}
