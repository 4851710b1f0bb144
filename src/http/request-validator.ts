import { SpecloomError } from "../errors";
import { parseRouteKey } from "../generate/route-key";
import { routeMethod } from "../internal/http-methods";
import { checkParts, type PartInputs } from "./check-parts";
import { parseBody } from "./parse-body";
import { badRequest, refusal } from "./problem";
import { RouteMatcher } from "./route-matcher";
import { apiModel, type RouteModel } from "./route-model";
import { cookiePairs, queryPairs } from "./text-decoding";
import type { OpenAPIDocument } from "../types/document";
import type { InvalidRequest, RequestValidatorOptions, Validate, ValidationResult, ValidatorDefinition } from "./types";
import { bodyRules } from "./validator-options";

/**
 * A validator of Web `Request`s for a definition or an OpenAPI document: each request is
 * checked as the document (for a definition, `openapi(definition)`) describes it (the same
 * route keys, parameter styles and media types), then by the route's own schemas, or for a
 * document by its JSON Schemas. Client mistakes are answers (400, 404, 405, 408, 413, 415
 * with RFC 9457 Problem Details), never exceptions; the server's mistakes are SpecloomErrors.
 */
export function requestValidator<const D extends ValidatorDefinition | OpenAPIDocument>(definition: D, options: RequestValidatorOptions = {}): Validate<D> {
  const rules = bodyRules(options);
  const model = apiModel(definition);
  const matcher = new RouteMatcher(model.routes);

  const validate = async (request: Request, key?: string): Promise<ValidationResult<D, string>> => {
    const url = splitUrl(request.url);
    const found = key === undefined ? findRoute(matcher, request.method, url.pathname) : givenRoute(matcher, key, request.method, url.pathname);
    if ("ok" in found) return found;
    const { route, raw } = found;
    const body = await parseBody(request, route, rules, model.resolve);
    if ("status" in body) {
      if (body.status === 413) return refusal(413, `the request body is larger than ${body.limit} bytes`);
      if (body.status === 408) return refusal(408, `the request body did not arrive in full within ${body.timeout} ms`);
      const detail = `${body.type === "" ? "a request body without a Content-Type" : `the media type ${body.type}`} is not accepted here (accepted: ${body.accepted.join(", ")})`;
      // RFC 9110 15.5.16: the types a method takes, where a header says them (Accept-Post, Accept-Patch).
      const accept: Record<string, string> = route.method === "post" || route.method === "patch" ? { [`accept-${route.method}`]: body.accepted.join(", ") } : {};
      return refusal(415, detail, { allowed: [...body.accepted] }, accept);
    }
    const needsQuery = route.locations.query.parameters.length > 0 || route.querystring !== undefined;
    const inputs: PartInputs = {
      path: raw,
      query: needsQuery ? queryPairs(url.search) : new Map(),
      headers: request.headers,
      cookies: route.locations.cookie.parameters.length > 0 ? cookiePairs(request.headers.get("cookie")) : new Map(),
      body,
    };
    const checked = await checkParts(route, inputs, model.resolve);
    if (checked.issues.length > 0) return badRequest(checked.issues);
    return { ok: true, route: route.key, ...checked.parts } as ValidationResult<D, string>;
  };
  return validate as Validate<D>;
}

/**
 * The path and query of a Request's URL, which is always absolute and serialised by the URL
 * parser (so no second parse is needed): `scheme://authority/path?query#fragment`.
 */
function splitUrl(href: string): { pathname: string; search: string } {
  const hash = href.indexOf("#");
  const end = hash === -1 ? href.length : hash;
  const slash = href.indexOf("/", href.indexOf("//") + 2);
  if (slash === -1 || slash > end) return { pathname: "/", search: "" };
  const question = href.indexOf("?", slash);
  if (question === -1 || question > end) return { pathname: href.slice(slash, end), search: "" };
  return { pathname: href.slice(slash, question), search: href.slice(question, end) };
}

type Found = { route: RouteModel; raw: ReadonlyMap<string, string> } | InvalidRequest;

function findRoute(matcher: RouteMatcher, method: string, pathname: string): Found {
  const parsed = routeMethod(method);
  let match = parsed === undefined ? { found: undefined, allow: [] } : matcher.match(parsed, pathname);
  // RFC 9110 9.3.2: HEAD is GET without the content, so a GET route answers it when no HEAD route does.
  if (match.found === undefined && parsed === "head") match = matcher.match("get", pathname);
  if (match.found !== undefined) return { route: match.found, raw: match.raw };
  if (match.allow.length === 0) return refusal(404, `no operation has the path ${JSON.stringify(pathname)}`);
  const allow = match.allow.join(", ");
  return refusal(405, `${pathname} has no ${method} operation (it has ${allow})`, { allowed: [...match.allow] }, { allow });
}

/** A route named by the caller (a framework that routed already): its key must exist; the URL must fit its path. */
function givenRoute(matcher: RouteMatcher, key: string, method: string, pathname: string): Found {
  const parsed = parseRouteKey(key, "validate(request, route)");
  const route = matcher.route(`${parsed.method.toUpperCase()} ${parsed.path}`);
  if (route === undefined) throw new SpecloomError("INVALID_ROUTE_KEY", "validate(request, route)", `the definition has no route ${JSON.stringify(key)}`);
  const match = matcher.match(route.method, pathname);
  if (match.found === route) return { route, raw: match.raw };
  const fit = matcher.fit(route, pathname);
  if (fit !== undefined) return { route, raw: fit };
  return refusal(404, `${JSON.stringify(pathname)} is not a path of ${route.key} (${method})`);
}
