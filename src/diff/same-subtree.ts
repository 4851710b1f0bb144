/**
 * Whether a place is the same in both documents: at the same pointer, deeply equal, and so
 * is everything its `$ref`s reach. A schema that is the same needs no comparison, which is
 * most of them between two versions of one document.
 *
 * Two values are the same unless a difference can be reached from them, through their
 * children and their `$ref`s: the pairs of values form a graph, which may have cycles (a
 * recursive component, a document that contains itself), settled one strongly connected
 * component at a time (Tarjan's algorithm, with explicit stacks). Each pair is settled once
 * per diff, so every question asked costs, between them all, the size of the documents.
 */
import { hasOwn } from "../internal/own";
import type { Located, Side } from "./side";

const UNKNOWN = 0;
const SAME = 1;
const DIFFERENT = 2;

interface PairState {
  readonly before: object;
  readonly after: object;
  index: number;
  low: number;
  onStack: boolean;
  /** A difference was found at this pair or reached from it. */
  differs: boolean;
  result: typeof UNKNOWN | typeof SAME | typeof DIFFERENT;
}

/** A pair being walked: its children still to visit. */
interface Visit {
  readonly state: PairState;
  readonly children: readonly [object, object][];
  next: number;
}

export class SameSubtrees {
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;
  private readonly pairs = new Map<number | string, PairState>();
  private counter = 0;

  constructor(
    private readonly before: Side,
    private readonly after: Side,
  ) {}

  same(before: Located, after: Located): boolean {
    if (before.pointer !== after.pointer) return false;
    const [b, a] = [before.node, after.node];
    if (b === null || a === null || typeof b !== "object" || typeof a !== "object") return b === a;
    // One document compared with itself: a node is the same as itself.
    if (b === a && this.before.root === this.after.root) return true;
    return this.settle(b, a);
  }

  private settle(before: object, after: object): boolean {
    const start = this.stateOf(before, after);
    if (start.result === UNKNOWN) this.walk(start);
    return start.result === SAME;
  }

  /** Tarjan's algorithm from `start`: every pair it reaches ends SAME or DIFFERENT. */
  private walk(start: PairState): void {
    const stack: PairState[] = [];
    const visits: Visit[] = [];
    const enter = (state: PairState) => {
      state.index = state.low = this.counter++;
      state.onStack = true;
      stack.push(state);
      const children: [object, object][] = [];
      state.differs = !this.childrenOf(state, children);
      visits.push({ state, children, next: 0 });
    };
    enter(start);
    while (visits.length > 0) {
      const visit = visits[visits.length - 1] as Visit;
      const { state } = visit;
      // A pair known to differ needs no more of its children: what reaches it differs too.
      if (!state.differs && visit.next < visit.children.length) {
        const [b, a] = visit.children[visit.next++] as [object, object];
        const child = this.stateOf(b, a);
        if (child.result === DIFFERENT) state.differs = true;
        else if (child.result === UNKNOWN && child.index === -1) enter(child);
        else if (child.onStack) state.low = Math.min(state.low, child.index);
        continue;
      }
      visits.pop();
      if (state.low === state.index) this.close(state, stack);
      const parent = visits[visits.length - 1];
      if (parent !== undefined) {
        parent.state.low = Math.min(parent.state.low, state.low);
        if (state.result === DIFFERENT) parent.state.differs = true;
      }
    }
  }

  /** Settles the strongly connected component whose first pair is `root`: all differ if one does. */
  private close(root: PairState, stack: PairState[]): void {
    const members: PairState[] = [];
    let differs = false;
    for (;;) {
      const member = stack.pop() as PairState;
      member.onStack = false;
      members.push(member);
      differs ||= member.differs;
      if (member === root) break;
    }
    for (const member of members) member.result = differs ? DIFFERENT : SAME;
  }

  /**
   * The pairs of objects under a pair (its values, and what its `$ref`s name), into
   * `children`; false when the pair itself differs (another shape, key, length or value).
   */
  private childrenOf({ before, after }: PairState, children: [object, object][]): boolean {
    if (Array.isArray(before) !== Array.isArray(after)) return false;
    const keys = Object.keys(before);
    if (keys.length !== Object.keys(after).length) return false;
    for (const key of keys) {
      if (!hasOwn(after, key)) return false;
      const [b, a] = [(before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key]];
      if (b === null || a === null || typeof b !== "object" || typeof a !== "object") {
        if (b !== a) return false;
        if (key === "$ref" && typeof b === "string" && !this.refChild(b, children)) return false;
      } else children.push([b, a]);
    }
    return true;
  }

  /** What a `$ref` names in each document, as one more child; false when only one document has it. */
  private refChild(ref: string, children: [object, object][]): boolean {
    const [b, a] = [this.before.resolve(ref), this.after.resolve(ref)];
    if (b === undefined || a === undefined) return b === a;
    if (b.node === null || a.node === null || typeof b.node !== "object" || typeof a.node !== "object") return b.node === a.node;
    children.push([b.node, a.node]);
    return true;
  }

  private stateOf(before: object, after: object): PairState {
    const [b, a] = [this.idOf(before), this.idOf(after)];
    const key = b < 2 ** 26 && a < 2 ** 26 ? b * 2 ** 26 + a : `${b},${a}`;
    let state = this.pairs.get(key);
    if (state === undefined) this.pairs.set(key, (state = { before, after, index: -1, low: -1, onStack: false, differs: false, result: UNKNOWN }));
    return state;
  }

  private idOf(node: object): number {
    let id = this.ids.get(node);
    if (id === undefined) this.ids.set(node, (id = this.nextId++));
    return id;
  }
}
