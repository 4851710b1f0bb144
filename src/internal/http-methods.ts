import type { HttpMethod, RouteMethod } from "../types/document";
import { getOwn, isObject, setOwn, type JsonObject } from "./own";

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

/** A field of a Path Item Object that holds one operation: the eight, and 3.2's `query`. */
export function isOperationField(key: string): key is HttpMethod | "query" {
  return key === "query" || METHODS.has(key);
}

/**
 * Every operation of a path item with its key path (`["get"]`, `["additionalOperations",
 * "PURGE"]`), in the item's key order: the eight, 3.2's `query` and the entries of its
 * `additionalOperations` (a path item of an earlier version has neither). Reads the item's
 * own keys, usually one or two, rather than probing every method.
 */
export function pathItemOperations(item: Record<string, unknown>): { keys: readonly string[]; operation: unknown }[] {
  const found: { keys: readonly string[]; operation: unknown }[] = [];
  forEachOperation(item, (operation, key, method) => {
    found.push({ keys: method === undefined ? [key] : [key, method], operation });
  });
  return found;
}

/**
 * Calls `visit` with each operation of a path item, as `pathItemOperations` lists them, and
 * its key (with the method under `additionalOperations`), building no list: for the walks
 * that run once per path. Stops when `visit` returns false.
 */
export function forEachOperation(item: Record<string, unknown>, visit: (operation: unknown, key: string, method?: string) => boolean | void): void {
  for (const key of Object.keys(item)) {
    if (isOperationField(key)) {
      if (visit(item[key], key) === false) return;
    } else if (key === "additionalOperations") {
      const additional = getOwn(item, key);
      if (!isObject(additional)) continue;
      for (const method of Object.keys(additional)) if (visit(additional[method], key, method) === false) return;
    }
  }
}

/**
 * A path item with each operation `change` returns a replacement for (undefined: kept),
 * the item itself when nothing changed. Covers 3.2's `query` and `additionalOperations`.
 */
export function mapOperations(item: JsonObject, change: (operation: JsonObject) => JsonObject | undefined): JsonObject {
  let copy: JsonObject | undefined;
  for (const { keys, operation } of pathItemOperations(item)) {
    if (!isObject(operation)) continue;
    const replaced = change(operation);
    if (replaced === undefined) continue;
    copy ??= { ...item };
    if (keys.length === 1) setOwn(copy, keys[0] as string, replaced);
    else {
      // additionalOperations: a fresh map the first time one of its entries changes.
      if (copy.additionalOperations === item.additionalOperations) copy.additionalOperations = { ...(item.additionalOperations as JsonObject) };
      setOwn(copy.additionalOperations as JsonObject, keys[1] as string, replaced);
    }
  }
  return copy ?? item;
}
