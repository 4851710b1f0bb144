/**
 * diff() in a worker process (compiled, started by run.ts with `--expose-gc`): one pair of
 * documents, read and parsed before the clock starts; the first call (a cold engine, as the
 * command makes it) and the median of the next ones, the peak RSS, and what was found, checked.
 */
import { peakRssMB, stats, timed } from "../harness";
import { diff } from "../specloom";
import { pairOf, type DiffPair, type DiffRun } from "./pairs";

const RUNS = 5;
const name = process.argv[2] as DiffPair;
const pair = pairOf(name);
const cpu = process.cpuUsage();
const first = timed(() => diff(pair.before, pair.after));
const firstCpu = process.cpuUsage(cpu);
const samples: number[] = [];
for (let i = 0; i < RUNS; i++) samples.push(timed(() => diff(pair.before, pair.after)).ms);
const result = first.value;
const missed = pair.expected.filter((location) => !result.distinct.some((change) => change.location === location));
if (missed.length > 0) throw new Error(`diff of the ${name} missed ${missed.length} changes, the first at ${missed[0]}`);
const run: DiffRun = {
  pair: name,
  inputMB: (JSON.stringify(pair.before).length + JSON.stringify(pair.after).length) / 1e6,
  firstMs: first.ms,
  firstCpuMs: (firstCpu.user + firstCpu.system) / 1000,
  ms: stats(samples),
  peakRssMB: peakRssMB(),
  changes: result.changes.length,
  distinct: result.distinct.length,
};
process.stdout.write(JSON.stringify(run));
