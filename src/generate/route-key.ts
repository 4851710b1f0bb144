import { SpecloomError } from "../errors";
import { HTTP_METHODS, routeMethod } from "../internal/http-methods";
import type { RouteMethod } from "../types/document";
import type { ParsedRoute } from "../types/definition";

export { HTTP_METHODS };

/** A parsed route plus the form two keys share when they mean the same path (`/u/{}`). */
export interface RouteKey extends ParsedRoute {
  template: string;
}

/**
 * A route's method: the eight and QUERY lower-cased, any other HTTP token upper-cased (an
 * additional operation of 3.2). Whether the document's version can hold it is judged where
 * the version is known.
 */
export function parseMethod(method: unknown, location: string): RouteMethod {
  const parsed = routeMethod(method);
  if (parsed === undefined) {
    throw new SpecloomError(
      "INVALID_ROUTE_KEY",
      location,
      `${JSON.stringify(method)} is not an HTTP method (expected one of ${HTTP_METHODS.map((m) => m.toUpperCase()).join(", ")}, or with openapi: "3.2.0" QUERY or any other method name of letters, digits and !#$%&'*+-.^_\`|~)`,
    );
  }
  return parsed;
}

/**
 * `"GET /users/:id"` to `{ method: "get", path: "/users/{id}", pathParams: ["id"] }`. The
 * result is shared and frozen: documents are built again from the same keys (bounded).
 */
export function parseRouteKey(key: string, location: string): Readonly<RouteKey> {
  const known = parsedKeys.get(key);
  if (known) return known;
  // Exactly one space: `" GET /a"` or `"GET\t/a"` is a typo, not another way to write it.
  const match = /^(\S+) (\S+)$/.exec(key);
  if (!match) {
    throw new SpecloomError("INVALID_ROUTE_KEY", location, `route key ${JSON.stringify(key)} is not of the form "METHOD /path" (one space between them)`);
  }
  const route = parseRoute(match[1] as string, match[2] as string, location);
  Object.freeze(route.pathParams);
  if (parsedKeys.size >= KEPT) parsedKeys.clear();
  parsedKeys.set(key, Object.freeze(route));
  return route;
}

/** How many parsed keys and paths are kept, at most: a document's worth, many times over. */
const KEPT = 50_000;
const parsedKeys = new Map<string, Readonly<RouteKey>>();

export function parseRoute(method: unknown, path: unknown, location: string): RouteKey {
  const parsedMethod = parseMethod(method, location);
  return { method: parsedMethod, ...parsePath(path, location) };
}

/**
 * A path template: starts with `/`; `{name}` anywhere, or Express-style `:name` at the start
 * of a segment, declares a parameter (`/v1/{name}:cancel` keeps its literal colon).
 */
/** Parsed templates, kept because documents are built again from the same paths (bounded). */
const parsed = new Map<string, { path: string; pathParams: string[]; template: string }>();

export function parsePath(path: unknown, location: string): { path: string; pathParams: string[]; template: string } {
  const known = typeof path === "string" ? parsed.get(path) : undefined;
  if (known) return { path: known.path, pathParams: [...known.pathParams], template: known.template };
  const result = parseTemplate(path, location);
  if (parsed.size >= KEPT) parsed.clear();
  parsed.set(path as string, result);
  return { path: result.path, pathParams: [...result.pathParams], template: result.template };
}

function parseTemplate(path: unknown, location: string): { path: string; pathParams: string[]; template: string } {
  const fail = (why: string): never => {
    throw new SpecloomError("INVALID_ROUTE_KEY", location, `path ${JSON.stringify(path)} ${why}`);
  };
  if (typeof path !== "string" || !path.startsWith("/")) return fail("must start with \"/\"");
  if (/[\s?#]/.test(path)) return fail("must not contain whitespace, a query string or a fragment");
  // A trailing slash makes another path (`/users/`); an empty segment inside one is a typo.
  if (path.includes("//")) return fail("has an empty segment (\"//\")");
  const pathParams: string[] = [];
  const segments = path.split("/").map((segment) => {
    const colon = /^:([A-Za-z_][A-Za-z0-9_]*)(.*)$/.exec(segment);
    const text = colon ? `{${colon[1]}}${colon[2]}` : segment;
    return text.replace(/\{([^{}]*)\}/g, (_all, name: string) => {
      if (!/^[A-Za-z0-9_.-]+$/.test(name)) fail(`has an invalid parameter name ${JSON.stringify(name)}`);
      if (pathParams.includes(name)) fail(`declares the parameter "${name}" twice`);
      pathParams.push(name);
      return `{${name}}`;
    });
  });
  const normalised = segments.join("/");
  if (/[{}]/.test(normalised.replace(/\{[A-Za-z0-9_.-]+\}/g, ""))) fail("has an unbalanced { or }");
  if (/(^|\/):/.test(normalised)) fail("has a \":\" parameter without a valid name");
  return { path: normalised, pathParams, template: normalised.replace(/\{[^}]*\}/g, "{}") };
}

/** `"POST newPet"` to its method and event name. */
export function parseWebhookKey(key: string, location: string): { method: RouteMethod; name: string } {
  const match = /^(\S+) (\S+)$/.exec(key);
  if (!match) {
    throw new SpecloomError("INVALID_ROUTE_KEY", location, `webhook key ${JSON.stringify(key)} is not of the form "METHOD eventName" (one space between them)`);
  }
  return { method: parseMethod(match[1], location), name: match[2] as string };
}
