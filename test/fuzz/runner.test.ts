/**
 * A survey keeps going after failures, so fast-check prints no report for them: each kind
 * of failure carries the `--seed` and `--path` that replay its shortest input's case.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runFuzz, type FuzzTarget } from "./support/runner";

/** Fails on every multiple of 7 (a SpecloomError is not expected: any other throw is a problem). */
const target: FuzzTarget<number> = {
  name: "sevens",
  plan: fc.integer({ min: 0, max: 1000 }),
  call: (n) => ({ inputs: {}, run: () => { if (n % 7 === 0) throw new TypeError("a multiple of seven"); return Object.freeze({}); }, mustBeValid: false }),
};

describe("a survey's failures", () => {
  it("replay: the printed --seed and --path run the case of the shortest input again", async () => {
    const survey = await runFuzz(target, { runs: 200, seed: 20_261_124, survey: true });
    const [failure] = Object.values(survey.failures);
    expect(failure?.count).toBeGreaterThan(1);
    const [, seed, path] = /^--seed (\d+) --path (\d+)$/.exec(failure?.replay ?? "") ?? [];
    const again = await runFuzz(target, { runs: 1, seed: Number(seed), path: String(path), survey: true });
    expect(Object.values(again.failures).map(({ example }) => example)).toEqual([failure?.example]);
  });
});
