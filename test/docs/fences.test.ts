/**
 * Every fenced block of README.md and of every page under docs/: it closes (an unclosed
 * fence turns the rest of the page into code on GitHub), it names its language, and a
 * TypeScript block is either run by readme.test.ts or says why not
 * (`<!-- not run: reason -->` just before it). TypeScript is written `ts`, the one spelling
 * the runner reads, so no block escapes it by being spelled otherwise.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { fences, markdownPages } from "./fences";

const root = join(import.meta.dirname, "..", "..");

/** The languages the pages use: TypeScript, shell commands, shell sessions with output, YAML, JSON, and plain text. */
const LANGUAGES = new Set(["ts", "sh", "console", "yaml", "json", "text"]);

/** What is wrong with a page's fences, one line each, naming the line of the fence. */
function fenceProblems(markdown: string): string[] {
  const problems: string[] = [];
  for (const fence of fences(markdown)) {
    if (!fence.closed) problems.push(`line ${fence.line}: the fence never closes`);
    if (fence.language === "") problems.push(`line ${fence.line}: the fence names no language`);
    else if (!LANGUAGES.has(fence.language)) problems.push(`line ${fence.line}: the language "${fence.language}" is none of ${[...LANGUAGES].join(", ")} (TypeScript is "ts", which the runner reads)`);
    if (fence.notRun !== undefined && fence.notRun.trim() === "") problems.push(`line ${fence.line}: "not run" says no reason`);
    if (fence.notRun !== undefined && fence.language !== "ts") problems.push(`line ${fence.line}: "not run" before a block that is not run anyway`);
  }
  return problems;
}

describe("the fence reader", () => {
  it("finds what a broken page gets wrong", () => {
    const page = [
      "# A page",
      "```ts",
      "const a = 1;",
      "```",
      "",
      "```",
      "plain",
      "```",
      "<!-- not run -->",
      "```ts",
      "start();",
      "```",
      "- a list item:",
      "  ```typescript",
      "  let b: number;",
      "  ```",
      "Inline ```code``` is no fence.",
      "````yaml",
      "```",
      "still: yaml",
      "````",
      "```sh",
      "npm test",
      "",
      "## This heading is inside the unclosed fence",
    ].join("\n");
    expect(fenceProblems(page)).toEqual([
      "line 6: the fence names no language",
      'line 10: "not run" says no reason',
      'line 14: the language "typescript" is none of ts, sh, console, yaml, json, text (TypeScript is "ts", which the runner reads)',
      "line 22: the fence never closes",
    ]);
    const read = fences(page);
    expect(read.map((fence) => fence.language)).toEqual(["ts", "", "ts", "typescript", "yaml", "sh"]);
    expect(read[3]?.code).toBe("let b: number;\n");
    expect(read[4]?.code).toBe("```\nstill: yaml\n");
  });
});

describe.each(markdownPages(root).map((path) => ({ page: relative(root, path), path })))("$page", ({ path }) => {
  it("closes every fence, names each one's language, and runs every TypeScript block or says why not", () => {
    const markdown = readFileSync(path, "utf8");
    expect(fenceProblems(markdown)).toEqual([]);
  });
});
