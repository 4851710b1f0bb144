import { HTTP_METHODS, isHttpMethod } from "../internal/http-methods";
import { getOwn, setOwn } from "../internal/own";
import type { HttpMethod, OperationObject, PathItemObject, RouteMethod } from "../types/document";

/**
 * Puts an operation in its path item: the eight methods and `query` under their own field,
 * any other method under `additionalOperations` (3.2: "The map key is the HTTP method with
 * the same capitalization that is to be sent in the request").
 */
export function placeOperation(group: Record<string, PathItemObject>, path: string, method: RouteMethod, operation: OperationObject): void {
  let item = getOwn(group, path) as PathItemObject | undefined;
  if (!item) setOwn(group, path, (item = {}));
  if (isHttpMethod(method) || method === "query") {
    item[method as HttpMethod | "query"] = operation;
    return;
  }
  const additional = (item.additionalOperations ??= {});
  setOwn(additional, method, operation);
}

/** The operation of `method` in a path item, wherever it sits. */
export function operationOf(item: PathItemObject | undefined, method: RouteMethod): OperationObject | undefined {
  if (item === undefined) return undefined;
  if (isHttpMethod(method) || method === "query") return item[method as HttpMethod | "query"];
  return item.additionalOperations === undefined ? undefined : (getOwn(item.additionalOperations, method) as OperationObject | undefined);
}

/**
 * Path item keys in the specification's order: get ... trace, then 3.2's query and
 * additionalOperations. An item whose keys are in that order already is kept.
 */
export function orderMethods(item: PathItemObject): PathItemObject {
  if (inOrder(item)) return item;
  const ordered: PathItemObject = {};
  for (const method of HTTP_METHODS) if (item[method]) ordered[method] = item[method];
  if (item.query) ordered.query = item.query;
  if (item.additionalOperations) ordered.additionalOperations = item.additionalOperations;
  return ordered;
}

/** The rank of each path item key in the specification's order. */
const RANK: ReadonlyMap<string, number> = new Map([...HTTP_METHODS, "query", "additionalOperations"].map((key, rank) => [key, rank]));

function inOrder(item: PathItemObject): boolean {
  let last = -1;
  for (const key of Object.keys(item)) {
    const rank = RANK.get(key) as number;
    if (rank < last) return false;
    last = rank;
  }
  return true;
}
