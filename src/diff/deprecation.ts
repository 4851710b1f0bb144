/**
 * Deprecation with `x-sunset`, as oasdiff reads it: removing an operation that was not
 * deprecated, or whose sunset date is still ahead, is an error; after its sunset it is
 * information. A sunset date deleted or moved earlier is an error too.
 */
import { getOwn } from "../internal/own";
import { quote, type Located, type Scope } from "./context";

/** The `x-sunset` of an operation: absent, a date as milliseconds, or unreadable. */
type Sunset = { kind: "none" } | { kind: "date"; time: number; text: string } | { kind: "invalid"; text: string };

function sunsetOf(operation: Record<string, unknown>): Sunset {
  const value = getOwn(operation, "x-sunset");
  if (value === undefined) return { kind: "none" };
  const text = typeof value === "string" ? value : quote(value);
  const time = typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? { kind: "invalid", text } : { kind: "date", time, text };
}

/** The id of removing `operation` (`api-path-...` when its whole path went). */
export function removalId(operation: Record<string, unknown>, wholePath: boolean, today: string): { id: string; note: string } {
  const prefix = wholePath ? "api-path-removed" : "api-removed";
  if (getOwn(operation, "deprecated") !== true) return { id: `${prefix}-without-deprecation`, note: "it was not deprecated first" };
  const sunset = sunsetOf(operation);
  if (sunset.kind === "none") return { id: `${prefix}-with-deprecation`, note: "it was deprecated" };
  if (sunset.kind === "invalid") return { id: "api-deprecated-sunset-parse", note: `its x-sunset ${sunset.text} is no date` };
  if (sunset.time > Date.parse(today)) return { id: `${prefix}-before-sunset`, note: `before its sunset date ${sunset.text}` };
  return { id: `${prefix}-with-deprecation`, note: `after its sunset date ${sunset.text}` };
}

/** `deprecated` and `x-sunset` of one operation in both documents. */
export function compareDeprecation(scope: Scope, before: Record<string, unknown>, after: Located & { node: Record<string, unknown> }): void {
  const [was, is] = [getOwn(before, "deprecated") === true, getOwn(after.node, "deprecated") === true];
  const [oldSunset, newSunset] = [sunsetOf(before), sunsetOf(after.node)];
  const add = (id: string, message: string) => scope.report.add(id, after.pointer, message, scope.operation);
  if (is && newSunset.kind === "invalid" && (!was || oldSunset.kind !== "invalid" || oldSunset.text !== newSunset.text)) {
    return add("api-deprecated-sunset-parse", `the operation's x-sunset ${newSunset.text} is no date (YYYY-MM-DD)`);
  }
  if (!was && is) {
    if (newSunset.kind === "date") add("endpoint-deprecated-with-sunset", `the operation was deprecated, with the sunset date ${newSunset.text}`);
    else add("endpoint-deprecated", "the operation was deprecated");
  } else if (was && !is) add("endpoint-reactivated", "the operation is no longer deprecated");
  else if (was && is && oldSunset.kind === "date") {
    if (newSunset.kind === "none") add("sunset-deleted", `the sunset date ${oldSunset.text} was deleted while the operation stays deprecated`);
    else if (newSunset.kind === "date" && newSunset.time < oldSunset.time) add("api-sunset-date-changed-too-small", `the sunset date moved earlier, from ${oldSunset.text} to ${newSunset.text}`);
  }
}
