import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { isObject } from "../internal/own";
import { toOpenAPI30Node } from "./dialect-30";
import { toOpenAPI31Node, type SourceDialect } from "./dialect-31";
import { checkedRebuild } from "./checked-rebuild";
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
  const convert = dialect === "3.0" ? toOpenAPI30Node : toOpenAPI31Node(from);
  // Checked as a library's answer is: a hand-written or plugin schema that is not JSON
  // Schema would otherwise make the document invalid. A 3.0 document's own forms (boolean
  // exclusive bounds) are allowed there.
  const checkAs: SourceDialect = dialect === "3.0" && from === "draft-2020-12" ? "openapi-3.0" : from;
  return checkedRebuild(data, convert, {
    from: checkAs,
    refsInData: dialect !== "3.0",
    fail: (where, problem, cause) => new SpecloomError("INVALID_DEFINITION", location, `not a valid Schema Object at ${where}: ${problem}`, { cause }),
  });
}
