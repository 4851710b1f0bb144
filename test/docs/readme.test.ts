/**
 * Every TypeScript block of README.md and of every page under docs/ type-checks under
 * `strict` and runs as written, against the built package (so
 * `import ... from "specloom"` goes through package.json `exports`, as for a user). A block
 * that prints an OpenAPI document has that document validated. A block preceded by
 * `<!-- not run: reason -->` is a fragment and is skipped by this test only. Comment lines
 * that end a block (`// [ 'get' ]`) quote what it prints last, and must be exactly that
 * (spaces aside).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { expectValidOpenAPI } from "../helpers/document";
import { fences, markdownPages } from "./fences";

const root = join(import.meta.dirname, "..", "..");
const work = join(root, "test", ".readme");

interface Block {
  index: number;
  line: number;
  code: string;
}

/** The `ts` blocks to run: every one without a `<!-- not run: reason -->` before it (fences.test.ts checks there is no other TypeScript block). */
function tsBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const fence of fences(markdown)) {
    if (fence.language !== "ts" || fence.notRun !== undefined) continue;
    blocks.push({ index: blocks.length + 1, line: fence.line + 1, code: fence.code });
  }
  return blocks;
}

/** The `//` comment lines at the end of a block: the output it quotes. */
function quotedOutput(code: string): string | undefined {
  const lines = code.trimEnd().split("\n");
  const quoted: string[] = [];
  while (lines.length > 0 && (lines[lines.length - 1] as string).startsWith("// ")) quoted.unshift((lines.pop() as string).slice(3));
  return quoted.length > 0 ? quoted.join("\n") : undefined;
}


rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// No `paths` here: "specloom" resolves through the package's own exports map to dist/.
// Every block is a module of its own (`moduleDetection: force`), as a reader's file would be.
const compilerOptions = { module: "ESNext", moduleResolution: "Bundler", target: "ES2022", strict: true, moduleDetection: "force", types: ["node"], skipLibCheck: true, noEmit: true };
writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions }));

/** The blocks' files, written once, so one TypeScript program checks them all. */
function blockFile(page: string, index: number): string {
  return join(work, `${page.replace(/[^A-Za-z0-9]+/g, "-")}-block-${index}.ts`);
}

let program: ts.Program | undefined;
/** TypeScript's errors in one block's file, from one program over every block. */
function typeErrors(file: string): string[] {
  if (program === undefined) {
    const { options, errors } = ts.convertCompilerOptionsFromJson(compilerOptions, work);
    expect(errors).toEqual([]);
    const files = readdirSync(work).filter((name) => name.endsWith(".ts")).map((name) => join(work, name));
    program = ts.createProgram(files, options);
  }
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`${file} is not in the program`);
  return ts.getPreEmitDiagnostics(program, source).map((diagnostic) => {
    const at = diagnostic.start === undefined ? "" : `line ${source.getLineAndCharacterOfPosition(diagnostic.start).line + 1}: `;
    return `${at}TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
  });
}

it("README.md has runnable examples and there is a built package to run them against", () => {
  expect(tsBlocks(readFileSync(join(root, "README.md"), "utf8")).length).toBeGreaterThan(0);
  expect(existsSync(join(root, "dist", "index.js")), "run `npm run build` first (npm test does)").toBe(true);
});

// A page without TypeScript blocks has nothing to run here.
const pages = markdownPages(root)
  .map((path) => ({ name: relative(root, path), blocks: tsBlocks(readFileSync(path, "utf8")) }))
  .filter((page) => page.blocks.length > 0);
for (const { name, blocks } of pages) for (const { index, code } of blocks) writeFileSync(blockFile(name, index), code);

describe.each(pages)("$name", ({ name, blocks }) => {
  it.each(blocks)("block $index (line $line) type-checks under strict", ({ index, line }) => {
    expect(typeErrors(blockFile(name, index)), `${name}, the block at line ${line}`).toEqual([]);
  });

  it.each(blocks)("block $index (line $line) runs", async ({ index, code }) => {
    const file = blockFile(name, index);
    // Run from the repository root, as a reader of the README would (paths such as `test/corpora/` are relative to it).
    const output = execFileSync(process.execPath, ["--import", "tsx", file], { cwd: root, encoding: "utf8", env: { ...process.env, TSX_TSCONFIG_PATH: join(work, "tsconfig.json") } });
    const trimmed = output.trim();
    if (trimmed.startsWith("{") && trimmed.includes('"openapi"')) {
      await expectValidOpenAPI(JSON.parse(trimmed));
    }
    const quoted = quotedOutput(code);
    if (quoted !== undefined) expect(trimmed.replace(/\s+/g, "").endsWith(quoted.replace(/\s+/g, "")), `the block prints:\n${trimmed}`).toBe(true);
  });
});
