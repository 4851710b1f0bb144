/**
 * The type-checking benchmark: `tsc --noEmit` of a generated definition with `PathsOf` and
 * one openapi-fetch call per operation, against the same calls over the file
 * openapi-typescript writes for the definition's document (with and without the definition
 * itself in the program). `specloom` is the built `dist/index.d.ts`, as users get it. Every
 * program must type-check without an error. The larger size checks that none is "Type
 * instantiation is excessively deep": its whole definition with the calls of ten resources
 * (the first call makes openapi-fetch look through every path; a call per operation would
 * take minutes, and adds no depth).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { ROOT_URL } from "../root";
import { callsSource, definitionSource, OPERATIONS_PER_RESOURCE } from "./sources";

const root = fileURLToPath(ROOT_URL);
const tsc = join(root, "node_modules", "typescript", "lib", "tsc.js");

export interface TypeCheckRow {
  operations: number;
  subject: string;
  /** CPU time (user + system) of each `tsc` run (s): on a shared machine, steadier than wall time. */
  cpu: number[];
  /** Wall time of each `tsc` run (s). */
  seconds: number[];
  errors: string[];
}

/** Runs tsc (its path the first argument, its own arguments after it) and prints the process's CPU time, on stderr. */
const TSC_WITH_CPU = `process.on("exit", () => { const u = process.cpuUsage(); process.stderr.write("CPU " + (u.user + u.system) / 1e6 + "\\n"); });
require(process.argv[1]);`;

/** The three programs of one size, written to `.bench/types/<operations>/`. */
async function writePrograms(operations: number, calledResources?: number[]): Promise<{ dir: string; programs: Record<string, string[]> }> {
  const dir = join(root, ".bench", "types", String(operations));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const resources = operations / OPERATIONS_PER_RESOURCE;
  writeFileSync(join(dir, "api.ts"), definitionSource(resources));
  writeFileSync(join(dir, "calls-paths-of.ts"), callsSource(resources, `import type { PathsOf } from "specloom";\nimport type { document } from "./api";`, "PathsOf<typeof document>", calledResources));
  writeFileSync(join(dir, "calls-generated.ts"), callsSource(resources, `import type { paths } from "./generated";`, "paths", calledResources));
  const { document } = (await import(join(dir, "api.ts"))) as { document: object };
  writeFileSync(join(dir, "generated.ts"), astToString(await openapiTS(structuredClone(document) as never)));
  return {
    dir,
    programs: {
      "PathsOf (definition + calls)": ["api.ts", "calls-paths-of.ts"],
      "openapi-typescript (generated file + calls)": ["generated.ts", "calls-generated.ts"],
      "definition + generated file + calls": ["api.ts", "generated.ts", "calls-generated.ts"],
    },
  };
}

/** One `tsc --noEmit` of `files`: its CPU and wall times and its error lines. */
function typeCheck(dir: string, files: string[]): { cpu: number; seconds: number; errors: string[] } {
  const config = join(dir, `tsconfig-${files.length}-${files[files.length - 1]}.json`);
  const compilerOptions = { target: "ES2022", module: "ESNext", moduleResolution: "Bundler", strict: true, skipLibCheck: true, noEmit: true, types: [], paths: { specloom: [join(root, "dist", "index.d.ts")] } };
  writeFileSync(config, JSON.stringify({ compilerOptions, files }));
  const started = performance.now();
  const child = spawnSync(process.execPath, ["-e", TSC_WITH_CPU, tsc, "-p", config], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  const cpu = Number(/CPU ([\d.]+)/.exec(child.stderr)?.[1] ?? Number.NaN);
  return { cpu, seconds, errors: `${child.stdout}${child.error ?? ""}`.split("\n").filter((line) => line.includes("error TS")) };
}

/** `runs` type checks of each program at `operations`, then one of the PathsOf program at `deep` operations. */
export async function typeCheckBench(operations: number, runs: number, deep: number): Promise<TypeCheckRow[]> {
  const rows: TypeCheckRow[] = [];
  const { dir, programs } = await writePrograms(operations);
  for (const [subject, files] of Object.entries(programs)) {
    const row: TypeCheckRow = { operations, subject, cpu: [], seconds: [], errors: [] };
    for (let run = 0; run < runs; run++) {
      const result = typeCheck(dir, files);
      row.cpu.push(result.cpu);
      row.seconds.push(result.seconds);
      row.errors = result.errors;
    }
    rows.push(row);
  }
  const spread = Array.from({ length: 10 }, (_, index) => Math.floor((index * deep) / OPERATIONS_PER_RESOURCE / 10));
  const large = await writePrograms(deep, spread);
  const files = large.programs["PathsOf (definition + calls)"] as string[];
  const result = typeCheck(large.dir, files);
  rows.push({ operations: deep, subject: "PathsOf (definition + 50 calls)", cpu: [result.cpu], seconds: [result.seconds], errors: result.errors });
  return rows;
}

/** The table of the rows, the ratio to openapi-typescript's file and whether the targets are met. */
export function renderTypeCheck(rows: TypeCheckRow[]): string {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const lines = ["Type checking (tsc --noEmit; CPU time in s: median, min, max of the runs; then the median wall time)", ""];
  const figures = (values: number[]) => [median(values), Math.min(...values), Math.max(...values)].map((value) => value.toFixed(2).padStart(7)).join(" ");
  for (const row of rows) {
    const errors = row.errors.length === 0 ? "no error" : `${row.errors.length} errors, first: ${row.errors[0]}`;
    lines.push(`  ${String(row.operations).padStart(5)} ops  ${row.subject.padEnd(45)} ${figures(row.cpu)}   wall ${median(row.seconds).toFixed(2).padStart(7)}   ${errors}`);
  }
  const at = (subject: string) => rows.find((row) => row.subject === subject);
  const ours = at("PathsOf (definition + calls)");
  const theirs = at("openapi-typescript (generated file + calls)");
  const both = at("definition + generated file + calls");
  if (ours && theirs && both) {
    const ratio = median(ours.cpu) / median(theirs.cpu);
    lines.push("", `  PathsOf / openapi-typescript's file (CPU): ${ratio.toFixed(2)} x (target <= 2 x: ${ratio <= 2 ? "met" : "MISSED"})`);
    lines.push(`  PathsOf / definition + openapi-typescript's file (CPU): ${(median(ours.cpu) / median(both.cpu)).toFixed(2)} x (no target: a project that generates still type-checks its definition)`);
  }
  const deep = rows[rows.length - 1];
  if (deep) {
    const tooDeep = deep.errors.some((line) => line.includes("TS2589"));
    lines.push(`  ${deep.operations} operations: ${tooDeep ? 'MISSED: "excessively deep"' : deep.errors.length === 0 ? "no error (target: no \"excessively deep\": met)" : `${deep.errors.length} errors`}`);
  }
  return lines.join("\n");
}
