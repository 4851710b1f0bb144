/**
 * The shortest path from a root of the graph of schema pairs to each node with findings:
 * the fewest segments (a property, `items`, `*`; a matched branch adds none), and among
 * paths of one length the first in order of their segments, so the path a change is named
 * by does not depend on the order of the documents' keys. A breadth-first search by layers
 * of equal length, in order; linear in the nodes and edges it reaches. Only nodes from which
 * a finding can be reached are walked.
 */
import type { PairNode } from "./schema-graph";

export interface Reached {
  readonly node: number;
  /** How many segments the path has. */
  readonly segments: number;
  /** `pet/tags/items`; empty for the root. */
  readonly path: string;
}

type Edge = PairNode["edges"][number];

const byLabel = (a: Edge, b: Edge) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

export class ShortestPaths {
  /** Whether a finding can be reached from each node. */
  private readonly useful: Uint8Array;
  /** How many nodes have findings: a search that reached them all is done. */
  private readonly withFindings: number;
  /** The edges that add a segment, sorted by label, per node (made when first needed). */
  private readonly steps: (Edge[] | undefined)[];
  private readonly seen: Int32Array;
  private readonly parent: Int32Array;
  private readonly label: string[];
  private search = 0;

  constructor(private readonly nodes: readonly PairNode[]) {
    this.useful = usefulNodes(nodes);
    this.withFindings = nodes.filter((node) => node.findings.length > 0).length;
    this.steps = new Array<Edge[] | undefined>(nodes.length);
    this.seen = new Int32Array(nodes.length).fill(-1);
    this.parent = new Int32Array(nodes.length);
    this.label = new Array<string>(nodes.length);
  }

  /** Every node with findings reachable from `root`, with its shortest path. */
  from(root: number): Reached[] {
    const reached: Reached[] = [];
    if (this.useful[root] === 0) return reached;
    const search = this.search++;
    let layer: Layer = { nodes: [], ranks: [] };
    this.settle(root, -1, "", search, 0, layer);
    for (let segments = 0; layer.nodes.length > 0; segments++) {
      for (const node of layer.nodes) if ((this.nodes[node] as PairNode).findings.length > 0) reached.push({ node, segments, path: this.pathOf(node) });
      if (reached.length === this.withFindings) break;
      layer = this.nextLayer(layer, search);
    }
    return reached;
  }

  /**
   * The nodes one segment further, in order of their paths, each with a rank (equal ranks,
   * equal paths): candidates come from the layer's nodes in rank order, the edges of one
   * rank in order of their labels; the first to reach a node names its path.
   */
  private nextLayer(layer: Layer, search: number): Layer {
    const next: Layer = { nodes: [], ranks: [] };
    const { nodes, ranks } = layer;
    // A new rank each time (the rank of the path it extends, the label) changes.
    let rank = -1;
    let previousRank = -1;
    let previousLabel = "";
    const step = (from: number, edge: Edge, fromRank: number) => {
      if (previousRank !== fromRank || previousLabel !== edge.label) rank++;
      previousRank = fromRank;
      previousLabel = edge.label;
      if (this.seen[edge.to] !== search) this.settle(edge.to, from, edge.label, search, rank, next);
    };
    for (let i = 0; i < nodes.length; ) {
      let end = i + 1;
      while (end < nodes.length && ranks[end] === ranks[i]) end++;
      const fromRank = ranks[i] as number;
      if (end - i === 1) for (const edge of this.stepsOf(nodes[i] as number)) step(nodes[i] as number, edge, fromRank);
      else for (const [from, edge] of this.groupSteps(nodes, i, end)) step(from, edge, fromRank);
      i = end;
    }
    return next;
  }

  /** The steps out of nodes that share one path, `nodes[start..end)`: in order of their labels. */
  private groupSteps(nodes: readonly number[], start: number, end: number): (readonly [number, Edge])[] {
    const steps: (readonly [number, Edge])[] = [];
    for (let i = start; i < end; i++) for (const edge of this.stepsOf(nodes[i] as number)) steps.push([nodes[i] as number, edge]);
    return steps.sort((a, b) => byLabel(a[1], b[1]));
  }

  /** Marks `node` reached from `parent` by `label`, then the nodes its matched branches reach without a segment, all with `rank`. */
  private settle(node: number, parent: number, label: string, search: number, rank: number, layer: Layer): void {
    const stack = [node];
    this.seen[node] = search;
    this.parent[node] = parent;
    this.label[node] = label;
    while (stack.length > 0) {
      const current = stack.pop() as number;
      layer.nodes.push(current);
      layer.ranks.push(rank);
      for (const edge of (this.nodes[current] as PairNode).edges) {
        if (edge.label !== "" || this.seen[edge.to] === search || this.useful[edge.to] === 0) continue;
        this.seen[edge.to] = search;
        this.parent[edge.to] = current;
        this.label[edge.to] = "";
        stack.push(edge.to);
      }
    }
  }

  private stepsOf(node: number): Edge[] {
    let steps = this.steps[node];
    if (steps === undefined) this.steps[node] = steps = (this.nodes[node] as PairNode).edges.filter((edge) => edge.label !== "" && this.useful[edge.to] === 1).sort(byLabel);
    return steps;
  }

  private pathOf(node: number): string {
    const labels: string[] = [];
    for (let current = node; this.parent[current] !== -1; current = this.parent[current] as number) {
      const label = this.label[current] as string;
      if (label !== "") labels.push(label);
    }
    return labels.reverse().join("/");
  }
}

/** Nodes of one path length, in order of their paths, and the rank of each (equal ranks, equal paths). */
interface Layer {
  readonly nodes: number[];
  readonly ranks: number[];
}

/** The nodes from which a node with findings can be reached: walked back from those. */
function usefulNodes(nodes: readonly PairNode[]): Uint8Array {
  const into: number[][] = nodes.map(() => []);
  nodes.forEach((node, from) => {
    for (const edge of node.edges) (into[edge.to] as number[]).push(from);
  });
  const useful = new Uint8Array(nodes.length);
  const stack: number[] = [];
  nodes.forEach((node, id) => {
    if (node.findings.length > 0) {
      useful[id] = 1;
      stack.push(id);
    }
  });
  while (stack.length > 0) {
    for (const from of into[stack.pop() as number] as number[]) {
      if (useful[from] === 0) {
        useful[from] = 1;
        stack.push(from);
      }
    }
  }
  return useful;
}
