/**
 * No import circles in src/: every relative import (type-only ones too, since they tie the
 * files together for a reader just the same) is followed, and any cycle fails the test with
 * the files in it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..", "..", "src");

/** Every .ts file under `dir`. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (name.endsWith(".ts")) files.push(path);
    }
  }
  return files.sort();
}

/** `from "./x"`, `import "./x"`, `import("./x")`: the relative specifiers a file names. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']*)["']/g;

/** The file a relative specifier resolves to (`./x` is `x.ts` or `x/index.ts`), if it is a source file. */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, join(base, "index.ts")].find((candidate) => files.has(candidate));
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, match[1] as string, known);
      if (target !== undefined) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Each cycle once, as the files along it (depth-first, with an explicit stack). */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const cycles: string[][] = [];
  for (const start of graph.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [];
    const stack: { file: string; next: number }[] = [{ file: start, next: 0 }];
    state.set(start, "open");
    path.push(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { file: string; next: number };
      const targets = graph.get(frame.file) ?? [];
      if (frame.next >= targets.length) {
        state.set(frame.file, "done");
        stack.pop();
        path.pop();
        continue;
      }
      const target = targets[frame.next++] as string;
      const seen = state.get(target);
      if (seen === "open") cycles.push([...path.slice(path.indexOf(target)), target]);
      else if (seen === undefined) {
        state.set(target, "open");
        path.push(target);
        stack.push({ file: target, next: 0 });
      }
    }
  }
  return cycles;
}

describe("the import graph of src/", () => {
  it("finds a cycle when there is one (the check itself works)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(findCycles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it("follows imports, type-only imports and re-exports", () => {
    const graph = importGraph(sourceFiles(src));
    const edges = (file: string) => (graph.get(join(src, file)) ?? []).map((target) => relative(src, target));
    expect(edges("cli/program.ts")).toContain("cli/commands/merge.ts");
    expect(edges("merge/dialect-30.ts")).toEqual(expect.arrayContaining(["merge/part.ts", "merge/references.ts"]));
    expect(edges("index.ts")).toContain("generate/openapi.ts");
  });

  it("has no import circles", () => {
    const graph = importGraph(sourceFiles(src));
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(src, file)).join(" -> "));
    expect(cycles).toEqual([]);
  });
});
