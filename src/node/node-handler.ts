/**
 * nodeHandler(): a Web handler as a node:http listener and as Express or Connect middleware.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendWebResponse, toWebRequest } from "./web-request";

export type WebHandler = (request: Request) => Response | undefined | Promise<Response | undefined>;

/** `(req, res, next?)`: a node:http listener, and Express/Connect middleware. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>;

const PROBLEM = "application/problem+json";

function problem(res: ServerResponse, status: number, title: string, detail: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ type: "about:blank", title, status, detail });
  res.writeHead(status, { "Content-Type": PROBLEM, "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
  res.end(body);
}

/**
 * Calls `handler` with the request as a Web Request and writes its Response. When it returns
 * `undefined`, calls `next()` (Express, Connect), or answers 404 when there is no `next`
 * (a plain node:http server). A request with no valid URL gets 400; what the handler throws
 * goes to `next(error)`, or is a 500 without `next`.
 */
export function nodeHandler(handler: WebHandler): NodeHandler {
  return async (req, res, next) => {
    let request: Request;
    try {
      request = toWebRequest(req, res);
    } catch {
      return problem(res, 400, "Bad Request", "the request's Host and URL do not make a URL");
    }
    let response: Response | undefined;
    try {
      response = await handler(request);
    } catch (error) {
      if (next) return next(error);
      console.error(error);
      return problem(res, 500, "Internal Server Error", "the server failed to answer this request");
    }
    if (response !== undefined) {
      // A client that went away mid-body is no error of the server's: the promise never rejects.
      return sendWebResponse(res, response).catch(() => void res.destroy());
    }
    if (next) return next();
    problem(res, 404, "Not Found", "nothing is served at this URL");
  };
}
