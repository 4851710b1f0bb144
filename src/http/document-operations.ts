import { parseRouteKey } from "../generate/route-key";
import { forEachOperation } from "../internal/http-methods";
import { getOwn, isObject, type JsonObject } from "../internal/own";
import type { RouteMethod } from "../types/document";
import type { Resolve } from "./json-schema";

/** One operation of a document's `paths`, with its path item (`$ref`s followed). */
export interface DocumentOperation {
  /** `GET /users/{id}`, the path as the document writes it. */
  readonly key: string;
  readonly method: RouteMethod;
  readonly path: string;
  readonly item: JsonObject;
  readonly operation: JsonObject;
  /** Where the operation is, for messages: `paths["/users/{id}"].get`. */
  readonly where: string;
}

/** Every operation under `paths`: the eight methods, 3.2's `query` and its `additionalOperations`. */
export function documentOperations(document: JsonObject, resolve: Resolve): DocumentOperation[] {
  const found: DocumentOperation[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const path of Object.keys(paths)) {
    if (!path.startsWith("/")) continue;
    const item = resolve(getOwn(paths, path));
    if (item === undefined) continue;
    forEachOperation(item, (operation, key, extra) => {
      const resolved = resolve(operation);
      if (resolved === undefined) return;
      const method = extra === undefined ? key : extra.toUpperCase();
      const where = `paths[${JSON.stringify(path)}].${extra === undefined ? key : `additionalOperations[${JSON.stringify(extra)}]`}`;
      found.push({ key: `${method.toUpperCase()} ${path}`, method, path, item, operation: resolved, where });
    });
  }
  return found;
}

/** A path template with its parameter names left out (`/users/{}`): two templates that differ only in names are one path. */
export function templateShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, "{}");
}

/**
 * Finds the operation a caller's route key names (`GET /users/{id}`, `GET /users/:id`, any
 * parameter names), or undefined. `where` names the caller for the key's own errors.
 */
export function operationByKey<T extends { readonly method: RouteMethod; readonly path: string }>(byShape: ReadonlyMap<string, T>, key: string, where: string): T | undefined {
  const parsed = parseRouteKey(key, where);
  return byShape.get(`${parsed.method.toUpperCase()} ${templateShape(parsed.path)}`);
}
