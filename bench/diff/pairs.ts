/** The pairs the diff scenario compares, and what a worker reports of one. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Stats } from "../harness";
import { ROOT_URL } from "../root";
import { chain, randomGraph, type Pair } from "../../test/diff/graphs";

export const DIFF_PAIRS = ["stripe", "random graph", "chain"] as const;
export type DiffPair = (typeof DIFF_PAIRS)[number];

export interface DiffRun {
  pair: DiffPair;
  /** The pair's size: both documents as compact JSON (MB). */
  inputMB: number;
  firstMs: number;
  /** The first call's CPU time (user and system, all threads: the collector's too). */
  firstCpuMs: number;
  ms: Stats;
  peakRssMB: number;
  changes: number;
  distinct: number;
}

export const STRIPE = ["spec3.2021-07-27.json", "spec3.2022-01-19.json"] as const;
export const GRAPH = { components: 2_000, changes: 30, seed: 1 } as const;
export const CHAIN = 1_000;

export function pairOf(name: DiffPair): Pair {
  if (name === "random graph") return randomGraph(GRAPH.components, GRAPH.changes, GRAPH.seed);
  if (name === "chain") return chain(CHAIN);
  const read = (file: string) => JSON.parse(readFileSync(join(fileURLToPath(ROOT_URL), "test", "corpora", "stripe", file), "utf8")) as Record<string, unknown>;
  return { before: read(STRIPE[0]), after: read(STRIPE[1]), expected: [] };
}

