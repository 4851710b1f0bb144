/**
 * docsHandler(): a Web-standard handler that serves the document and its docs page under
 * one path, and answers `undefined` for every other URL so it composes with any router.
 */
import { checkOptions, type CheckedOptions, type DocsHandlerOptions } from "./handler-options";
import { DocsBodies } from "./docs-bodies";
import { contentSecurityPolicy, docsPageHtml } from "./docs-page";
import { documentLoader, type DocumentSource } from "./document-source";
import { PreparedBody } from "./prepared-body";

export type DocsHandler = (request: Request) => Promise<Response | undefined>;

type Route = "page" | "json" | "yaml" | { readonly asset: string };

/** Documents are checked again on every use; UI files are cached for a year when asked for by their content hash. */
const REVALIDATE = "no-cache";
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The route of a path below the base (`rest` starts with "/" or is empty), or undefined. */
function routeOf(rest: string, options: CheckedOptions): Route | undefined {
  if (rest === "/openapi.json") return "json";
  if (rest === "/openapi.yaml") return "yaml";
  if (options.ui === false) return undefined;
  if (rest === "" || rest === "/") return "page";
  // The name as it came, undecoded: only a listed file's exact name matches, so "..",
  // "%2F" or a NUL can never reach the reader.
  if (rest.startsWith("/assets/")) return { asset: rest.slice("/assets/".length) };
  return undefined;
}

/** RFC 9457 Problem Details for a method the route does not have; `Allow` lists those it has (RFC 9110 15.5.6). */
function methodNotAllowed(method: string): Response {
  const body = JSON.stringify({ type: "about:blank", title: "Method Not Allowed", status: 405, detail: `${method} is not allowed here; use GET or HEAD` });
  return new Response(body, { status: 405, headers: { Allow: "GET, HEAD", "Content-Type": "application/problem+json", "Cache-Control": "no-store" } });
}

async function pageResponse(request: Request, bodies: DocsBodies, options: CheckedOptions): Promise<Response> {
  const { body, parts } = await bodies.page();
  const nonce = options.nonce?.(request);
  const headers = { "Content-Security-Policy": contentSecurityPolicy(parts.ui, nonce), "Referrer-Policy": "no-referrer" };
  if (nonce === undefined) return body.respond(request, REVALIDATE, headers);
  // A nonce is per response: this page is made for this request and never cached.
  const page = new PreparedBody(new TextEncoder().encode(docsPageHtml(parts, nonce)), { contentType: "text/html; charset=utf-8", compressible: false });
  return page.respond(request, "no-store", headers);
}

async function assetResponse(request: Request, bodies: DocsBodies, name: string): Promise<Response | undefined> {
  const pending = bodies.asset(name);
  if (pending === undefined) return undefined;
  const body = await pending;
  const versioned = new URL(request.url).searchParams.get("v") === (await body.hash());
  return body.respond(request, versioned ? IMMUTABLE : REVALIDATE);
}

/**
 * Serves, under `base` (default `/docs`): the page at `{base}`, the document at
 * `{base}/openapi.json` and `{base}/openapi.yaml`, the UI's files at `{base}/assets/`.
 * GET and HEAD; other methods get 405. Any other URL, or a request `allow` refuses, gets
 * `undefined`. Checks its options at once and throws a SpecloomError naming the wrong one.
 */
export function docsHandler(source: DocumentSource, options?: DocsHandlerOptions): DocsHandler {
  const checked = checkOptions(options);
  const bodies = new DocsBodies(documentLoader(source), checked);
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path !== checked.prefix && !path.startsWith(`${checked.prefix}/`)) return undefined;
    const route = routeOf(path.slice(checked.prefix.length), checked);
    if (route === undefined || (typeof route === "object" && !bodies.hasAsset(route.asset))) return undefined;
    if (checked.allow !== undefined && !(await checked.allow(request))) return undefined;
    if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed(request.method);
    if (route === "json") return (await bodies.json()).respond(request, REVALIDATE);
    if (route === "yaml") return (await bodies.yaml()).respond(request, REVALIDATE);
    if (route === "page") return pageResponse(request, bodies, checked);
    return assetResponse(request, bodies, route.asset);
  };
}

