/**
 * A real-world run: Twilio's api_v2010 against a copy with 100 seeded mutations, each of
 * which knows the change it must give. Every mutation is found, and nothing else is reported.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { MUTATION_KINDS, mutate } from "./mutations";

const source = readFileSync(join(import.meta.dirname, "..", "corpora", "twilio", "twilio_api_v2010.json"), "utf8");

const SEEDS = [1, 2025, 7];

describe("diff: Twilio api_v2010 against 100 seeded mutations", () => {
  it("the seeds between them make every kind of mutation", () => {
    const made = new Set(SEEDS.flatMap((seed) => mutate(JSON.parse(source), 100, seed).map((mutation) => mutation.kind)));
    expect([...MUTATION_KINDS].filter((kind) => !made.has(kind))).toEqual([]);
  });

  for (const seed of SEEDS) {
    it(`seed ${seed}: every mutation is found, at its pointer and operation`, () => {
      const before = JSON.parse(source) as Record<string, unknown>;
      const after = JSON.parse(source) as Record<string, unknown>;
      const mutations = mutate(after, 100, seed);
      expect(mutations.length).toBe(100);
      const { changes } = diff(before, after);
      const missed = mutations.filter((mutation) => !changes.some((change) => change.id === mutation.id && change.location === mutation.location && (mutation.operation === undefined || change.operation === mutation.operation)));
      expect(missed).toEqual([]);
      const explained = new Set(mutations.map((mutation) => `${mutation.id} ${mutation.location}`));
      expect(changes.filter((change) => !explained.has(`${change.id} ${change.location}`))).toEqual([]);
    });
  }
});
