/**
 * The diff scenario: `specloom diff` of Stripe's API six months apart as a whole process
 * (taking turns with `--version`, rounds after one untimed round), and diff() in a worker
 * process on the same pair, on a seeded random graph of 2,000 components and on a chain of
 * 1,000, three workers each. See bench/README.md ("Diff").
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { stats, type Stats } from "../harness";
import { number, table, type Target } from "../report-tables";
import { CHAIN, DIFF_PAIRS, GRAPH, STRIPE, type DiffPair, type DiffRun } from "./pairs";

const ROUNDS = 5;
const WORKERS = 3;

export interface CommandRow {
  label: string;
  ms: Stats;
  /** CPU time (user and system): what the process needs, where the wall time also shows the machine's load. */
  cpuMs: Stats;
  peakRssMB: Stats;
}

export interface DiffBench {
  command: CommandRow[];
  runs: Record<DiffPair, DiffRun[]>;
}

export function diffBench(worker: string, root: string): DiffBench {
  const stripe = STRIPE.map((file) => join("test", "corpora", "stripe", file));
  const lines = [
    { label: "specloom --version", args: ["--version"] },
    { label: "specloom diff (Stripe, text)", args: ["diff", ...stripe] },
    { label: "specloom diff (Stripe, --format json)", args: ["diff", ...stripe, "--format", "json"] },
  ];
  const folder = mkdtempSync(join(tmpdir(), "specloom-diff-bench-"));
  const preload = pathToFileURL(join(root, "bench", "diff", "peak-rss.mjs")).href;
  const samples = lines.map(() => ({ ms: [] as number[], cpu: [] as number[], rss: [] as number[] }));
  try {
    for (let round = -1; round < ROUNDS; round++) {
      lines.forEach(({ label, args }, index) => {
        const rssFile = join(folder, `rss-${index}`);
        const started = performance.now();
        const child = spawnSync(process.execPath, ["--import", preload, join(root, "dist", "cli.js"), ...args], { cwd: root, encoding: "utf8", maxBuffer: 2 ** 30, env: { ...process.env, SPECLOOM_BENCH_RSS: rssFile } });
        const elapsed = performance.now() - started;
        // diff exits with 1 when a change breaks a client, as Stripe's pair has.
        if (child.status !== 0 && !(child.status === 1 && args[0] === "diff" && child.stdout.length > 0)) throw new Error(`${label} failed: ${child.stderr}`);
        if (round < 0) return;
        samples[index]?.ms.push(elapsed);
        const usage = JSON.parse(readFileSync(rssFile, "utf8")) as { peakRssMB: number; cpuMs: number };
        samples[index]?.rss.push(usage.peakRssMB);
        samples[index]?.cpu.push(usage.cpuMs);
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const command = lines.map(({ label }, index) => ({ label, ms: stats(samples[index]?.ms ?? []), cpuMs: stats(samples[index]?.cpu ?? []), peakRssMB: stats(samples[index]?.rss ?? []) }));
  const runs = {} as Record<DiffPair, DiffRun[]>;
  for (const pair of DIFF_PAIRS) {
    runs[pair] = [];
    for (let i = 0; i < WORKERS; i++) {
      const child = spawnSync(process.execPath, ["--expose-gc", worker, pair], { cwd: root, encoding: "utf8" });
      if (child.status !== 0) throw new Error(`diff worker (${pair}) failed: ${child.stderr}`);
      runs[pair].push(JSON.parse(child.stdout) as DiffRun);
    }
  }
  return { command, runs };
}

const LABELS: Record<DiffPair, string> = {
  stripe: "Stripe, 2021-07-27 against 2022-01-19",
  "random graph": `random graph, ${GRAPH.components.toLocaleString("en")} components (seed ${GRAPH.seed})`,
  chain: `chain of ${CHAIN.toLocaleString("en")} components`,
};

/** The scenario's tables, and its targets: the command under 2 s and 300 MB on Stripe's pair, each generated pair under 1 s. */
export function renderDiff(bench: DiffBench): { text: string; targets: Target[] } {
  const targets: Target[] = [];
  const ms = (value: number) => number(value, 0);
  const commandRows = bench.command.map((row) => [row.label, ms(row.ms.median), ms(row.ms.min), ms(row.ms.max), ms(row.cpuMs.median), number(row.peakRssMB.median, 0)]);
  const runRows = DIFF_PAIRS.map((pair) => {
    const runs = bench.runs[pair];
    const first = stats(runs.map((run) => run.firstMs));
    const again = stats(runs.map((run) => run.ms.median));
    const run = runs[0] as DiffRun;
    if (pair !== "stripe") targets.push({ scenario: "diff", what: `diff() of the ${pair}, first call`, value: first.median, bound: 1000, kind: "max", unit: "ms" });
    return [LABELS[pair], number(run.inputMB, 2), ms(first.median), ms(first.min), ms(first.max), ms(stats(runs.map((r) => r.firstCpuMs)).median), ms(again.median), number(stats(runs.map((r) => r.peakRssMB)).median, 0), `${run.changes.toLocaleString("en")} / ${run.distinct.toLocaleString("en")}`];
  });
  const whole = bench.command.find((row) => row.label === "specloom diff (Stripe, text)");
  if (whole) {
    targets.push({ scenario: "diff", what: "specloom diff of Stripe's pair, whole process", value: whole.ms.median, bound: 2000, kind: "max", unit: "ms" });
    targets.push({ scenario: "diff", what: "specloom diff of Stripe's pair, peak RSS", value: whole.peakRssMB.median, bound: 300, kind: "max", unit: "MB" });
  }
  const text = [
    "Diff: the command as a whole process (rounds taking turns), and diff() in a worker (3 workers each)",
    "",
    table(["command", "median ms", "min ms", "max ms", "CPU ms", "peak RSS MB"], commandRows, (i) => i >= 1),
    "",
    table(["diff() of", "input MB", "first ms", "min", "max", "first CPU ms", "warm ms", "peak RSS MB", "changes / distinct"], runRows, (i) => i >= 1 && i <= 7),
  ].join("\n");
  return { text, targets };
}
