/**
 * Every TypeScript block of README.md runs as written, against the built package (so
 * `import ... from "specloom"` goes through package.json `exports`, as for a user). A block
 * that prints an OpenAPI document has that document validated. A block preceded by
 * `<!-- not run: reason -->` is a fragment and is skipped by this test only. Comment lines
 * that end a block (`// [ 'get' ]`) quote what it prints last, and must be exactly that
 * (spaces aside).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectValidOpenAPI } from "../helpers/document";

const root = join(import.meta.dirname, "..", "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const work = join(root, "test", ".readme");

interface Block {
  index: number;
  line: number;
  code: string;
}

function tsBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const pattern = /(<!-- not run[^>]*-->\s*)?```ts\n([\s\S]*?)```/g;
  for (const match of markdown.matchAll(pattern)) {
    if (match[1]) continue;
    blocks.push({ index: blocks.length + 1, line: markdown.slice(0, match.index).split("\n").length + 1, code: match[2] as string });
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

const blocks = tsBlocks(readme);

describe("README.md", () => {
  it("has runnable examples and a built package to run them against", () => {
    expect(blocks.length).toBeGreaterThan(5);
    expect(existsSync(join(root, "dist", "index.js")), "run `npm run build` first (npm test does)").toBe(true);
  });

  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // No `paths` here: "specloom" resolves through the package's own exports map to dist/.
  writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", target: "ES2022", strict: true } }));

  it.each(blocks)("block $index (line $line) runs", async ({ index, code }) => {
    const file = join(work, `block-${index}.ts`);
    writeFileSync(file, code);
    // Run from the repository root, as a reader of the README would (`../shared/corpora` is beside it).
    const output = execFileSync(process.execPath, ["--import", "tsx", file], { cwd: root, encoding: "utf8", env: { ...process.env, TSX_TSCONFIG_PATH: join(work, "tsconfig.json") } });
    const trimmed = output.trim();
    if (trimmed.startsWith("{") && trimmed.includes('"openapi"')) {
      await expectValidOpenAPI(JSON.parse(trimmed));
    }
    const quoted = quotedOutput(code);
    if (quoted !== undefined) expect(trimmed.replace(/\s+/g, "").endsWith(quoted.replace(/\s+/g, "")), `the block prints:\n${trimmed}`).toBe(true);
  });
});
