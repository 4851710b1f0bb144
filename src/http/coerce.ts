import { isPlainObject, setOwn, type JsonObject } from "../internal/own";
import { itemsOf, propertyOf, typesOf, type Resolve } from "./json-schema";

/** A number as JSON writes one: no hex, no `Infinity`, no blank, no leading `+`. */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A value read from a URL, header, cookie or form, with each string turned into the type
 * the parameter's JSON Schema says (integer, number, boolean, null), inside arrays and
 * objects too. A string that is none of them stays a string, for the schema to refuse in
 * its own words. Values come from `decode`, at most `MAX_DEPTH` levels deep, so the walk
 * is bounded.
 */
export function coerce(value: unknown, schema: JsonObject | undefined, resolve: Resolve): unknown {
  if (schema === undefined) return value;
  if (typeof value === "string") return coerceString(value, schema, resolve);
  if (Array.isArray(value)) {
    const items = itemsOf(schema, resolve);
    return value.map((item) => coerce(item, items, resolve));
  }
  if (isPlainObject(value)) {
    if (typesOf(schema, resolve).has("array") && isIndexed(value)) return coerce(Object.values(value), schema, resolve);
    const result: JsonObject = {};
    for (const key of Object.keys(value)) setOwn(result, key, coerce(value[key], propertyOf(schema, key, resolve), resolve));
    return result;
  }
  return value;
}

function coerceString(text: string, schema: JsonObject, resolve: Resolve): unknown {
  const types = typesOf(schema, resolve);
  if (types.size === 0 || types.has("string")) return text;
  if ((types.has("integer") || types.has("number")) && NUMBER.test(text)) return Number(text);
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.has("null") && (text === "" || text === "null")) return null;
  if (types.has("array")) return [coerce(text, itemsOf(schema, resolve), resolve)];
  return text;
}

/** `{ "0": a, "1": b }`, as `a[0]=x&a[1]=y` reads: an array written with indexes, in order. */
function isIndexed(value: JsonObject): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key, index) => key === String(index));
}
