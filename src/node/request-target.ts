/**
 * The URL of a Node request, built so that it names what the server's router sees: the
 * origin from a source the server trusts (the socket, or an option), the path and query from
 * the request target alone. `Host` is checked (RFC 9112 3.2) but never becomes part of the
 * URL, so no client can move path segments into the host or out of it.
 */
import type { IncomingMessage } from "node:http";
import { SpecloomError } from "specloom";
import { describeValue } from "../errors";

/** Where each request's URL takes its origin from. */
export interface NodeRequestOptions {
  /**
   * The scheme, host and port of every request's URL, as clients reach the server
   * (`"https://api.example.com"`, behind a proxy). Default: the socket's local address and
   * port, `https` over TLS.
   */
  origin?: string;
  /**
   * Take the scheme and host from `X-Forwarded-Proto` and `X-Forwarded-Host` (the first value
   * of each) where a request has them, else from the socket. Only behind a proxy that sets
   * both on every request: anyone else can send them. Default false.
   */
  trustProxy?: boolean;
}

/**
 * A request whose target cannot be made a URL: the client's mistake. Its `status` and
 * `statusCode` are 400, which Express's and Fastify's error handlers answer with, and its
 * message is about the request alone (`expose`).
 */
export class RequestTargetError extends Error {
  override readonly name = "RequestTargetError";
  readonly status = 400;
  readonly statusCode = 400;
  readonly expose = true;

  /** Its answer: 400 Problem Details (RFC 9457) naming what makes the target no URL, as the validators' other refusals are. */
  response(): Response {
    return new Response(problemText(400, "Bad Request", this.message), { status: 400, headers: { "Content-Type": PROBLEM_TYPE, "Cache-Control": "no-store" } });
  }
}

export const PROBLEM_TYPE = "application/problem+json";

/** A Problem Details body with no type of its own (`about:blank`). */
export function problemText(status: number, title: string, detail: string): string {
  return JSON.stringify({ type: "about:blank", title, status, detail });
}

/** The checked options: a fixed origin, or the proxy's headers trusted or not. */
export type OriginRule = { readonly fixed: string } | { readonly proxy: boolean };

