/**
 * Long fuzz runs go in chunks, each in a worker thread, so that what schema libraries keep
 * forever goes with each worker. A chunked run must be the same cases as the chunks run
 * one by one in this thread, and its figures their sum.
 */
import { describe, expect, it } from "vitest";
import { addChunk, runChunked } from "./support/chunks";
import { runFuzz, type FuzzResult } from "./support/runner";
import { mergeTarget } from "./targets/merge";

const SEED = 20_261_124;

const result = (casesRun: number, outcomes: Record<string, number>, failures: FuzzResult["failures"] = {}): FuzzResult => ({ target: "t", seed: 1, casesRun, outcomes, failures });

describe("fuzzing in chunks", () => {
  it("adds a chunk's cases and outcomes, and keeps the shortest input of each failure kind", () => {
    const kind = (count: number, example: string, problems: string) => ({ count, example, problems, replay: `--seed 1 --path ${problems}` });
    const total = result(3, { document: 2, DUPLICATE_PATH: 1 }, { kind: kind(2, "long input", "1") });
    addChunk(total, result(4, { document: 1, INVALID_DEFINITION: 3 }, { kind: kind(1, "short", "2"), other: kind(1, "x", "3") }));
    expect(total).toEqual(result(7, { document: 3, DUPLICATE_PATH: 1, INVALID_DEFINITION: 3 }, { kind: kind(3, "short", "2"), other: kind(1, "x", "3") }));
    addChunk(total, result(1, {}, { kind: kind(1, "a much longer input", "4") }));
    expect(total.failures.kind).toEqual(kind(4, "short", "2"));
  });

  it("runs chunk i from seed + i in a worker: the same cases as running each chunk here", async () => {
    const chunked = await runChunked({ key: "merge", name: mergeTarget.name }, { runs: 12, seed: SEED, survey: false, chunkSize: 6, log: () => {} });
    const expected = await runFuzz(mergeTarget, { runs: 6, seed: SEED });
    addChunk(expected, await runFuzz(mergeTarget, { runs: 6, seed: SEED + 1 }));
    expect(chunked).toEqual(expected);
    expect(chunked.casesRun).toBe(12);
  });
});
