/**
 * The pairs of schemas a diff compares, each once: a node is one (direction, scope, before
 * places, after places), keyed by the places its `$ref`s resolve to (not by the `$ref`
 * objects that reach them), so a component that a hundred operations reach through a
 * hundred `$ref`s is one node. A node holds its findings, with paths relative to it, and its
 * edges to the nodes it reached (a property, the items, a matched branch). Roots are where a
 * schema sits in an operation: a body, a parameter, a header.
 */
import type { Direction, SchemaScope } from "./levels";
import type { Located, Side } from "./side";
import { getOwn, isObject } from "../internal/own";

export interface SchemaFrame {
  readonly before: readonly Located[];
  readonly after: readonly Located[];
  readonly scope: SchemaScope;
  /**
   * The property path from the frame being compared: empty for the frame itself; a child
   * pushed at `join(frame.path, name)` is a property, `items` or `*` of it.
   */
  readonly path: string;
}

/** A change a frame found: `path` is relative to the frame, `message` does not name the place. */
export interface Finding {
  readonly id: string;
  readonly pointer: string;
  readonly message: string;
  readonly path: string;
}

export interface PairNode {
  readonly direction: Direction;
  readonly frame: SchemaFrame;
  readonly findings: Finding[];
  /** The nodes reached, each with its path from this one (empty for a matched branch). */
  readonly edges: { readonly label: string; readonly to: number }[];
}

/** Where a schema sits in an operation. */
export interface SchemaRoot {
  readonly operation: string | undefined;
  /** What the changes are grouped by in the operation: `the request body`, `the response 200`, `the query parameter limit`. */
  readonly part: string;
  /** How messages name it: `the request body (application/json)`. */
  readonly label: string;
  readonly node: number;
}

export class SchemaGraph {
  readonly nodes: PairNode[] = [];
  readonly roots: SchemaRoot[] = [];
  private readonly keys = new Map<string, number>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;

  constructor(
    private readonly before: Side,
    private readonly after: Side,
  ) {}

  /** The node of a pair, added (to be visited) when it is new. */
  nodeOf(direction: Direction, frame: SchemaFrame): number {
    const key = `${direction} ${frame.scope} ${this.partsKey(this.before, frame.before)}|${this.partsKey(this.after, frame.after)}`;
    let node = this.keys.get(key);
    if (node === undefined) {
      node = this.nodes.length;
      this.keys.set(key, node);
      this.nodes.push({ direction, frame: { ...frame, path: "" }, findings: [], edges: [] });
    }
    return node;
  }

  /**
   * A part is the node it stands for: a lone `$ref` the place it resolves to (and the
   * component name it gives, which matching branches reads), anything else itself.
   */
  private partsKey(side: Side, parts: readonly Located[]): string {
    let key = "";
    for (const part of parts) {
      let node = part.node;
      let name = "";
      if (isObject(node) && typeof getOwn(node, "$ref") === "string" && Object.keys(node).length === 1) {
        const target = side.follow(part);
        node = target.node;
        name = target.name ?? "";
      }
      key += isObject(node) ? `${this.idOf(node)}:${name},` : `~${typeof node}:${String(node)},`;
    }
    return key;
  }

  private idOf(node: object): number {
    let id = this.ids.get(node);
    if (id === undefined) this.ids.set(node, (id = this.nextId++));
    return id;
  }
}
