/**
 * The headers a declared response requires, with values: the header's example, or one
 * generated from its schema in header-safe text, written in the `simple` style (a list's
 * items joined by commas; an object's names and values as pairs, `k=v` when exploded).
 */
import { getOwn, hasOwn, isObject, type JsonObject } from "../internal/own";
import type { Resolve } from "../http/json-schema";
import type { SchemaValues } from "../values/index";
import { sampleOne } from "../values/index";

/** A value in the `simple` style of a header (OpenAPI's Style Values). */
export function simpleStyle(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(scalarText).join(",");
  if (isObject(value)) return Object.keys(value).map((name) => (explode ? `${name}=${scalarText(value[name])}` : `${name},${scalarText(value[name])}`)).join(",");
  return scalarText(value);
}

/** One value as text: a string as it is, anything else as JSON (the style has no nesting). */
const scalarText = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

/** The schema of a Header Object: its own, or its one media type's. */
function schemaOf(header: JsonObject): unknown {
  if (hasOwn(header, "schema")) return getOwn(header, "schema");
  const content = getOwn(header, "content");
  if (!isObject(content)) return {};
  const [first] = Object.keys(content);
  const media = first === undefined ? undefined : content[first];
  return isObject(media) && hasOwn(media, "schema") ? getOwn(media, "schema") : {};
}

function exampleOf(header: JsonObject, resolve: Resolve): { value: unknown } | undefined {
  if (hasOwn(header, "example")) return { value: getOwn(header, "example") };
  const examples = getOwn(header, "examples");
  if (!isObject(examples)) return undefined;
  for (const name of Object.keys(examples)) {
    const example = resolve(examples[name]);
    if (example !== undefined && hasOwn(example, "value")) return { value: getOwn(example, "value") };
  }
  return undefined;
}

/**
 * Each required header's name and value: its example unless `dynamic`, else a value drawn
 * with `seed`. `where` names the response for messages. Content-Type is never taken from
 * here (OpenAPI: it is ignored).
 */
export function requiredHeaders(response: JsonObject, values: SchemaValues, resolve: Resolve, where: string, seed: number, dynamic: boolean): [string, string][] {
  const headers = getOwn(response, "headers");
  if (!isObject(headers)) return [];
  const found: [string, string][] = [];
  for (const name of Object.keys(headers)) {
    const header = resolve(headers[name]);
    if (header === undefined || getOwn(header, "required") !== true || name.toLowerCase() === "content-type") continue;
    const example = dynamic ? undefined : exampleOf(header, resolve);
    const value = example !== undefined ? example.value : sampleOne(values.valid(schemaOf(header), `${where}.headers.${name}`), seed);
    found.push([name, simpleStyle(value, getOwn(header, "explode") === true)]);
  }
  return found;
}
