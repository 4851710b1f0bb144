import type { JsonObject } from "../internal/own";

/**
 * The two forms 3.0.3 needs around a reference or a union, shared by the dialect
 * conversion and by a named schema used with annotations. Siblings of a `$ref` "SHALL be
 * ignored", so they sit beside `allOf: [{ $ref }]`; `nullable` counts only "if type is
 * explicitly defined within the same Schema Object", so a nullable reference or union is a
 * union with a branch that accepts exactly null.
 */

/** A branch that accepts exactly null, in 3.0 terms. */
export function nullBranch(): JsonObject {
  return { type: "string", nullable: true, enum: [null] };
}

/** `ref` with `siblings` kept meaningful: they hold it as the first of their `allOf`. Changes `siblings` in place. */
export function besideRef<R extends object>(siblings: JsonObject, ref: R): JsonObject | R {
  if (Object.keys(siblings).length === 0) return ref;
  siblings.allOf = Array.isArray(siblings.allOf) ? [ref, ...(siblings.allOf as unknown[])] : [ref];
  return siblings;
}

/** `branch` or null, with `outer` (keywords that describe the value, never an `anyOf`) outside the union. Changes `outer` in place. */
export function orNull(outer: JsonObject, branch: unknown): JsonObject {
  outer.anyOf = [branch, nullBranch()];
  return outer;
}
