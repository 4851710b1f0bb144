/**
 * The changes `specloom diff` found, in the medium they go to: text (each distinct change
 * with how many operations it reaches and one example, or with --by-operation one line per
 * change at each operation), JSON (what diff() returns), Markdown (./diff-markdown.ts) or
 * GitHub Actions annotations (./diff-github.ts).
 */
import type { DiffChange, DiffResult } from "specloom";
import { githubAnnotations } from "./diff-github";
import { markdownReport } from "./diff-markdown";
import { reachText, shownChanges, type ShownChange } from "./diff-shown";
import type { OutputOptions } from "./diff-summary";

export type DiffFormat = "text" | "json" | "markdown" | "github";
export const DIFF_FORMATS: readonly DiffFormat[] = ["text", "json", "markdown", "github"];

export function formatChanges(result: DiffResult, format: DiffFormat, options: OutputOptions): string {
  switch (format) {
    case "json":
      return JSON.stringify(result, null, 2) + "\n";
    case "markdown":
      return markdownReport(result, options);
    case "github":
      // The annotations GitHub shows, then the whole report for the step's log.
      return githubAnnotations(result, options) + textReport(result, options);
    default:
      return textReport(result, options);
  }
}

function textReport(result: DiffResult, options: OutputOptions): string {
  if (options.byOperation) return result.changes.map((change) => operationLine(change) + "\n").join("");
  return shownChanges(result).map(shownText).join("");
}

/** `error   request-parameter-became-required: GET /pets: the query parameter limit: became required (/paths/~1pets/get/parameters/0)`. */
export function operationLine(change: DiffChange): string {
  return `${change.level.padEnd(7)} ${change.id}: ${change.operation === undefined ? "" : `${change.operation}: `}${change.message} (${change.location || "/"})`;
}

/** One line, as --by-operation prints it, for a change at one operation named as it names it; else a second line says where it is seen. */
function shownText(change: ShownChange): string {
  const head = `${change.level.padEnd(7)} ${change.id}: `;
  const at = ` (${change.location || "/"})`;
  if (change.operations.length === 1 && change.example?.place === undefined) return `${head}${change.operations[0] as string}: ${change.message}${at}\n`;
  const reach = reachText(change);
  return `${head}${change.message}${at}\n${reach === undefined ? "" : `        ${reach}\n`}`;
}

