/**
 * What user code called by Specloom (plugin hooks, schema converters, merge's prefix
 * functions) may throw: not only Errors. Each thrown value is marked so the invariants can
 * tell a caller's hook error (which must come back wrapped in a SpecloomError) from a
 * getter's error (which the README lets pass through unchanged).
 */
import fc from "fast-check";
import { SpecloomError } from "specloom";

export type ThrowKind = "error" | "specloom" | "string" | "undefined" | "null-prototype" | "bad-to-string" | "symbol" | "frozen-error";

export const throwKind: fc.Arbitrary<ThrowKind> = fc.constantFrom("error", "specloom", "string", "undefined", "null-prototype", "bad-to-string", "symbol", "frozen-error");

/** Values thrown by hooks and converters: never allowed to escape as they are. */
export const hookThrown = new WeakSet<object>();

/** The error a getter of the caller's throws, which the README lets through unchanged. */
export class GetterTrap extends Error {
  override readonly name = "GetterTrap";
}

/** Throws a fresh value of the kind (hooks and converters call this). */
export function throwValue(kind: ThrowKind): never {
  switch (kind) {
    case "error": throw remember(new Error("hook failed"));
    case "specloom": throw remember(new SpecloomError("INVALID_DEFINITION", "fuzz", "a plugin chose this code"));
    case "string": throw "hook failed";
    case "undefined": throw undefined;
    case "symbol": throw Symbol("hook");
    case "null-prototype": throw remember(Object.create(null) as object);
    case "bad-to-string":
      throw remember({
        toString() {
          throw new Error("toString throws");
        },
      });
    case "frozen-error": throw remember(Object.freeze(new TypeError("frozen")));
  }
}

function remember<T extends object>(value: T): T {
  hookThrown.add(value);
  return value;
}
