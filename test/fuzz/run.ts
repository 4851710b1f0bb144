/**
 * `npm run fuzz -- [--target openapi|merge|all] [--runs N] [--seed S] [--path P]
 * [--survey] [--minutes M] [--chunk C] [--progress N]`: the fuzz targets for longer than
 * `npm test` runs them.
 *
 * Without --seed a new seed is drawn and printed. A failure prints fast-check's report:
 * the seed, the path (give both back with --seed and --path to replay that one case) and
 * the shrunk input. --survey goes on after failures and counts them by kind, with the
 * shortest input of each. --minutes stops starting new cases after that long. Cases run in
 * chunks of --chunk (default 2000), each in a new worker thread from the next seed, so
 * what schema libraries keep forever goes with each worker (./support/chunks.ts);
 * --progress prints the heap every N cases.
 * Exit code: 0 when no case failed, 1 otherwise.
 */
import { parseArgs } from "node:util";
import { TARGETS } from "./targets/all";
import { runChunked } from "./support/chunks";
import { runFuzz, summary, type FuzzResult } from "./support/runner";

const { values } = parseArgs({
  options: {
    target: { type: "string", default: "all" },
    runs: { type: "string", default: "1000" },
    seed: { type: "string" },
    path: { type: "string" },
    survey: { type: "boolean", default: false },
    minutes: { type: "string" },
    chunk: { type: "string", default: "2000" },
    progress: { type: "string" },
  },
});

const keys = values.target === "all" ? Object.keys(TARGETS) : [values.target];
if (!keys.every((key) => key in TARGETS)) {
  console.error(`fuzz: --target must be openapi, merge or all, not ${JSON.stringify(values.target)}`);
  process.exit(2);
}
const numbers = { runs: Number(values.runs), chunk: Number(values.chunk), progress: values.progress === undefined ? undefined : Number(values.progress) };
for (const [name, value] of Object.entries(numbers)) {
  if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
    console.error(`fuzz: --${name} must be a positive whole number`);
    process.exit(2);
  }
}

const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const minutes = values.minutes === undefined ? undefined : Number(values.minutes);
const timeLimit = minutes === undefined ? {} : { timeLimitMs: minutes * 60_000 };
let failed = false;
for (const key of keys) {
  const target = TARGETS[key] as (typeof TARGETS)[string];
  const started = Date.now();
  // Replaying one case needs no worker: it runs here, from the seed it was printed with.
  const result: FuzzResult =
    values.path === undefined
      ? await runChunked({ key, name: target.name }, { runs: numbers.runs, seed, survey: values.survey, chunkSize: numbers.chunk, ...(numbers.progress === undefined ? {} : { progressEvery: numbers.progress }), ...timeLimit, log: console.log })
      : await runFuzz(target, { runs: numbers.runs, seed, survey: values.survey, path: values.path });
  console.log(`${summary(result)}\n  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.failure !== undefined) console.log(result.failure);
  if (result.failure !== undefined || Object.keys(result.failures).length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
