/**
 * The changes as a pull request comment: the counts on top, the changes that reach
 * --fail-on (errors when it is never) in a table, the rest folded in `<details>`, and never
 * more than a comment holds (65,536 characters): what does not fit is counted instead.
 */
import type { DiffChange, DiffLevel, DiffResult } from "specloom";
import { reachText, shownChanges, type ShownChange } from "./diff-shown";
import { RANK, countLine, failLine, reaching, type OutputOptions } from "./diff-summary";

/** A GitHub comment's limit, in characters. */
export const MARKDOWN_LIMIT = 65_536;
/** Room kept for what closes the comment: a `</details>` and the count of what did not fit. */
const CLOSING = 400;

/** A table row, written only if it fits. */
interface Row {
  readonly level: DiffLevel;
  text(): string;
}

export function markdownReport(result: DiffResult, options: OutputOptions): string {
  if (result.changes.length === 0 && result.distinct.length === 0) return "No changes.\n";
  const head = ["### API changes", "", `**${countLine(result.distinct)}**${operationCount(result)}${result.breaking ? " (breaking)." : "."}`];
  const failing = reaching(result.distinct, options.failOn);
  if (failing.length > 0) head.push("", `**This fails the job**: ${cell(failLine(failing, options.failOn as DiffLevel))}.`);
  const rows = options.byOperation ? result.changes.map(operationRow) : shownChanges(result).map(shownRow);
  const header = options.byOperation ? ["| Level | Id | Operation | Change | Location |", "|---|---|---|---|---|"] : ["| Level | Id | Change | Location | Operations |", "|---|---|---|---|---|"];
  const shownLevel = options.failOn === "never" ? "error" : options.failOn;
  const open = rows.filter((row) => RANK[row.level] >= RANK[shownLevel]);
  const folded = rows.filter((row) => RANK[row.level] < RANK[shownLevel]);
  const out = new Budget(head.join("\n") + "\n");
  if (open.length > 0) out.table(header, open);
  if (folded.length > 0 && out.fits(200)) {
    out.add(`\n<details><summary>${countLine(folded).replace(/^(\d+) changes?/, (_, count: string) => `${count} more`)}</summary>\n\n`);
    out.table(header, folded);
    out.add("\n</details>\n");
  }
  const left = rows.length - out.rows;
  if (left > 0) out.add(`\n${left} more not shown here: \`specloom diff --format json\` lists every change.\n`);
  return out.text;
}

/** Text that stops taking rows before it would pass the limit. */
class Budget {
  rows = 0;
  constructor(public text: string) {}

  fits(length: number): boolean {
    return this.text.length + length + CLOSING < MARKDOWN_LIMIT;
  }

  add(text: string): void {
    this.text += text;
  }

  table(header: readonly string[], rows: readonly Row[]): void {
    const start = header.join("\n") + "\n";
    if (!this.fits(start.length)) return;
    this.text += "\n" + start;
    for (const row of rows) {
      const text = row.text();
      if (!this.fits(text.length + 1)) return;
      this.text += text + "\n";
      this.rows++;
    }
  }
}

function operationCount(result: DiffResult): string {
  const count = new Set(result.distinct.flatMap((change) => change.operations)).size;
  return count > 1 ? `, at ${count} operations` : "";
}

/** Text safe inside a table cell: no pipe, line break or HTML tag. */
function cell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/\r?\n/g, " ");
}

const code = (text: string) => `\`${cell(text).replace(/`/g, "'")}\``;

function shownRow(change: ShownChange): Row {
  return { level: change.level, text: () => `| ${change.level} | ${code(change.id)} | ${cell(change.message)} | ${code(change.location || "/")} | ${cell(reachText(change) ?? "")} |` };
}

function operationRow(change: DiffChange): Row {
  return { level: change.level, text: () => `| ${change.level} | ${code(change.id)} | ${cell(change.operation ?? "")} | ${cell(change.message)} | ${code(change.location || "/")} |` };
}
