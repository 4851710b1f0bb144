/**
 * The fenced code blocks of a Markdown page, read as CommonMark reads them: a fence is
 * three or more backticks (or tildes) indented at most three spaces beyond the list item it
 * sits in; it closes at a line of the same character, at least as long, with nothing after
 * it. Shared by the test that checks every fence (fences.test.ts) and the one that runs
 * every TypeScript block (readme.test.ts), so the two read the same blocks.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** README.md, then every Markdown page under docs/, in a stable order: the pages the docs tests read. */
export function markdownPages(root: string): string[] {
  const files = [join(root, "README.md")];
  const docs = join(root, "docs");
  if (existsSync(docs)) {
    for (const entry of readdirSync(docs, { recursive: true, encoding: "utf8" }).sort()) {
      if (entry.endsWith(".md")) files.push(join(docs, entry));
    }
  }
  return files;
}

export interface Fence {
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's first word (`ts`, `yaml`...), "" when there is none. */
  language: string;
  /** The block's text, the opening fence's indentation taken off each line. */
  code: string;
  /** Whether a closing fence was found before the page ended. */
  closed: boolean;
  /** The reason of a `<!-- not run: reason -->` comment just before the fence ("" without a reason), undefined without one. */
  notRun: string | undefined;
}

const OPEN = /^( *)(`{3,}|~{3,})(.*)$/;
const NOT_RUN = /^<!-- not run(?::\s*(.*?))?\s*-->$/;

export function fences(markdown: string): Fence[] {
  const lines = markdown.split("\n");
  const found: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    const marker = open[2] as string;
    const info = (open[3] as string).trim();
    // A backtick fence's info string cannot hold a backtick: that line is inline code.
    if (marker.startsWith("`") && info.includes("`")) continue;
    const close = new RegExp(`^ *${marker[0] === "`" ? "`" : "~"}{${marker.length},}\\s*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !close.test(lines[j] as string); j++) body.push(stripIndent(lines[j] as string, indent));
    const previous = previousLine(lines, i);
    const notRun = NOT_RUN.exec(previous);
    found.push({ line: i + 1, language: info.split(/\s+/)[0] ?? "", code: body.length ? `${body.join("\n")}\n` : "", closed: j < lines.length, notRun: notRun ? (notRun[1] ?? "") : undefined });
    i = j;
  }
  return found;
}

function stripIndent(line: string, indent: number): string {
  let cut = 0;
  while (cut < indent && line[cut] === " ") cut++;
  return line.slice(cut);
}

/** The nearest line above `index` that is not blank. */
function previousLine(lines: readonly string[], index: number): string {
  for (let k = index - 1; k >= 0; k--) if ((lines[k] as string).trim() !== "") return (lines[k] as string).trim();
  return "";
}
