/**
 * `npm run bench` (after `npm run build`): every scenario, each task in its own
 * child process (worker.ts, `--expose-gc`), one after the other, then one table per
 * scenario and the list of targets. See bench/README.md for how to read them.
 *
 * Options (after `npm run bench --`):
 *   --inline         also the "inline" variant (nothing registered) of every generation scenario
 *   --only <text>    only the tasks whose label contains <text>
 *   --json <file>    also write every sample to <file>
 *   --sizes <a,b>    generation sizes instead of 1,000 and 10,000 operations (a quick check)
 *   --only command   only the command's whole-process runs (validate against --version)
 *   --only diff      only the diff scenario (diff/run.ts)
 *
 * The type-checking scenario (types/run.ts) runs after the others, or alone with `--only types`;
 * so do serving (`--only serve`) and mocking against Prism (`--only mock`).
 */
import { fork } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { LIBRARIES, type Variant } from "./api/crud";
import { PEERS } from "./api/peers";
import { compareSkeletons } from "./checks";
import { commandStarts } from "./cold/command";
import { coldStarts } from "./cold/run";
import { compileBench } from "./compile";
import { diffBench, renderDiff } from "./diff/run";
import { RUNS, WARMUP } from "./harness";
import { render } from "./report";
import { met, number } from "./report-tables";
import { renderServe, serveRequestsPerSecond } from "./serve/run";
import { mockRequestsPerSecond, renderMock } from "./mock/run";
import { ROOT_URL } from "./root";
import { taskLabel, type Task, type TaskResult } from "./tasks";
import { renderTypeCheck, typeCheckBench } from "./types/run";

const MERGE_SIZES = [200, 1_000];
const COLD_ROUNDS = 10;
const COMMAND_ROUNDS = 20;

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : (args[index + 1] ?? "");
};
const GENERATION_SIZES = option("--sizes")?.split(",").map(Number) ?? [1_000, 10_000];
const variants: Variant[] = args.includes("--inline") ? ["registered", "inline"] : ["registered"];
const only = option("--only");

const tasks: Task[] = [];
for (const variant of variants) {
  for (const library of LIBRARIES) tasks.push({ kind: "generation", library, variant, sizes: GENERATION_SIZES });
  for (const peer of PEERS) tasks.push({ kind: "peer", peer, variant, sizes: GENERATION_SIZES });
}
tasks.push({ kind: "merge", inputs: "plain", sizes: MERGE_SIZES });
tasks.push({ kind: "merge", inputs: "frozen", sizes: MERGE_SIZES });
tasks.push({ kind: "openapi-merge", sizes: MERGE_SIZES });
tasks.push({ kind: "twilio" });
tasks.push({ kind: "validation" });
tasks.push({ kind: "responses" });
const selected = only === undefined ? tasks : tasks.filter((task) => taskLabel(task).includes(only));

// Workers run compiled JavaScript: no TypeScript loader in any timed process.
const { "worker.ts": worker, "cold/process.ts": coldProcess, "serve/server.ts": serveServer, "diff/worker.ts": diffWorker, "mock/server.ts": mockServer } = await compileBench(["worker.ts", "cold/process.ts", "serve/server.ts", "diff/worker.ts", "mock/server.ts"]);
const root = fileURLToPath(ROOT_URL);

