/**
 * The shortest path from a root of the graph of schema pairs to each node with findings:
 * the fewest segments (a property, `items`, `*`; a matched branch adds none), and among
 * paths of one length the first in order of their segments, so the path a change is named
 * by does not depend on the order of the documents' keys. A breadth-first search by layers
 * of equal length, in order; linear in the nodes and edges it reaches. Only nodes from which
 * a finding can be reached are walked.
 */
import { compact, type Compact, type Reached } from "./compact-graph";
import { pathsToFindings } from "./paths-to-findings";
import type { PairNode } from "./schema-graph";

/**
 * The shortest paths from each root node to each node with findings it reaches: a search
 * from each root, or from each node with findings back to the roots when those are fewer
 * (./paths-to-findings.ts), so the cost is the graph times the fewer of the two.
 */
export function reachedFrom(nodes: readonly PairNode[], roots: readonly number[]): Map<number, Reached[]> {
  const graph = compact(nodes);
  const findings = nodes.reduce((count, node) => count + (node.findings.length > 0 ? 1 : 0), 0);
  if (findings < roots.length) return pathsToFindings(nodes, graph, roots);
  const paths = new ShortestPaths(nodes, graph);
  return new Map(roots.map((root) => [root, paths.from(root)]));
}

export class ShortestPaths {
  private readonly graph: Compact;
  /** How many nodes have findings: a search that reached them all is done. */
  private readonly withFindings: number;
  private readonly seen: Int32Array;
  private readonly parent: Int32Array;
  /** The label a node was reached by, -1 for a matched branch (no segment). */
  private readonly via: Int32Array;
  private search = 0;
  // The current and the next layer: nodes, and the rank of each (equal ranks, equal paths).
  private layer: number[] = [];
  private ranks: number[] = [];
  private next: number[] = [];
  private nextRanks: number[] = [];
  private readonly stack: number[] = [];

  constructor(
    private readonly nodes: readonly PairNode[],
    graph: Compact = compact(nodes),
  ) {
    this.graph = graph;
    this.withFindings = nodes.filter((node) => node.findings.length > 0).length;
    this.seen = new Int32Array(nodes.length).fill(-1);
    this.parent = new Int32Array(nodes.length);
    this.via = new Int32Array(nodes.length);
  }

  /** Every node with findings reachable from `root`, with its shortest path. */
  from(root: number): Reached[] {
    const reached: Reached[] = [];
    if (this.graph.useful[root] === 0) return reached;
    const search = this.search++;
    this.layer.length = this.ranks.length = 0;
    this.settle(root, -1, -1, search, 0, this.layer, this.ranks);
    for (let segments = 0; this.layer.length > 0; segments++) {
      for (const node of this.layer) if ((this.nodes[node] as PairNode).findings.length > 0) reached.push({ node, segments, path: this.pathOf(node) });
      if (reached.length === this.withFindings) break;
      this.nextLayer(search);
      [this.layer, this.next] = [this.next, this.layer];
      [this.ranks, this.nextRanks] = [this.nextRanks, this.ranks];
    }
    return reached;
  }

  /**
   * The nodes one segment further, in order of their paths: candidates come from the layer's
   * nodes in rank order, the steps of one rank in order of their labels; the first to reach
   * a node names its path. A new rank each time (the rank extended, the label) changes.
   */
  private nextLayer(search: number): void {
    const { layer, ranks, next, nextRanks } = this;
    const { stepStart, stepTo, stepLabel } = this.graph;
    next.length = nextRanks.length = 0;
    let rank = -1;
    let lastFrom = -1;
    let lastLabel = -1;
    for (let i = 0; i < layer.length; ) {
      let end = i + 1;
      while (end < layer.length && ranks[end] === ranks[i]) end++;
      const fromRank = ranks[i] as number;
      const step = (from: number, label: number, to: number) => {
        if (lastFrom !== fromRank || lastLabel !== label) rank++;
        lastFrom = fromRank;
        lastLabel = label;
        if (this.seen[to] !== search) this.settle(to, from, label, search, rank, next, nextRanks);
      };
      if (end - i === 1) {
        const node = layer[i] as number;
        for (let at = stepStart[node] as number; at < (stepStart[node + 1] as number); at++) step(node, stepLabel[at] as number, stepTo[at] as number);
      } else {
        const steps = this.groupSteps(i, end);
        for (let k = 0; k < steps.length; k += 3) step(steps[k] as number, steps[k + 1] as number, steps[k + 2] as number);
      }
      i = end;
    }
  }

  /** The steps out of nodes that share one path, `layer[start..end)`, in order of their labels: (from, label, to) triples. */
  private groupSteps(start: number, end: number): number[] {
    const { stepStart, stepTo, stepLabel } = this.graph;
    const steps: [number, number, number][] = [];
    for (let i = start; i < end; i++) {
      const node = this.layer[i] as number;
      for (let at = stepStart[node] as number; at < (stepStart[node + 1] as number); at++) steps.push([node, stepLabel[at] as number, stepTo[at] as number]);
    }
    return steps.sort((a, b) => a[1] - b[1]).flat();
  }

  /** Marks `node` reached from `parent` by `label`, then the nodes its matched branches reach without a segment, all with `rank`. */
  private settle(node: number, parent: number, label: number, search: number, rank: number, layer: number[], ranks: number[]): void {
    const { branchStart, branchTo } = this.graph;
    const stack = this.stack;
    this.seen[node] = search;
    this.parent[node] = parent;
    this.via[node] = label;
    stack.push(node);
    while (stack.length > 0) {
      const current = stack.pop() as number;
      layer.push(current);
      ranks.push(rank);
      for (let at = branchStart[current] as number; at < (branchStart[current + 1] as number); at++) {
        const to = branchTo[at] as number;
        if (this.seen[to] === search) continue;
        this.seen[to] = search;
        this.parent[to] = current;
        this.via[to] = -1;
        stack.push(to);
      }
    }
  }

  private pathOf(node: number): string {
    const labels: string[] = [];
    for (let current = node; this.parent[current] !== -1; current = this.parent[current] as number) {
      const label = this.via[current] as number;
      if (label !== -1) labels.push(this.graph.labels[label] as string);
    }
    return labels.reverse().join("/");
  }
}