/** `host [":" port]`: a bracketed IP literal or a registered name (RFC 3986 3.2.2), nothing that ends an authority. */
const AUTHORITY = /^(?:\[[0-9A-Za-z:._~!$&'()*+,;=-]+\]|[0-9A-Za-z._~!$&'()*+,;=%-]+)(?::[0-9]*)?$/;
const ORIGIN = /^(https?):\/\/([^/?#@]+)$/i;

/** The options of nodeHandler, validateRequests or toWebRequest, checked at once: a wrong one is a SpecloomError naming it. */
export function originRule(options: unknown, where: string): OriginRule {
  if (options === undefined) return { proxy: false };
  if (typeof options !== "object" || options === null || Array.isArray(options)) throw new SpecloomError("INVALID_DEFINITION", `${where} options`, `expected an object, found ${describeValue(options)}`);
  const { origin, trustProxy } = options as NodeRequestOptions;
  if (origin !== undefined && trustProxy !== undefined) throw new SpecloomError("INVALID_DEFINITION", `${where} options`, "origin and trustProxy cannot both be given");
  if (trustProxy !== undefined && typeof trustProxy !== "boolean") throw new SpecloomError("INVALID_DEFINITION", `${where} options.trustProxy`, `expected true or false, found ${describeValue(trustProxy)}`);
  if (origin === undefined) return { proxy: trustProxy === true };
  const parts = typeof origin === "string" ? ORIGIN.exec(origin) : null;
  if (parts === null || !AUTHORITY.test(parts[2] as string)) {
    throw new SpecloomError("INVALID_DEFINITION", `${where} options.origin`, `expected an origin such as "https://api.example.com" (http or https, a host, an optional port, nothing after), found ${describeValue(origin)}`);
  }
  return { fixed: `${(parts[1] as string).toLowerCase()}://${parts[2] as string}` };
}

/** The request's URL as `origin` and `target` (its path and query, ready to follow the origin), or a RequestTargetError. */
export function requestUrl(req: IncomingMessage, rule: OriginRule): { origin: string; target: string } {
  const host = checkedHost(req);
  const target = pathOf((req as { originalUrl?: unknown }).originalUrl ?? req.url ?? "", host);
  return { origin: "fixed" in rule ? rule.fixed : (rule.proxy ? forwardedOrigin(req) : undefined) ?? socketOrigin(req), target };
}

const reject = (detail: string): never => {
  throw new RequestTargetError(detail);
};

const quoted = (text: string) => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}...` : text);

/** The `Host` header, which must be one valid host (and port) when present (RFC 9112 3.2); HTTP/1.0 may leave it out. */
function checkedHost(req: IncomingMessage): string | undefined {
  if (req.httpVersionMajor >= 2) return undefined;
  let lines = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if ((req.rawHeaders[i] as string).toLowerCase() === "host") lines++;
  if (lines > 1) reject("the request has more than one Host header");
  const host = req.headers.host;
  if (host === undefined) return req.httpVersionMajor === 1 && req.httpVersionMinor === 0 ? undefined : reject("the request has no Host header");
  if (host === "") reject("the Host header is empty");
  if (!AUTHORITY.test(host)) reject(`the Host header ${quoted(host)} is not a host and port`);
  return host;
}

/**
 * The path and query of the target: origin-form as it is, absolute-form after its authority
 * (which must be Host's). Changed only where a URL parser would read it otherwise than a
 * router does: a backslash is a separator to it, so it is percent-encoded; a dot segment
 * would be removed, so it is refused.
 */
function pathOf(written: unknown, host: string | undefined): string {
  if (typeof written !== "string") return reject("the request has no target");
  let target = written;
  if (!target.startsWith("/")) {
    const scheme = /^https?:\/\//i.exec(target);
    if (scheme === null) reject(`the request target ${quoted(target)} is neither a path nor an absolute http(s) URL`);
    const rest = target.slice((scheme as RegExpExecArray)[0].length);
    const end = rest.search(/[/?#]/);
    const authority = end === -1 ? rest : rest.slice(0, end);
    if (!AUTHORITY.test(authority)) reject(`the request target ${quoted(target)} has no valid host`);
    if (host !== undefined && authority.toLowerCase() !== host.toLowerCase()) reject(`the request target names the host ${quoted(authority)}, and the Host header another`);
    target = end === -1 ? "/" : rest[end] === "/" ? rest.slice(end) : `/${rest.slice(end)}`;
  }
  const query = target.search(/[?#]/);
  const path = query === -1 ? target : target.slice(0, query);
  if (hasDotSegment(path)) reject(`the request target ${quoted(written)} has a dot segment ("." or ".."), which a URL would remove`);
  return path.includes("\\") ? `${path.replaceAll("\\", "%5C")}${query === -1 ? "" : target.slice(query)}` : target;
}

const DOT_SEGMENTS = new Set([".", "..", "%2e", ".%2e", "%2e.", "%2e%2e"]);

function hasDotSegment(path: string): boolean {
  if (!path.includes(".") && !/%2e/i.test(path)) return false;
  return path.split(/[/\\]/).some((segment) => segment.length <= 6 && DOT_SEGMENTS.has(segment.toLowerCase()));
}

/** `X-Forwarded-Proto` and `X-Forwarded-Host`, their first values; undefined where the proxy sent neither. */
function forwardedOrigin(req: IncomingMessage): string | undefined {
  const first = (name: string) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();
  };
  const proto = first("x-forwarded-proto")?.toLowerCase();
  const host = first("x-forwarded-host");
  if (proto === undefined && host === undefined) return undefined;
  if (proto !== undefined && proto !== "http" && proto !== "https") reject(`the X-Forwarded-Proto header ${quoted(proto)} is neither http nor https`);
  if (host !== undefined && !AUTHORITY.test(host)) reject(`the X-Forwarded-Host header ${quoted(host)} is not a host and port`);
  const socket = socketOrigin(req);
  return `${proto ?? socket.slice(0, socket.indexOf(":"))}://${host ?? socket.slice(socket.indexOf("//") + 2)}`;
}

/** The address the client connected to: the socket's local address and port, `https` over TLS. */
function socketOrigin(req: IncomingMessage): string {
  const socket = req.socket as (IncomingMessage["socket"] & { encrypted?: boolean }) | undefined;
  const scheme = socket?.encrypted === true ? "https" : "http";
  const address = socket?.localAddress;
  if (address === undefined) return `${scheme}://localhost`;
  return `${scheme}://${address.includes(":") ? `[${address}]` : address}:${socket?.localPort ?? ""}`;
}
