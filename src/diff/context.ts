/**
 * What every check shares: the two documents, with their `$ref`s followed, and the list of
 * changes found so far. A check adds a change by id; its level comes from the table.
 */
import { getOwn, isObject } from "../internal/own";
import { levelOf } from "./levels";
import { SameSubtrees } from "./same-subtree";
import type { Side } from "./side";

export { Side, child, type Found, type Located } from "./side";
import type { DiffChange } from "./types";

/** The changes found, and what every check needs to add one. */
export class Report {
  readonly changes: DiffChange[] = [];
  /** Places the same in both documents, which need no comparison. */
  readonly same: SameSubtrees;
  constructor(
    readonly before: Side,
    readonly after: Side,
    /** The day sunsets are compared with, `YYYY-MM-DD`. */
    readonly today: string,
  ) {
    this.same = new SameSubtrees(before, after);
  }

  add(id: string, location: string, message: string, operation?: string): void {
    const change: DiffChange = operation === undefined ? { id, level: levelOf(id), location, message } : { id, level: levelOf(id), operation, location, message };
    this.changes.push(change);
  }
}

/** Where a check is: the report, and the operation its changes are seen at. */
export interface Scope {
  readonly report: Report;
  readonly operation: string | undefined;
}

/** The own entries of an object field (a map of names), or none when it is no object. */
export function entriesOf(value: unknown): [string, unknown][] {
  if (!isObject(value)) return [];
  return Object.keys(value).map((key) => [key, value[key]]);
}

/** A field of an object node, or undefined when the node is no object. */
export function field(node: unknown, key: string): unknown {
  return isObject(node) ? getOwn(node, key) : undefined;
}

/** A value as messages quote it: JSON, cut at 60 characters. */
export function quote(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? text.slice(0, 60) + "…" : text;
}
