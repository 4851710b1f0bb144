/**
 * `npm run fuzz -- [--target openapi|merge|all] [--runs N] [--seed S] [--path P]
 * [--survey] [--minutes M]`: the fuzz targets for longer than `npm test` runs them.
 *
 * Without --seed a new seed is drawn and printed. A failure prints fast-check's report:
 * the seed, the path (give both back with --seed and --path to replay that one case) and
 * the shrunk input. --survey goes on after failures and counts them by kind, with the
 * shortest input of each. --minutes stops starting new cases after that long.
 * Exit code: 0 when no case failed, 1 otherwise.
 */
import { parseArgs } from "node:util";
import { mergeTarget } from "./targets/merge";
import { openapiTarget } from "./targets/openapi";
import { runFuzz, summary, type FuzzTarget } from "./support/runner";

const { values } = parseArgs({
  options: {
    target: { type: "string", default: "all" },
    runs: { type: "string", default: "1000" },
    seed: { type: "string" },
    path: { type: "string" },
    survey: { type: "boolean", default: false },
    minutes: { type: "string" },
  },
});

const targets: Record<string, FuzzTarget<unknown>[]> = {
  openapi: [openapiTarget],
  merge: [mergeTarget],
  all: [openapiTarget, mergeTarget],
};
const chosen = targets[values.target];
if (chosen === undefined) {
  console.error(`fuzz: --target must be openapi, merge or all, not ${JSON.stringify(values.target)}`);
  process.exit(2);
}

const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const runs = Number(values.runs);
const minutes = values.minutes === undefined ? undefined : Number(values.minutes);
let failed = false;
for (const target of chosen) {
  const started = Date.now();
  const result = await runFuzz(target, {
    runs,
    seed,
    survey: values.survey,
    ...(values.path === undefined ? {} : { path: values.path }),
    ...(minutes === undefined ? {} : { timeLimitMs: minutes * 60_000 }),
  });
  console.log(`${summary(result)}\n  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.failure !== undefined) console.log(result.failure);
  if (result.failure !== undefined || Object.keys(result.failures).length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
