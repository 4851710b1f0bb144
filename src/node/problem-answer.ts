/**
 * The answers the Node adapters make themselves: RFC 9457 Problem Details, and the 400 for a
 * request whose target cannot be made a URL.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { PROBLEM_TYPE, problemText, RequestTargetError, type OriginRule } from "./request-target";
import { webRequest } from "./web-request";

/** Writes Problem Details; with headers already sent, there is no answer left to give but closing. */
export function sendProblem(res: ServerResponse, status: number, title: string, detail: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = problemText(status, title, detail);
  res.writeHead(status, { "Content-Type": PROBLEM_TYPE, "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
  res.end(body);
}

/** The request as a Web Request; or undefined, once a target that makes no URL has had its 400. */
export function webRequestOrRefusal(req: IncomingMessage, res: ServerResponse, rule: OriginRule): Request | undefined {
  try {
    return webRequest(req, res, rule);
  } catch (error) {
    if (!(error instanceof RequestTargetError)) throw error;
    sendProblem(res, 400, "Bad Request", error.message);
    return undefined;
  }
}
