/**
 * The two ways of finding each root's shortest path to each change (from each root forward,
 * or from each change back to the roots) find the same paths, on generated graphs of
 * components that refer to each other at random, with cycles and shared components.
 */
import { describe, expect, it } from "vitest";
import { compact } from "../../src/diff/compact-graph";
import { Report, Side } from "../../src/diff/context";
import { compareOperation } from "../../src/diff/operation";
import { pathsToFindings } from "../../src/diff/paths-to-findings";
import { matchOperations } from "../../src/diff/paths";
import { ShortestPaths } from "../../src/diff/shortest-paths";
import { chain, randomGraph, type Pair } from "./graphs";

/** The graph of schema pairs diff() builds for a pair of documents. */
function pairGraph({ before, after }: Pair) {
  const report = new Report(new Side(before), new Side(after), "2026-01-01");
  const queue = matchOperations(report);
  for (let i = 0; i < queue.length; i++) for (const callback of compareOperation(report, queue[i] as (typeof queue)[number])) queue.push(callback);
  return report.schemas;
}

describe("diff: shortest paths from the roots to the changes", () => {
  it.each([
    ["a random graph of 300 components, seed 1", randomGraph(300, 40, 1)],
    ["a random graph of 300 components, seed 7", randomGraph(300, 60, 7)],
    ["a chain of 200 components", chain(200)],
  ])("%s: forward and backward searches agree", (_name, pair) => {
    const graph = pairGraph(pair);
    const roots = [...new Set(graph.roots.map((root) => root.node))];
    const forward = new ShortestPaths(graph.nodes);
    const backward = pathsToFindings(graph.nodes, compact(graph.nodes), roots);
    const sorted = (list: readonly { node: number; segments: number; path: string }[]) => [...list].sort((a, b) => a.node - b.node);
    let compared = 0;
    for (const root of roots) {
      const paths = sorted(forward.from(root));
      expect(sorted(backward.get(root) ?? [])).toEqual(paths);
      compared += paths.length;
    }
    expect(compared).toBeGreaterThanOrEqual(roots.length);
  });
});