function runTask(task: Task): Promise<TaskResult> {
  return new Promise((resolve, reject) => {
    const child = fork(worker as string, [JSON.stringify(task)], { cwd: root, execArgv: ["--expose-gc"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let result: TaskResult | undefined;
    child.on("message", (message) => (result = message as TaskResult));
    child.on("error", reject);
    child.on("exit", (code) => (result && code === 0 ? resolve(result) : reject(new Error(`${taskLabel(task)}: worker exited with code ${code}`))));
  });
}

if (!existsSync(new URL("dist/index.js", ROOT_URL))) {
  console.error("dist/index.js is missing: run `npm run bench` (it builds first) or `npm run build`.");
  process.exit(1);
}

const cpus = os.cpus();
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(", ");
const started = performance.now();
console.log(`specloom benchmarks: dist/index.js, every task in its own process, median/min/max of ${RUNS} runs after ${WARMUP} warm-up runs of the first size`);
console.log(`machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}; ${new Date().toISOString()}`);
console.log(`load average at start: ${load()}\n`);

const results: TaskResult[] = [];
for (const task of selected) {
  const result = await runTask(task);
  results.push(result);
  console.log(`  ${taskLabel(task).padEnd(44)} ${result.seconds.toFixed(1).padStart(6)} s   load ${load()}`);
  for (const note of result.notes) console.log(`    ${note}`);
  if (task.kind === "peer") {
    // Untimed: the two documents compared must be equivalent (checks.ts).
    const ours = results.find((r) => r.task.kind === "generation" && r.task.library === "zod" && r.task.variant === task.variant);
    if (ours?.skeleton && result.skeleton) {
      const differences = compareSkeletons(ours.skeleton, result.skeleton, task.peer, task.peer === "zod-to-openapi");
      if (differences.length > 0) throw new Error(`openapi() and ${task.peer} documents differ (${task.variant}):\n  ${differences.slice(0, 10).join("\n  ")}`);
      console.log(`    checked: openapi()'s and ${task.peer}'s ${task.sizes[0]}-operation documents are equivalent (paths, operations, parameters, bodies, responses, components)`);
    }
  }
}

// Cold start: every tool as a whole process, taking turns (cold/run.ts).
const coldSelected = only === undefined || "cold start".includes(only);
const cold = coldSelected ? coldStarts(coldProcess as string, root, COLD_ROUNDS) : [];
if (coldSelected) console.log(`  ${"cold start".padEnd(44)} ${COLD_ROUNDS} rounds   load ${load()}`);
// The command: validate against --version, each a whole process (cold/command.ts).
const commandSelected = only === undefined || "command validate".includes(only);
const command = commandSelected ? commandStarts(root, COMMAND_ROUNDS) : [];
if (commandSelected) console.log(`  ${"command validate".padEnd(44)} ${COMMAND_ROUNDS} rounds   load ${load()}`);

// Type checking: tsc processes, PathsOf against openapi-typescript's file (types/run.ts).
const typesSelected = only === undefined || "types".includes(only);
const typeRows = typesSelected ? await typeCheckBench(1_000, 3, 5_000) : [];

// Serving: requests per second over HTTP, each server in its own process (serve/run.ts).
const serveSelected = only === undefined || "serve".includes(only);
const served = serveSelected ? await serveRequestsPerSecond(serveServer as string, root) : [];
if (serveSelected) console.log(`  ${"serve".padEnd(44)} load ${load()}`);

// Diff: the command on Stripe's pair as a whole process, diff() in workers (diff/run.ts).
const diffSelected = only === undefined || "diff".includes(only);
const diffed = diffSelected ? renderDiff(diffBench(diffWorker as string, root)) : undefined;
if (diffSelected) console.log(`  ${"diff".padEnd(44)} load ${load()}`);
// Mocking: requests per second over HTTP against Prism, each server in its own process (mock/run.ts).
const mockSelected = only === undefined || "mock".includes(only);
const mocked = mockSelected ? await mockRequestsPerSecond(mockServer as string, root) : [];
if (mockSelected) console.log(`  ${"mock".padEnd(44)} load ${load()}`);

const seconds = (performance.now() - started) / 1000;
const { text, targets } = render(results, cold, command);
console.log(`\n${text}\n`);
if (diffed) {
  console.log(`${diffed.text}\n\nDiff targets\n`);
  for (const t of diffed.targets) console.log(`  ${met(t) ? "met   " : "MISSED"} ${t.what}: ${number(t.value, 0)} ${t.unit} (${t.kind === "max" ? "at most" : "at least"} ${number(t.bound, 0)} ${t.unit})`);
  console.log("");
  targets.push(...diffed.targets);
}
if (typesSelected) console.log(`${renderTypeCheck(typeRows)}\n`);
if (served.length > 0) console.log(`${renderServe(served)}\n`);
if (mocked.length > 0) console.log(`${renderMock(mocked)}\n`);
const missed = targets.filter((t) => (t.kind === "max" ? t.value > t.bound : t.value < t.bound)).length;
console.log(`${targets.length - missed} of ${targets.length} targets met. Total ${seconds.toFixed(1)} s; load average at the end: ${load()}.`);

const json = option("--json");
if (json) writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), machine: { cpu: cpus[0]?.model, cores: cpus.length, memoryGiB: os.totalmem() / 2 ** 30, node: process.version }, seconds, results, cold, command, served, mocked, targets }, null, 2));
