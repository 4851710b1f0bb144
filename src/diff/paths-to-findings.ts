/**
 * The shortest paths from the roots to the nodes with findings, searched from each node with
 * findings back to the roots (a breadth-first search over the edges reversed, where a
 * matched branch costs nothing), then walked forward from each root that reaches it: at each
 * step the first label, in order, that stays on a shortest path. The same paths as
 * ./shortest-paths.ts finds from each root, at the cost of the graph times the number of
 * nodes with findings, for when those are fewer than the roots.
 */
import type { Compact, Reached } from "./compact-graph";
import type { PairNode } from "./schema-graph";

export function pathsToFindings(nodes: readonly PairNode[], graph: Compact, roots: readonly number[]): Map<number, Reached[]> {
  const result = new Map<number, Reached[]>(roots.map((root) => [root, []]));
  const search = new Search(graph, nodes.length);
  nodes.forEach((node, target) => {
    if (node.findings.length === 0 || graph.useful[target] === 0) return;
    search.distancesTo(target);
    for (const [root, reached] of result) if (search.reaches(root)) reached.push({ node: target, segments: search.distance(root), path: search.pathFrom(root) });
  });
  return result;
}

class Search {
  private readonly dist: Int32Array;
  /** Which target `dist` holds a distance for, per node. */
  private readonly of: Int32Array;
  private readonly mark: Int32Array;
  private marks = 0;
  private target = -1;

  constructor(
    private readonly graph: Compact,
    size: number,
  ) {
    this.dist = new Int32Array(size);
    this.of = new Int32Array(size).fill(-1);
    this.mark = new Int32Array(size).fill(-1);
  }

  reaches(node: number): boolean {
    return this.of[node] === this.target;
  }

  distance(node: number): number {
    return this.dist[node] as number;
  }

  /** The distance of every node to `target`, by layers: a branch keeps the layer, a step adds one. */
  distancesTo(target: number): void {
    const { intoStart, intoFrom, intoLabel } = this.graph;
    this.target = target;
    this.of[target] = target;
    this.dist[target] = 0;
    let layer = [target];
    for (let d = 0; layer.length > 0; d++) {
      const next: number[] = [];
      for (let i = 0; i < layer.length; i++) {
        const node = layer[i] as number;
        if (this.dist[node] !== d) continue;
        for (let at = intoStart[node] as number; at < (intoStart[node + 1] as number); at++) {
          const from = intoFrom[at] as number;
          const cost = intoLabel[at] === -1 ? d : d + 1;
          if (this.of[from] === target && (this.dist[from] as number) <= cost) continue;
          this.of[from] = target;
          this.dist[from] = cost;
          (cost === d ? layer : next).push(from);
        }
      }
      layer = next;
    }
  }

  /** The path from `root` to the target: at each step the first label that stays on a shortest path. */
  pathFrom(root: number): string {
    const { stepStart, stepTo, stepLabel, labels } = this.graph;
    const path: string[] = [];
    let frontier = this.frontier;
    let next = this.nextFrontier;
    frontier.length = 0;
    frontier.push(root);
    this.close(frontier);
    for (let d = this.distance(root); d > 0; d--) {
      let first = Number.MAX_SAFE_INTEGER;
      for (const node of frontier) {
        for (let at = stepStart[node] as number; at < (stepStart[node + 1] as number); at++) {
          const to = stepTo[at] as number;
          if (this.of[to] === this.target && this.dist[to] === d - 1) {
            first = Math.min(first, stepLabel[at] as number);
            break; // steps are in label order
          }
        }
      }
      next.length = 0;
      for (const node of frontier) {
        for (let at = stepStart[node] as number; at < (stepStart[node + 1] as number); at++) {
          const to = stepTo[at] as number;
          if (stepLabel[at] === first && this.of[to] === this.target && this.dist[to] === d - 1) next.push(to);
        }
      }
      path.push(labels[first] as string);
      this.close(next);
      [frontier, next] = [next, frontier];
    }
    return path.join("/");
  }

  private readonly frontier: number[] = [];
  private readonly nextFrontier: number[] = [];

  /** Adds to `nodes` those their branches reach at the same distance; each once. */
  private close(nodes: number[]): void {
    const { branchStart, branchTo } = this.graph;
    const mark = this.marks++;
    let kept = 0;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as number;
      if (this.mark[node] === mark) continue;
      this.mark[node] = mark;
      nodes[kept++] = node;
      for (let at = branchStart[node] as number; at < (branchStart[node + 1] as number); at++) {
        const to = branchTo[at] as number;
        if (this.of[to] === this.target && this.dist[to] === this.dist[node] && this.mark[to] !== mark) nodes.push(to);
      }
    }
    nodes.length = kept;
  }
}
