/**
 * A body the handler serves many times: its bytes, its strong ETag and each compressed form
 * are computed once, on first need, and every later response reuses them, so a request
 * costs the same whatever the body's size.
 */
import { chooseCoding, compress, runtimeCodings, type ContentCoding } from "./content-encoding";

export interface BodyHeaders {
  readonly contentType: string;
  /** Text compresses; images are already compressed. */
  readonly compressible: boolean;
}

/** Lower-case hex of the body's SHA-256, cut to 128 bits: a validator, not a signature. */
async function digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let hex = "";
  for (let index = 0; index < 16; index++) hex += (hash[index] as number).toString(16).padStart(2, "0");
  return hex;
}

/**
 * True when `If-None-Match` lists `tag` or is `*`, by the weak comparison RFC 9110 13.1.2
 * prescribes for this header.
 */
export function noneMatch(header: string | null, tag: string): boolean {
  if (header === null) return false;
  if (header.trim() === "*") return true;
  for (const match of header.matchAll(/(?:W\/)?("[^"]*")/g)) {
    if (match[1] === tag) return true;
  }
  return false;
}

/** A response body that never copies the shared bytes: one chunk, then done. */
function bodyStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

export class PreparedBody {
  readonly #bytes: Uint8Array;
  readonly #headers: BodyHeaders;
  #hash: Promise<string> | undefined;
  readonly #compressed = new Map<ContentCoding, Promise<Uint8Array>>();

  constructor(bytes: Uint8Array, headers: BodyHeaders) {
    this.#bytes = bytes;
    this.#headers = headers;
  }

  /** The strong validator of the uncompressed body, without quotes. */
  hash(): Promise<string> {
    this.#hash ??= digest(this.#bytes);
    return this.#hash;
  }

  #encoded(coding: ContentCoding | undefined): Promise<Uint8Array> {
    if (coding === undefined) return Promise.resolve(this.#bytes);
    let pending = this.#compressed.get(coding);
    if (pending === undefined) {
      pending = compress(this.#bytes, coding);
      this.#compressed.set(coding, pending);
    }
    return pending;
  }

  /**
   * The response to a GET or HEAD: 304 when `If-None-Match` names the chosen form's ETag,
   * else the body in the coding the request accepts best. Each coding is its own
   * representation with its own strong ETag (RFC 9110 8.8.3).
   */
  async respond(request: Request, cacheControl: string, extra: Readonly<Record<string, string>> = {}): Promise<Response> {
    const coding = this.#headers.compressible ? chooseCoding(request.headers.get("accept-encoding"), runtimeCodings()) : undefined;
    const tag = `"${await this.hash()}${coding === undefined ? "" : `-${coding}`}"`;
    const headers = new Headers({ ETag: tag, "Cache-Control": cacheControl, ...extra });
    if (this.#headers.compressible) headers.set("Vary", "Accept-Encoding");
    if (noneMatch(request.headers.get("if-none-match"), tag)) return new Response(null, { status: 304, headers });
    const bytes = await this.#encoded(coding);
    headers.set("Content-Type", this.#headers.contentType);
    headers.set("Content-Length", String(bytes.byteLength));
    headers.set("X-Content-Type-Options", "nosniff");
    if (coding !== undefined) headers.set("Content-Encoding", coding);
    return new Response(request.method === "HEAD" ? null : bodyStream(bytes), { status: 200, headers });
  }
}
