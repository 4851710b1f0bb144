import { hasOwn, isObject, type JsonObject } from "../internal/own";

/**
 * The references of an imported tree: their canonical form (`#` or `#/$defs/<key>`, key
 * unescaped) and which nodes hold one at or below them (everything else is shared as is).
 */

/** The key standing for the root schema itself (`"$ref": "#"`). */
export const ROOT = "#";

/** Canonical prefix of a reference to a definition. */
export const DEF_PREFIX = "#/$defs/";

/** Nodes that have a `$ref` at or below them. */
const refHolders = new WeakSet<object>();

export function holdsRef(node: unknown): boolean {
  return node !== null && typeof node === "object" && refHolders.has(node);
}

/** Marks a node as holding a `$ref` at or below it. */
export function markRefHolder(node: object): void {
  refHolders.add(node);
}

/** The definition key a canonical `$ref` points at (ROOT for `#`). */
export function refTarget(ref: string): string {
  return ref === ROOT ? ROOT : ref.slice(DEF_PREFIX.length);
}

/** Whether `node` is a reference node of an imported tree. */
export function isRefNode(node: unknown): node is JsonObject & { $ref: string } {
  return isObject(node) && typeof node.$ref === "string" && hasOwn(node, "$ref");
}
