/**
 * A media type's example as the mock sends it: `Prefer: example=name` picks one of
 * `examples` by name; otherwise `example`, else the first of `examples`. An Example Object
 * gives its `value` (or 3.2's `dataValue`), or 3.2's `serializedValue`, sent as written.
 */
import { getOwn, hasOwn, isObject, type JsonObject } from "../internal/own";
import type { Resolve } from "../http/json-schema";

export type Example = { readonly value: unknown } | { readonly serialized: string };

/** The example object's content, or why it has none the mock can send. */
function contentOf(example: JsonObject | undefined, name: string): Example | { missing: string } {
  if (example === undefined) return { missing: `the example ${JSON.stringify(name)} is a $ref that points nowhere` };
  if (hasOwn(example, "dataValue")) return { value: getOwn(example, "dataValue") };
  if (hasOwn(example, "value")) return { value: getOwn(example, "value") };
  const serialized = getOwn(example, "serializedValue");
  if (typeof serialized === "string") return { serialized };
  if (hasOwn(example, "externalValue")) return { missing: `the example ${JSON.stringify(name)} is only an externalValue, which the mock does not fetch` };
  return { missing: `the example ${JSON.stringify(name)} has no value` };
}

/** The named example, or the media type's first; undefined when it has none (and none was asked for). */
export function exampleOf(media: JsonObject, name: string | undefined, resolve: Resolve): Example | { missing: string } | undefined {
  const examples = getOwn(media, "examples");
  const names = isObject(examples) ? Object.keys(examples) : [];
  if (name !== undefined) {
    if (!names.includes(name)) return { missing: `the response has no example ${JSON.stringify(name)} (it has ${names.map((entry) => JSON.stringify(entry)).join(", ") || "none"})` };
    return contentOf(resolve(getOwn(examples as JsonObject, name)), name);
  }
  if (hasOwn(media, "example")) return { value: getOwn(media, "example") };
  for (const entry of names) {
    const content = contentOf(resolve(getOwn(examples as JsonObject, entry)), entry);
    if (!("missing" in content)) return content;
  }
  return undefined;
}
