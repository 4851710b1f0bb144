/**
 * The fuzz targets as part of `npm test`: a bounded slice from a fixed seed, so a run is
 * repeatable and a failure names a case anyone can replay with
 * `npm run fuzz -- --target <openapi|merge> --seed <seed> --path <path>`. Longer runs:
 * `npm run fuzz` (docs/fuzzing.md).
 */
import { describe, expect, it } from "vitest";
import { runFuzz, summary, type FuzzTarget } from "./support/runner";
import { mergeTarget } from "./targets/merge";
import { openapiTarget } from "./targets/openapi";

const SEED = 20_261_124;

async function expectNoFailure(target: FuzzTarget<unknown>, runs: number): Promise<void> {
  const result = await runFuzz(target, { runs, seed: SEED });
  expect(result.failure, `${summary(result)}\n${result.failure ?? ""}`).toBeUndefined();
  // The slice must reach documents, not only errors: otherwise it checks nothing about them.
  expect(result.outcomes.document ?? 0).toBeGreaterThan(runs / 10);
}

describe("fuzzing: every call returns a valid, frozen, deterministic document or throws a SpecloomError, and touches neither globals nor inputs", () => {
  it("openapi() and the OpenAPI builder, on random definitions", async () => {
    await expectNoFailure(openapiTarget, 250);
  });

  it("merge() and createMerge(), on random documents and options", async () => {
    await expectNoFailure(mergeTarget, 400);
  });
});
