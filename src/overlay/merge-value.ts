/**
 * The Overlay merge: how an `update` (or a copied) value goes into a selected node.
 * Overlay 1.1 spells out what 1.0 describes more briefly, and Specloom reads both with
 * these rules:
 *
 * - a property only in the target is left unchanged; one only in the update is inserted;
 * - primitive over primitive: replaced; array with array: concatenated; object with
 *   object: merged, recursively; any other pair is an error.
 *
 * Iterative (an explicit stack), and every inserted value is a fresh copy, so the update
 * is never shared between nodes nor frozen with the result.
 */
import { SpecloomError, describeValue } from "../errors";
import { copyStructure } from "../internal/clone";
import { hasOwn, isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";

export type NodeKind = "object" | "array" | "primitive";

export function kindOf(value: unknown): NodeKind {
  if (Array.isArray(value)) return "array";
  return value !== null && typeof value === "object" ? "object" : "primitive";
}

/** A copy of JSON data that shares nothing with it. */
export function fresh<T>(value: T): T {
  return copyStructure(value, () => false);
}

/** Appends `value` to `array`: the items of an array value, or the value itself. */
export function appendTo(array: unknown[], value: unknown): void {
  if (Array.isArray(value)) for (const item of value) array.push(fresh(item));
  else array.push(fresh(value));
}

/**
 * Merges `update` into `target`. `at` names the update in messages (`overlays[0].actions[1].update`),
 * `where` the target node (`$['info']`).
 */
export function mergeInto(target: JsonObject, update: JsonObject, at: string, where: string): void {
  const stack: [JsonObject, JsonObject, string][] = [[target, update, ""]];
  while (stack.length > 0) {
    const [into, from, path] = stack.pop() as [JsonObject, JsonObject, string];
    for (const key of Object.keys(from)) {
      const value = from[key];
      if (!hasOwn(into, key)) {
        setOwn(into, key, fresh(value));
        continue;
      }
      const existing = into[key];
      const kinds = `${kindOf(value)} ${kindOf(existing)}`;
      if (kinds === "primitive primitive") setOwn(into, key, value);
      else if (kinds === "array array") appendTo(existing as unknown[], value);
      else if (kinds === "object object" && isPlainObject(existing)) stack.push([existing, value as JsonObject, path + propertyLabel(key)]);
      else {
        throw new SpecloomError(
          "INVALID_DEFINITION",
          at + path + propertyLabel(key),
          `cannot merge ${describeValue(value)} into ${describeValue(existing)} at ${where}${path}${propertyLabel(key)}: "Other property value combinations are incompatible and result in an error"`,
        );
      }
    }
  }
}
