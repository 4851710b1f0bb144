/**
 * A schema that accepts exactly null, in any version's words: 3.1's `{ type: "null" }`,
 * `const: null`, an enum of null alone (3.0 has no null type: Specloom writes such a branch
 * `{ type: "string", nullable: true, enum: [null] }`). A choice's branch like this is the
 * schema's `nullable` flag, not a branch.
 */
import { getOwn, hasOwn, isObject } from "../internal/own";

/** Keywords that describe a value without restricting it, or that a null-only schema may carry beside its null. */
const BESIDE_NULL = new Set(["type", "nullable", "enum", "const", "title", "description", "example", "examples", "default", "deprecated", "$comment", "readOnly", "writeOnly"]);

export function isNullOnly(node: unknown): boolean {
  if (!isObject(node)) return false;
  for (const key of Object.keys(node)) if (!BESIDE_NULL.has(key) && !key.startsWith("x-")) return false;
  const type = getOwn(node, "type");
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  // A type list that leaves out null refuses it: `{ type: "string", enum: [null] }` accepts nothing.
  const typeAllowsNull = types === undefined || types.includes("null") || getOwn(node, "nullable") === true;
  if (!typeAllowsNull) return false;
  if (types !== undefined && types.length > 0 && types.every((entry) => entry === "null")) return true;
  if (hasOwn(node, "const")) return getOwn(node, "const") === null;
  const values = getOwn(node, "enum");
  return Array.isArray(values) && values.length > 0 && values.every((value) => value === null);
}
