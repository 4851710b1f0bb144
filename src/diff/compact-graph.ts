/**
 * The graph of schema pairs as the path searches read it, made once: only nodes from which a
 * finding can be reached, each node's steps (edges that add a segment: a property, `items`,
 * `*`) sorted by label, labels as numbers in their order, the edges that add none (matched
 * branches) apart, and every edge reversed.
 */
import type { PairNode } from "./schema-graph";

/** A node with findings reached from a root, by its shortest path. */
export interface Reached {
  readonly node: number;
  /** How many segments the path has. */
  readonly segments: number;
  /** `pet/tags/items`; empty for the root. */
  readonly path: string;
}

export interface Compact {
  readonly useful: Uint8Array;
  readonly labels: readonly string[];
  readonly stepStart: Int32Array;
  readonly stepTo: Int32Array;
  readonly stepLabel: Int32Array;
  readonly branchStart: Int32Array;
  readonly branchTo: Int32Array;
  /** The edges into each node: from where, and its label (-1 for a branch). */
  readonly intoStart: Int32Array;
  readonly intoFrom: Int32Array;
  readonly intoLabel: Int32Array;
}

export function compact(nodes: readonly PairNode[]): Compact {
  const useful = usefulNodes(nodes);
  const names = new Set<string>();
  for (const node of nodes) for (const edge of node.edges) if (edge.label !== "") names.add(edge.label);
  const labels = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const number = new Map(labels.map((label, index) => [label, index]));
  const stepStart = new Int32Array(nodes.length + 1);
  const branchStart = new Int32Array(nodes.length + 1);
  const steps: number[] = [];
  const stepLabels: number[] = [];
  const branches: number[] = [];
  const into: [number, number][][] = nodes.map(() => []);
  nodes.forEach((node, id) => {
    stepStart[id] = steps.length;
    branchStart[id] = branches.length;
    if (useful[id] === 0) return;
    const kept = node.edges.filter((edge) => useful[edge.to] === 1);
    for (const edge of kept) if (edge.label === "") branches.push(edge.to);
    const sorted = kept.filter((edge) => edge.label !== "").map((edge) => [number.get(edge.label) as number, edge.to] as const);
    sorted.sort((a, b) => a[0] - b[0]);
    for (const [label, to] of sorted) {
      steps.push(to);
      stepLabels.push(label);
    }
    for (const edge of kept) (into[edge.to] as [number, number][]).push([id, edge.label === "" ? -1 : (number.get(edge.label) as number)]);
  });
  stepStart[nodes.length] = steps.length;
  branchStart[nodes.length] = branches.length;
  const intoStart = new Int32Array(nodes.length + 1);
  const intoFrom: number[] = [];
  const intoLabel: number[] = [];
  into.forEach((list, id) => {
    intoStart[id] = intoFrom.length;
    for (const [from, label] of list) {
      intoFrom.push(from);
      intoLabel.push(label);
    }
  });
  intoStart[nodes.length] = intoFrom.length;
  return {
    useful, labels, stepStart, stepTo: Int32Array.from(steps), stepLabel: Int32Array.from(stepLabels), branchStart, branchTo: Int32Array.from(branches),
    intoStart, intoFrom: Int32Array.from(intoFrom), intoLabel: Int32Array.from(intoLabel),
  };
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
