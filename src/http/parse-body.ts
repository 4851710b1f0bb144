import { SpecloomError } from "../errors";
import { setOwn, type JsonObject } from "../internal/own";
import { coerce } from "./coerce";
import { propertyOf, shapeOf, type Resolve } from "./json-schema";
import { nestsDeeper } from "./json-depth";
import { AlreadyRead, readBody, TimedOut, TooLarge } from "./read-body";
import { bodyKind, type BodyMedia, type RouteModel } from "./route-model";
import { Malformed, formDecode, queryPairs } from "./text-decoding";
import type { BodyRules } from "./validator-options";

/** The body read and parsed as its media type says, or why it could not be. */
export type BodyOutcome =
  | { readonly value: unknown; readonly media: BodyMedia | undefined }
  | { readonly status: 408; readonly timeout: number }
  | { readonly status: 413; readonly limit: number }
  | { readonly status: 415; readonly type: string; readonly accepted: readonly string[] }
  | { readonly message: string };

const decoder = new TextDecoder();

/** The declared media type a request's `Content-Type` falls under: exact first, then `text/*`, then `*\/*`. */
function mediaFor(type: string, media: readonly BodyMedia[]): BodyMedia | undefined {
  return (
    media.find((entry) => entry.type === type) ??
    media.find((entry) => entry.type.endsWith("/*") && entry.type !== "*/*" && type.startsWith(entry.type.slice(0, -1))) ??
    media.find((entry) => entry.type === "*/*")
  );
}

/**
 * The route's body from the request. A body the server's code has read (or is reading) is
 * the server's mistake, a SpecloomError: the client sent it, and nothing is left to check.
 * When the request's signal aborts while the body is read, this rejects with its reason.
 */
export async function parseBody(request: Request, route: RouteModel, rules: BodyRules, resolve: Resolve): Promise<BodyOutcome> {
  const body = route.body;
  if (body === undefined) return { value: undefined, media: undefined };
  const header = request.headers.get("content-type");
  const absent = { value: undefined, media: undefined };
  if (header === null && request.body === null) return body.required ? { message: "a request body is required" } : absent;
  const type = (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const media = type === "" ? undefined : mediaFor(type, body.media);
  const unsupported = { status: 415, type, accepted: body.media.map((entry) => entry.type) } as const;
  // With no Content-Type, whether anything came decides: Node's adapters give every POST a
  // stream, empty when the client sent no content, and no content is no body, not a 415.
  if (media === undefined && header !== null) return unsupported;
  let bytes: Uint8Array | TooLarge | TimedOut | AlreadyRead;
  try {
    bytes = await readBody(request, rules.limit, rules.timeout);
  } catch {
    // Aborted: nobody waits for an answer, so none is made (as an aborted fetch rejects).
    if (request.signal.aborted) throw request.signal.reason;
    return { message: "the request body could not be read to its end" };
  }
  if (bytes instanceof AlreadyRead) {
    const detail = "the request's body was already read by the server's code (a middleware that read it, or validate run twice on one request); validate reads the body itself, so it must come first";
    throw new SpecloomError("INVALID_DEFINITION", `validate(request) ${route.key}`, detail);
  }
  if (bytes instanceof TooLarge) return { status: 413, limit: rules.limit };
  if (bytes instanceof TimedOut) return { status: 408, timeout: rules.timeout };
  if (bytes.byteLength === 0) return body.required ? { message: "a request body is required" } : absent;
  if (media === undefined) return unsupported;
  const value = await parseMedia(bytes, type, header as string, media.schema, rules, resolve);
  return value instanceof Malformed ? { message: value.message } : { value, media };
}

/** A body read whole, parsed as its media type says (`Malformed` when it cannot be, or nests deeper than `rules.depth`). */
export async function parseMedia(bytes: Uint8Array, type: string, header: string, schema: JsonObject | undefined, rules: Pick<BodyRules, "depth">, resolve: Resolve): Promise<unknown> {
  switch (bodyKind(type)) {
    case "json":
      return parseJson(decoder.decode(bytes), rules.depth);
    case "form":
      return formObject(queryPairs(decoder.decode(bytes)), schema, resolve);
    case "multipart":
      return multipartObject(bytes, header, schema, resolve);
    case "text":
      return decoder.decode(bytes);
    default:
      return bytes;
  }
}

/** JSON.parse works without recursion, however deep the text; the depth is checked on what it made. */
function parseJson(text: string, depth: number): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return new Malformed(`malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return nestsDeeper(text, value, depth) ? new Malformed(`the JSON nests arrays and objects deeper than ${depth} levels`) : value;
}

/** Form fields (a form body, 3.2's querystring) to an object: a repeated field, or one whose schema is an array, is a list; values coerced. */
export function formObject(pairs: ReadonlyMap<string, string[]>, schema: JsonObject | undefined, resolve: Resolve): JsonObject | Malformed {
  const result: JsonObject = {};
  for (const [key, values] of pairs) {
    const property = propertyOf(schema, key, resolve);
    const decoded: string[] = [];
    for (const value of values) {
      const text = formDecode(value);
      if (text instanceof Malformed) return text;
      decoded.push(text);
    }
    const value = shapeOf(property, resolve) === "array" || decoded.length > 1 ? decoded : decoded[0];
    setOwn(result, key, coerce(value, property, resolve));
  }
  return result;
}

/** `multipart/form-data` through the platform's own parser; files stay `File`s, text fields are coerced. */
async function multipartObject(bytes: Uint8Array, header: string, schema: JsonObject | undefined, resolve: Resolve): Promise<JsonObject | Malformed> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": header } }).formData();
  } catch {
    return new Malformed("malformed multipart/form-data (check the boundary)");
  }
  // One pass over the entries (getAll per name would be quadratic in the field count).
  const fields = new Map<string, (string | File)[]>();
  for (const [key, value] of form) {
    const list = fields.get(key);
    if (list === undefined) fields.set(key, [value]);
    else list.push(value);
  }
  const result: JsonObject = {};
  for (const [key, values] of fields) {
    const property = propertyOf(schema, key, resolve);
    const value = shapeOf(property, resolve) === "array" || values.length > 1 ? values : values[0];
    setOwn(result, key, coerce(value, property, resolve));
  }
  return result;
}
