/** Headers as Node's responses hold them (`getHeaders()`). */
type NodeHeaders = Readonly<Record<string, number | string | readonly string[] | undefined>>;

/** Statuses whose responses have no body (RFC 9110 6.4.1), which a Web Response refuses one for. */
const NO_BODY = new Set([204, 205, 304]);

function webHeaders(headers: NodeHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) web.append(name, String(one));
  }
  return web;
}

/**
 * The Web Response a Node response makes: its status, the headers set on it (each value of
 * a repeated one, Set-Cookie's too) and the body bytes. For specloom/express's and
 * specloom/fastify's response checks; bundled into each.
 */
export function outgoingResponse(status: number, headers: NodeHeaders, body: Uint8Array | null): Response {
  const empty = body === null || body.byteLength === 0 || NO_BODY.has(status);
  return new Response(empty ? null : body, { status, headers: webHeaders(headers) });
}

/**
 * A Web Response whose body copies a Node response's bytes as they are sent, handed to
 * `check` at once: the copy is kept only while the check reads it. A check that does not
 * read the body (a stream of events) ends at once, and the copying with it, so a response
 * that never ends is not held in memory.
 */
export class ResponseCopy {
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;

  constructor(status: number, headers: NodeHeaders, check: (response: Response) => Promise<unknown>) {
    const body = NO_BODY.has(status) ? null : new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });
    const stop = () => (this.controller = undefined);
    check(new Response(body, { status, headers: webHeaders(headers) })).then(stop, stop);
  }

  /** A copy of the bytes, for a check still reading. */
  push(chunk: Uint8Array): void {
    this.controller?.enqueue(Uint8Array.from(chunk));
  }

  end(): void {
    this.controller?.close();
    this.controller = undefined;
  }
}
