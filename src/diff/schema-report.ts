/**
 * The changes of schemas at each operation: each pair's findings, computed once, named from
 * every root (a body, a parameter, a header) that reaches them, by the shortest path from it.
 * One change per operation and part (its request body, one response, one parameter), however
 * many paths and media types lead to it there.
 */
import { changeOf, distinctKey, type Entry } from "./context";
import type { SchemaGraph } from "./schema-graph";
import { join, subject, type Finding } from "./schema-pair";
import { reachedFrom } from "./shortest-paths";

interface Candidate {
  readonly finding: Finding;
  readonly operation: string | undefined;
  readonly label: string;
  readonly path: string;
  readonly segments: number;
}

/** Shorter first; among equals, the first in order of root and path. */
function better(a: Candidate, b: Candidate): boolean {
  if (a.segments !== b.segments) return a.segments < b.segments;
  if (a.label !== b.label) return a.label < b.label;
  return a.path < b.path;
}

export function schemaEntries(graph: SchemaGraph): Entry[] {
  // Roots that share a node (every operation's error response) share its paths.
  const searched = reachedFrom(graph.nodes, [...new Set(graph.roots.map((root) => root.node))]);
  // The same change may be found at more than one pair: each is numbered once.
  const numbers = new Map<string, number>();
  const keys: string[] = [];
  const byFinding = new Map<Finding, number>();
  const numberOf = (finding: Finding) => {
    let number = byFinding.get(finding);
    if (number !== undefined) return number;
    const key = distinctKey(finding.id, finding.pointer, "schema", finding.message);
    number = numbers.get(key);
    if (number === undefined) {
      numbers.set(key, (number = keys.length));
      keys.push(key);
    }
    byFinding.set(finding, number);
    return number;
  };
  // Per operation and part, the best candidate of each change.
  const parts = new Map<string, Map<number, Candidate>>();
  for (const root of graph.roots) {
    const reached = searched.get(root.node) ?? [];
    const partKey = `${root.operation ?? ""}\u0000${root.part}`;
    let best = parts.get(partKey);
    if (best === undefined) parts.set(partKey, (best = new Map()));
    for (const { node, segments, path } of reached) {
      for (const finding of (graph.nodes[node] as (typeof graph.nodes)[number]).findings) {
        const number = numberOf(finding);
        const candidate: Candidate = {
          finding,
          operation: root.operation,
          label: root.label,
          path: finding.path === "" ? path : join(path, finding.path),
          segments: segments + (finding.path === "" ? 0 : 1),
        };
        const current = best.get(number);
        if (current === undefined || better(candidate, current)) best.set(number, candidate);
      }
    }
  }
  const entries: Entry[] = [];
  for (const best of parts.values()) {
    for (const [number, { finding, operation, label, path }] of best) {
      const place = subject(label, path);
      entries.push({ change: changeOf(finding.id, finding.pointer, `${place}: ${finding.message}`, operation), what: finding.message, subject: place, key: keys[number] as string });
    }
  }
  return entries;
}
