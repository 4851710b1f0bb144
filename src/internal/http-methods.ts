import type { HttpMethod, RouteMethod } from "../types/document";
import { getOwn, hasOwn, isObject } from "./own";

/** The eight operations of a Path Item Object every 3.x version has, in the specification's field order. */
export const HTTP_METHODS: readonly HttpMethod[] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

export function isHttpMethod(value: unknown): value is HttpMethod {
  return typeof value === "string" && METHODS.has(value);
}

/** RFC 9110: `method = token`, `token = 1*tchar`. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function isMethodToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}

/**
 * The key of a route's method in a path item: the eight and `query` lower-cased, any other
 * token upper-cased (it goes under `additionalOperations`); undefined for a non-token.
 */
export function routeMethod(value: unknown): RouteMethod | undefined {
  if (!isMethodToken(value)) return undefined;
  const lower = value.toLowerCase();
  return isHttpMethod(lower) || lower === "query" ? lower : value.toUpperCase();
}

/** True for a method that only OpenAPI 3.2 can hold: QUERY or an additional operation. */
export function needs32(method: RouteMethod): boolean {
  return method === "query" || !isHttpMethod(method);
}

/** Where an operation of `method` sits in its path item: `["get"]` or `["additionalOperations", "PURGE"]`. */
export function operationKeys(method: RouteMethod): readonly string[] {
  return isHttpMethod(method) || method === "query" ? [method] : ["additionalOperations", method];
}

/**
 * Every operation of a path item with its key path: the eight, then 3.2's `query` and its
 * `additionalOperations` entries (a path item of an earlier version has neither).
 */
export function pathItemOperations(item: Record<string, unknown>): { keys: readonly string[]; operation: unknown }[] {
  const found: { keys: readonly string[]; operation: unknown }[] = [];
  for (const method of HTTP_METHODS) if (hasOwn(item, method)) found.push({ keys: [method], operation: item[method] });
  if (hasOwn(item, "query")) found.push({ keys: ["query"], operation: item.query });
  const additional = getOwn(item, "additionalOperations");
  if (isObject(additional)) for (const key of Object.keys(additional)) found.push({ keys: ["additionalOperations", key], operation: additional[key] });
  return found;
}
