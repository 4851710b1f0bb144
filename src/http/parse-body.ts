import { setOwn, type JsonObject } from "../internal/own";
import { coerce } from "./coerce";
import { propertyOf, shapeOf, type Resolve } from "./json-schema";
import { readBody, TooLarge } from "./read-body";
import { bodyKind, type BodyMedia, type RouteModel } from "./route-model";
import { Malformed, formDecode, queryPairs } from "./text-decoding";

/** The body read and parsed as its media type says, or why it could not be. */
export type BodyOutcome =
  | { readonly value: unknown; readonly media: BodyMedia | undefined }
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

export async function parseBody(request: Request, body: RouteModel["body"], limit: number, resolve: Resolve): Promise<BodyOutcome> {
  if (body === undefined) return { value: undefined, media: undefined };
  const header = request.headers.get("content-type");
  const absent = { value: undefined, media: undefined };
  if (header === null && request.body === null) return body.required ? { message: "a request body is required" } : absent;
  const type = (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const media = type === "" ? undefined : mediaFor(type, body.media);
  if (media === undefined) return { status: 415, type, accepted: body.media.map((entry) => entry.type) };
  let bytes: Uint8Array | TooLarge;
  try {
    bytes = await readBody(request, limit);
  } catch {
    return { message: "the request body could not be read to its end" };
  }
  if (bytes instanceof TooLarge) return { status: 413, limit };
  if (bytes.byteLength === 0) return body.required ? { message: "a request body is required" } : absent;
  const value = await parseMedia(bytes, type, header as string, media.schema, resolve);
  return value instanceof Malformed ? { message: value.message } : { value, media };
}

/** A body read whole, parsed as its media type says (`Malformed` when it cannot be). */
export async function parseMedia(bytes: Uint8Array, type: string, header: string, schema: JsonObject | undefined, resolve: Resolve): Promise<unknown> {
  switch (bodyKind(type)) {
    case "json":
      try {
        return JSON.parse(decoder.decode(bytes)) as unknown;
      } catch (error) {
        return new Malformed(`malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
      }
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
