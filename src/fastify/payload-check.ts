import { PassThrough, type Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { outgoingResponse, ResponseCopy } from "../node/outgoing-response";

/**
 * How a payload is seen: `hold` reads it whole first and sends what `hold` returns (the same
 * Response, or another in its place); `copy` lets it go out as it is and gets a Response
 * whose body copies it as it goes.
 */
export type Capture = { hold: (response: Response) => Promise<Response> } | { copy: (response: Response) => Promise<unknown> };

/** The payload to send after the response check (Fastify's `onSend`): a string, bytes or a stream, as the reply serialised it. */
export async function checkedPayload(reply: FastifyReply, payload: unknown, capture: Capture): Promise<unknown> {
  const stream = isStream(payload) ? payload : undefined;
  if ("copy" in capture) {
    const copy = new ResponseCopy(reply.statusCode, reply.getHeaders(), capture.copy);
    if (stream === undefined) {
      const body = bytesOf(payload);
      if (body !== null) copy.push(body);
      copy.end();
      return payload;
    }
    return copied(stream, copy);
  }
  const body = stream === undefined ? bytesOf(payload) : await readAll(stream);
  const made = outgoingResponse(reply.statusCode, reply.getHeaders(), body);
  const sent = await capture.hold(made);
  if (sent === made) return stream === undefined ? payload : body;
  for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
  reply.code(sent.status);
  for (const [name, value] of sent.headers) reply.header(name, value);
  return Buffer.from(await sent.arrayBuffer());
}

function bytesOf(payload: unknown): Buffer | null {
  if (payload === null || payload === undefined) return null;
  return Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload));
}

function isStream(payload: unknown): payload is Readable {
  return typeof payload === "object" && payload !== null && typeof (payload as Readable).pipe === "function";
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** The stream's bytes passed on as they come, each also pushed to `copy`. */
function copied(stream: Readable, copy: ResponseCopy): Readable {
  const out = new PassThrough();
  stream.on("data", (chunk: Buffer | string) => copy.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
  stream.on("end", () => copy.end());
  stream.pipe(out);
  return out;
}
