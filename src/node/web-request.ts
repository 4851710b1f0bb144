/**
 * Node's request and response as Web ones, through @remix-run/node-fetch-server (no
 * dependency of its own; it streams bodies both ways, with backpressure, and ties the
 * Request's signal to the connection). Used by nodeHandler() and by specloom/http's Node
 * adapter.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";

/**
 * The Web Request for a Node request. Behind Express or Connect mounted at a path
 * (`app.use("/api", ...)`), the URL is the one the client asked for (`originalUrl`), not
 * the rest the mount leaves. Throws a TypeError when the Host header makes no URL.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse): Request {
  const request = createRequest(req, res);
  const original = (req as IncomingMessage & { originalUrl?: unknown }).originalUrl;
  if (typeof original !== "string" || original === req.url) return request;
  const url = new URL(original, request.url);
  const hasBody = request.body !== null;
  return new Request(url, { method: request.method, headers: request.headers, signal: request.signal, ...(hasBody ? { body: request.body, duplex: "half" } : {}) } as RequestInit);
}

/** Writes a Web Response to Node's response: status, every header (each Set-Cookie too), then the body, streamed. */
export function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  return sendResponse(res, response);
}
