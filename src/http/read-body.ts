/** The body was larger than the limit: reading stopped there. */
export class TooLarge {
  constructor(readonly limit: number) {}
}

/**
 * The request's body as bytes, at most `limit` of them: a declared `Content-Length` over
 * the limit is refused before reading, and the stream is cancelled as soon as what has
 * arrived passes it, so a larger body is never held whole.
 */
export async function readBody(request: Request, limit: number): Promise<Uint8Array | TooLarge> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return new TooLarge(limit);
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return new TooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
