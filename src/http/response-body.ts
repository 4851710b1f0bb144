import type { JsonObject } from "../internal/own";
import type { Resolve } from "./json-schema";
import { essence, mediaFor } from "./media-range";
import { parseMedia } from "./parse-body";
import { issuesAt } from "./response-issues";
import { nestsDeeper } from "./json-depth";
import type { ResponseEntry } from "./response-model";
import type { ResponseIssue } from "./response-types";
import { bodyKind } from "./route-model";
import { Malformed } from "./text-decoding";

/** Media types whose body is a stream of items, read as it comes: their bodies are not read to an end here. */
const STREAMS: ReadonlySet<string> = new Set(["text/event-stream", "application/x-ndjson", "application/jsonl", "application/json-seq"]);

/**
 * The body against the entry's content: none where none is declared, a declared media type
 * (ranges and parameters as OpenAPI matches them), and a value valid by its schema. Reads
 * a clone: the caller's Response is left unread.
 */
export async function checkResponseBody(entry: ResponseEntry, response: Response, resolve: Resolve, depthLimit: number): Promise<ResponseIssue[]> {
  const header = response.headers.get("content-type");
  const type = essence(header);
  const declared = entry.media.map((media) => media.type).join(", ");
  if (entry.media.length === 0) {
    if (!(await hasBytes(response))) return [];
    return [{ in: "body", message: `${entry.status} declares no body, but the response has one${type === "" ? "" : ` (${type})`}` }];
  }
  if (type === "") {
    if (!(await hasBytes(response))) return [{ in: "body", message: `the response has no body; ${entry.status} declares one (${declared})` }];
    return [{ in: "header", name: "content-type", message: `missing; ${entry.status} declares ${declared}` }];
  }
  const media = mediaFor(type, entry.media);
  if (media === undefined) return [{ in: "header", name: "content-type", message: `${type} is not a media type ${entry.status} declares (it declares ${declared})` }];
  // How the body reads follows the type it is sent as (a declared `application/*` covers JSON too).
  if (media.validate === undefined || bodyKind(type) === "binary" || STREAMS.has(type)) return [];
  const value = await readValue(response, type, header as string, media.schema, resolve, depthLimit);
  if (value === EMPTY) return [{ in: "body", message: `the body is empty; ${entry.status} declares ${media.type} with a schema` }];
  if (value === DEEP) return [{ in: "body", pointer: "", message: `the body nests deeper than ${depthLimit} levels, so it was not checked (the depthLimit option)` }];
  if (value instanceof Malformed) return [{ in: "body", pointer: "", message: value.message }];
  const issues = media.validate(value);
  return issues === undefined ? [] : issuesAt("body", issues);
}

const EMPTY = Symbol("empty");
const DEEP = Symbol("deep");

/** The clone's body as a value: JSON and text read as text (the platform's quickest read), other types as bytes. */
async function readValue(response: Response, type: string, header: string, schema: JsonObject | undefined, resolve: Resolve, depth: number): Promise<unknown> {
  const kind = bodyKind(type);
  if (kind === "json" || kind === "text") {
    const text = await response.clone().text();
    if (text === "") return EMPTY;
    if (kind === "text") return text;
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch (error) {
      return new Malformed(`malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    return nestsDeeper(text, value, depth) ? DEEP : value;
  }
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  return bytes.byteLength === 0 ? EMPTY : parseMedia(bytes, type, header, schema, { depth }, resolve);
}

/** Whether the response has a body of at least one byte: the clone's first chunk only. */
async function hasBytes(response: Response): Promise<boolean> {
  if (response.body === null) return false;
  const reader = (response.clone().body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      if (value.byteLength > 0) return true;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
