/** The counts of a diff, and which changes reach --fail-on: for the summary on stderr and the Markdown report. */
import type { DiffChange, DiffLevel, DiffResult } from "specloom";

export interface OutputOptions {
  /** One entry per change at each operation instead of each distinct change once. */
  readonly byOperation: boolean;
  readonly failOn: DiffLevel | "never";
}

export const RANK: Readonly<Record<DiffLevel, number>> = { info: 0, warning: 1, error: 2 };

/** `3 changes: 2 errors, 1 info`. */
export function countLine(changes: readonly { readonly level: DiffLevel }[]): string {
  if (changes.length === 0) return "no changes";
  const count = (level: DiffLevel) => changes.filter((change) => change.level === level).length;
  const parts = (["error", "warning", "info"] as const).filter((level) => count(level) > 0).map((level) => `${count(level)} ${level}${level === "info" || count(level) === 1 ? "" : "s"}`);
  return `${changes.length} change${changes.length === 1 ? "" : "s"}: ${parts.join(", ")}`;
}

/** Whether a change at or above `failOn` was found. */
export function failsAt(changes: readonly DiffChange[], failOn: DiffLevel | "never"): boolean {
  return reaching(changes, failOn).length > 0;
}

export function reaching<T extends { readonly level: DiffLevel }>(changes: readonly T[], failOn: DiffLevel | "never"): T[] {
  if (failOn === "never") return [];
  return changes.filter((change) => RANK[change.level] >= RANK[failOn]);
}

/** The summary on stderr: the counts, and when --fail-on fails the job, which changes reached it. */
export function summaryLines(result: DiffResult, failOn: DiffLevel | "never"): string[] {
  const operations = new Set(result.distinct.flatMap((change) => change.operations)).size;
  const where = operations > 1 ? `, at ${operations} operations` : "";
  const lines = [`${countLine(result.distinct)}${where}${result.breaking ? " (breaking)" : ""}`];
  const failing = reaching(result.distinct, failOn);
  if (failing.length > 0) lines.push(failLine(failing, failOn as DiffLevel));
  return lines;
}

/** How many of the changes that fail the job the summary names. */
const LISTED = 5;

/** `--fail-on error: 3 changes reached it, at 2 places: response-property-enum-value-added at /components/... (12 operations), ...`. */
export function failLine(failing: readonly { readonly id: string; readonly location: string; readonly operations: readonly string[] }[], failOn: DiffLevel): string {
  // Values added to one enum are one change to a reader.
  const places = new Map<string, string>();
  for (const change of failing) {
    const count = change.operations.length;
    const key = `${change.id} at ${change.location || "/"}`;
    if (!places.has(key)) places.set(key, `${key}${count === 0 ? "" : ` (${count === 1 ? change.operations[0] : `${count} operations`})`}`);
  }
  const listed = [...places.values()];
  // Counted in places too when some share one, so the count and the list add up.
  const unit = listed.length < failing.length ? " places" : "";
  const at = unit ? `, at ${listed.length} places` : "";
  const more = listed.length > LISTED ? `, and ${listed.length - LISTED} more${unit}` : "";
  return `--fail-on ${failOn}: ${failing.length} change${failing.length === 1 ? "" : "s"} reached it${at}: ${listed.slice(0, LISTED).join(", ")}${more}`;
}
