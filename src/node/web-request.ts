/**
 * Node's request and response as Web ones, through @remix-run/node-fetch-server (no
 * dependency of its own; it streams bodies both ways, with backpressure, and ties the
 * Request's signal to the connection). Used by nodeHandler() and by specloom/http's Node
 * adapter.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { originRule, requestUrl, RequestTargetError, type NodeRequestOptions, type OriginRule } from "./request-target";

/**
 * The Web Request for a Node request. Its URL is the one the client asked for, as the
 * server's router sees it: the path and query of the target (behind an Express or Connect
 * mount path, `originalUrl`), after the origin `options` say (default: the socket's). A body
 * that code before read (a body parser) is gone: the Request's is locked, as if read. Throws
 * a RequestTargetError (status 400) when the target cannot be made that URL: an empty or
 * malformed `Host`, an absolute-form target naming another host, a dot segment.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, options?: NodeRequestOptions): Request {
  return webRequest(req, res, originRule(options, "toWebRequest"));
}

/** toWebRequest with options checked beforehand (nodeHandler, validateRequests). */
export function webRequest(req: IncomingMessage, res: ServerResponse, rule: OriginRule): Request {
  const { origin, target } = requestUrl(req, rule);
  const colon = origin.indexOf(":");
  const readBefore = req.readableDidRead;
  let request: Request;
  try {
    // node-fetch-server writes the URL as protocol, host and `req.url`: a target of our own is given in place of `req.url`.
    request = createRequest(target === req.url ? req : withUrl(req, target), res, { protocol: origin.slice(0, colon + 1), host: origin.slice(colon + 3) });
  } catch (error) {
    // HTTP/2: an `:authority` and a `Host` that name different hosts.
    throw new RequestTargetError(error instanceof Error ? error.message : "the request's authority makes no URL");
  }
  // Code before this (a body parser) read the body: its stream is locked, as a Request's read body is, so that the next reader
  // is told (validate: the server's mistake) instead of waiting for bytes that will not come again.
  if (readBefore) request.body?.getReader();
  return request;
}

/** `req` seen with another `url`, everything else (its stream, its events) `req` itself. */
function withUrl(req: IncomingMessage, url: string): IncomingMessage {
  return new Proxy(req, {
    get(target, key) {
      if (key === "url") return url;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Writes a Web Response to Node's response: status, every header (each Set-Cookie too), then the body, streamed. */
export function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  return sendResponse(res, response);
}
