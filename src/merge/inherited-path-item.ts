import { hasOwn, type JsonObject } from "../internal/own";
import { mapOperations } from "../internal/http-methods";
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
  // Every operation, 3.2's query and additionalOperations included.
  return mapOperations(next, (operation) => (hasOwn(operation, "security") ? undefined : { ...operation, security }));
}
