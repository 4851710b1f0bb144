/**
 * The changes `specloom diff` found, as text (one line each), JSON (what diff() returns),
 * a Markdown table (for a pull request comment) or GitHub Actions workflow commands (each
 * change an annotation of the run).
 */
import type { DiffChange, DiffLevel, DiffResult } from "specloom";

export type DiffFormat = "text" | "json" | "markdown" | "github";
export const DIFF_FORMATS: readonly DiffFormat[] = ["text", "json", "markdown", "github"];

export function formatChanges(result: DiffResult, format: DiffFormat): string {
  switch (format) {
    case "json":
      return JSON.stringify(result, null, 2) + "\n";
    case "markdown":
      return markdown(result.changes);
    case "github":
      return result.changes.map(annotation).join("");
    default:
      return result.changes.map((change) => `${change.level.padEnd(7)} ${change.id}: ${where(change)}${change.message} (${change.location || "/"})\n`).join("");
  }
}

const where = (change: DiffChange) => (change.operation === undefined ? "" : `${change.operation}: `);

function markdown(changes: readonly DiffChange[]): string {
  if (changes.length === 0) return "No changes.\n";
  const cell = (text: string) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
  const rows = changes.map((change) => `| ${change.level} | \`${change.id}\` | ${cell(change.operation ?? "")} | ${cell(change.message)} | \`${cell(change.location || "/")}\` |`);
  return ["| Level | Id | Operation | Change | Location |", "|---|---|---|---|---|", ...rows].join("\n") + "\n";
}

const COMMANDS: Readonly<Record<DiffLevel, string>> = { error: "error", warning: "warning", info: "notice" };

/** `::error title=request-parameter-removed::GET /pets: ...`, escaped as the runner reads it. */
function annotation(change: DiffChange): string {
  const data = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const property = (text: string) => data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
  return `::${COMMANDS[change.level]} title=${property(change.id)}::${data(`${where(change)}${change.message} (${change.location || "/"})`)}\n`;
}

const RANK: Readonly<Record<DiffLevel, number>> = { info: 0, warning: 1, error: 2 };

/** Whether a change at or above `failOn` was found. */
export function failsAt(changes: readonly DiffChange[], failOn: DiffLevel | "never"): boolean {
  if (failOn === "never") return false;
  return changes.some((change) => RANK[change.level] >= RANK[failOn]);
}

/** `3 changes: 1 error, 2 info`. */
export function summaryLine(changes: readonly DiffChange[]): string {
  if (changes.length === 0) return "no changes";
  const count = (level: DiffLevel) => changes.filter((change) => change.level === level).length;
  const parts = (["error", "warning", "info"] as const).filter((level) => count(level) > 0).map((level) => `${count(level)} ${level}${level === "info" || count(level) === 1 ? "" : "s"}`);
  return `${changes.length} change${changes.length === 1 ? "" : "s"}: ${parts.join(", ")}`;
}
