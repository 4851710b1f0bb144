/**
 * Whether a schema accepts a value, as far as a view can tell without walking further: its
 * type, enum, bounds and pattern. Used where a schema lists its values (an enum, a const):
 * a bound every listed value satisfies restricts nothing, and a branch whose values another
 * branch accepts adds nothing. Where a view cannot tell (a property's own schema, a format),
 * the answer is no, so nothing is left out that might be a change.
 */
import { canonicalJson } from "../internal/canonical-json";
import { isObject } from "../internal/own";
import { viewOf, type Bound, type BoundName, type SchemaView } from "./schema-view";
import type { Side } from "./side";

/** How deep nested `anyOf`s are read: deeper, the answer is no (a bound, not user-sized recursion). */
const MAX_DEPTH = 8;

/** The JSON Schema type of a JSON value (`integer` for a whole number). */
function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** What `bound` measures on `value`: undefined when it does not apply to the value's type. */
function measure(name: BoundName, value: unknown): number | undefined {
  if (name === "min" || name === "max") return typeof value === "number" ? value : undefined;
  if (name === "min-length" || name === "max-length") return typeof value === "string" ? [...value].length : undefined;
  return Array.isArray(value) ? value.length : undefined;
}

/** Whether `value` satisfies one bound (a bound of another type's values always holds). */
export function withinBound(name: BoundName, bound: Bound, value: unknown): boolean {
  const measured = measure(name, value);
  if (measured === undefined) return true;
  const delta = name.startsWith("min") ? measured - bound.value : bound.value - measured;
  return bound.exclusive ? delta > 0 : delta >= 0;
}

/** Whether `value` matches `pattern`; undefined when the pattern is no ECMAScript regular expression. */
export function matchesPattern(pattern: string, value: unknown): boolean | undefined {
  if (typeof value !== "string") return true;
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return undefined;
  }
}

/** Whether `view` accepts `value`; an `anyOf` when one of its branches does (a `oneOf` needs to know the others refuse it: no). */
export function admits(side: Side, view: SchemaView, value: unknown, depth = 0): boolean {
  if (value === null) return view.nullable;
  if (view.oneOf !== undefined || view.format !== undefined) return false;
  if (view.anyOf !== undefined && (depth >= MAX_DEPTH || !view.anyOf.some((branch) => admits(side, viewOf(side, [branch]), value, depth + 1)))) return false;
  const type = typeOf(value);
  if (view.types !== undefined && !view.types.includes(type) && !(type === "integer" && view.types.includes("number"))) return false;
  if (view.enum !== undefined) {
    const key = canonicalJson(value);
    if (!view.enum.some((entry) => canonicalJson(entry) === key)) return false;
  }
  for (const [name, bound] of Object.entries(view.bounds) as [BoundName, Bound | undefined][]) if (bound !== undefined && !withinBound(name, bound, value)) return false;
  if (view.pattern !== undefined && matchesPattern(view.pattern, value) !== true) return false;
  // What is inside an object or an array is its properties' and items' schemas: not read here.
  if (Array.isArray(value)) return view.items.length === 0;
  if (isObject(value)) return view.properties.size === 0 && view.required.size === 0 && view.additional === undefined;
  return true;
}

/** Whether every value `values` lists is accepted by `view`. */
export function admitsAll(side: Side, view: SchemaView, values: readonly unknown[]): boolean {
  return values.every((value) => admits(side, view, value));
}
