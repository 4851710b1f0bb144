import type { ServerResponse } from "node:http";
import { outgoingResponse, ResponseCopy } from "../node/outgoing-response";

/**
 * How a response is seen: `hold` keeps it back until it ends and sends what `hold` returns
 * (the same Response, or another in its place); `copy` lets it go out as it is written and
 * gets a Response whose body copies the bytes as they go.
 */
export type Capture = { hold: (response: Response) => Promise<Response> } | { copy: (response: Response) => Promise<unknown> };

const captured = new WeakSet<ServerResponse>();

type Callback = (error?: Error | null) => void;
type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;
type Original = { writeHead: ServerResponse["writeHead"]; flushHeaders: ServerResponse["flushHeaders"]; write: Write; end: End };

const bytes = (chunk: unknown, encoding: unknown): Buffer =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);

/**
 * Sees the response an Express handler writes (`writeHead`, `write`, `end`, which `res.send`,
 * `res.json` and piped streams all go through), as a Web Response. Once per Node response: a
 * second capture of it does nothing.
 */
export function captureResponse(res: ServerResponse, capture: Capture): void {
  if (captured.has(res)) return;
  captured.add(res);
  const original: Original = { writeHead: res.writeHead, write: res.write as Write, end: res.end as End, flushHeaders: res.flushHeaders };
  const hold = "hold" in capture;
  // Headers given to writeHead are set on the response first, so getHeaders() lists them.
  res.writeHead = function (status: number, ...rest: unknown[]) {
    const headers = rest.find((arg) => typeof arg === "object" && arg !== null);
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
    else if (headers !== undefined) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string);
    res.statusCode = status;
    if (typeof rest[0] === "string") res.statusMessage = rest[0];
    return hold ? res : original.writeHead.call(res, status);
  } as typeof res.writeHead;
  if ("hold" in capture) holdResponse(res, original, capture.hold);
  else copyResponse(res, original, capture.copy);
}

/** Writes kept until `end`; then the Response they make is checked, and it or its replacement sent. */
function holdResponse(res: ServerResponse, original: Original, finish: (response: Response) => Promise<Response>): void {
  const chunks: Buffer[] = [];
  res.flushHeaders = () => undefined;
  res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
    chunks.push(bytes(chunk, encoding));
    ((typeof encoding === "function" ? encoding : callback) as Callback | undefined)?.();
    return true;
  } as typeof res.write;
  res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const done = (typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : callback) as Callback | undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(bytes(chunk, encoding));
    restore(res, original);
    const body = Buffer.concat(chunks);
    const response = outgoingResponse(res.statusCode, res.getHeaders(), body);
    finish(response).then(
      async (sent) => {
        if (sent === response) res.end(body, done);
        else await replace(res, sent, done);
      },
      (error: unknown) => res.destroy(error as Error),
    );
    return res;
  } as typeof res.end;
}

/** Writes sent as they come, each copied into the Response the check reads. */
function copyResponse(res: ServerResponse, original: Original, check: (response: Response) => Promise<unknown>): void {
  let copy: ResponseCopy | undefined;
  const copied = () => (copy ??= new ResponseCopy(res.statusCode, res.getHeaders(), check));
  res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
    copied().push(bytes(chunk, encoding));
    return original.write.call(res, chunk, encoding, callback);
  } as typeof res.write;
  res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const last = copied();
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") last.push(bytes(chunk, encoding));
    last.end();
    restore(res, original);
    return original.end.call(res, chunk, encoding, callback);
  } as typeof res.end;
}

/** The response's own methods back, once its last bytes are in hand. */
function restore(res: ServerResponse, original: Original): void {
  res.writeHead = original.writeHead;
  res.flushHeaders = original.flushHeaders;
  res.write = original.write as typeof res.write;
  res.end = original.end as typeof res.end;
}

/** Sends `response` instead of the held one: its status and headers only, then its body. */
async function replace(res: ServerResponse, response: Response, done: Callback | undefined): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.statusCode = response.status;
  res.statusMessage = "";
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.end(body, done);
}
