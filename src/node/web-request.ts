import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/**
 * A Web `Request` for a Node request: its URL (from `Host`, or the socket's address), method,
 * headers and body as a stream read on demand. The request is aborted when the response closes.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse): Request {
  const host = req.headers.host ?? `${req.socket.localAddress ?? "localhost"}:${req.socket.localPort ?? 80}`;
  const secure = (req.socket as { encrypted?: boolean }).encrypted === true;
  const url = new URL(req.url ?? "/", `${secure ? "https" : "http"}://${host}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  const controller = new AbortController();
  res.once("close", () => controller.abort());
  const method = req.method ?? "GET";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** Writes a Web `Response` to a Node response: status, headers, then the body as it streams. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (response.body === null) {
    res.end();
    return;
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!res.write(chunk)) await new Promise<void>((resolve) => res.once("drain", () => resolve()));
  }
  res.end();
}
