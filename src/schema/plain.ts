import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { isObject } from "../internal/own";
import { toOpenAPI30Node } from "./dialect-30";
import { toOpenAPI31Node, type SourceDialect } from "./dialect-31";
import { rebuildSchema } from "./rebuild";
import type { Dialect } from "./vendor";

/**
 * A Schema Object written by hand (in a ResponseObject, or returned by a plugin), copied
 * into the document's dialect with the same conversions vendor output gets. Its `$ref`s
 * are kept as written and checked once the document is complete.
 */
export function plainSchema(value: unknown, dialect: Dialect, location: string, from: SourceDialect = "draft-2020-12"): unknown {
  if (!isObject(value) && typeof value !== "boolean") {
    throw new SpecloomError("INVALID_DEFINITION", location, `expected a Schema Object, found ${describeValue(value)}`);
  }
  // Validates that it is JSON (no functions, no cycles) with a useful location first.
  const data = cloneData(value, location);
  const hook = dialect === "3.0" ? toOpenAPI30Node : toOpenAPI31Node(from);
  return rebuildSchema(data, hook).value;
}
