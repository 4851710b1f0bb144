/**
 * nodeHandler(): a Web handler as a node:http listener and as Express or Connect middleware.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendProblem, webRequestOrRefusal } from "./problem-answer";
import { originRule, type NodeRequestOptions } from "./request-target";
import { sendWebResponse } from "./web-request";

export type WebHandler = (request: Request) => Response | undefined | Promise<Response | undefined>;

/** `(req, res, next?)`: a node:http listener, and Express/Connect middleware. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>;

/**
 * Calls `handler` with the request as a Web Request and writes its Response. When it returns
 * `undefined`, calls `next()` (Express, Connect), or answers 404 when there is no `next`
 * (a plain node:http server). The URL's origin is the socket's, or as `options` say (see
 * toWebRequest); a request whose target makes no URL gets 400. What the handler throws goes
 * to `next(error)`, or is a 500 without `next`, unless the client has gone (the request's
 * signal aborted): then there is no one to answer.
 */
export function nodeHandler(handler: WebHandler, options?: NodeRequestOptions): NodeHandler {
  const rule = originRule(options, "nodeHandler");
  return async (req, res, next) => {
    const request = webRequestOrRefusal(req, res, rule);
    if (request === undefined) return;
    let response: Response | undefined;
    try {
      response = await handler(request);
    } catch (error) {
      if (request.signal.aborted && error === request.signal.reason) return void res.destroy();
      if (next) return next(error);
      console.error(error);
      return sendProblem(res, 500, "Internal Server Error", "the server failed to answer this request");
    }
    if (response !== undefined) {
      // A client that went away mid-body is no error of the server's: the promise never rejects.
      return sendWebResponse(res, response).catch(() => void res.destroy());
    }
    if (next) return next();
    sendProblem(res, 404, "Not Found", "nothing is served at this URL");
  };
}
