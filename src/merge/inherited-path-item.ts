import { getOwn, hasOwn, isObject, type JsonObject } from "../internal/own";
import { HTTP_METHODS } from "./object-kinds";
import type { Inherited } from "./references";

/**
 * A path item with what it takes on from its document's root (createMerge's `servers:
 * "per-path"` and `security: "per-operation"`): the servers when it has none of its own
 * (`servers` true: only for path items of `paths`), and the security on each operation that
 * has none.
 */
export function withInherited(item: JsonObject, inherited: Inherited | undefined, servers: boolean): JsonObject {
  if (inherited === undefined) return item;
  let next = item;
  if (servers && inherited.servers !== undefined && !hasOwn(next, "servers")) next = { ...next, servers: inherited.servers };
  const security = inherited.security;
  if (security === undefined) return next;
  let copy: JsonObject | undefined;
  for (const method of HTTP_METHODS) {
    const operation = getOwn(next, method);
    if (!isObject(operation) || hasOwn(operation, "security")) continue;
    copy ??= next === item ? { ...item } : next;
    copy[method] = { ...operation, security };
  }
  return copy ?? next;
}
