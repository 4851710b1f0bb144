/**
 * What every check shares: the two documents, with their `$ref`s followed, and the list of
 * changes found so far. A check adds a change by id; its level comes from the table.
 */
import { getOwn, isObject } from "../internal/own";
import { levelOf } from "./levels";
import { SameSubtrees } from "./same-subtree";
import { SchemaGraph } from "./schema-graph";
import type { Side } from "./side";

export { Side, child, type Found, type Located } from "./side";
import type { DiffChange } from "./types";

/**
 * A change as found. `what` is what changed without naming the place, and `subject` names
 * the place as seen from the operation (a schema change: `the property tags of the request
 * body (application/json)`); a change elsewhere has no subject, and `what` is its message.
 */
export interface Entry {
  readonly change: DiffChange;
  readonly what: string;
  readonly subject?: string;
  /** The same for the same change at every operation (./distinct.ts). */
  readonly key: string;
}

/** What makes two changes one: the id, the place, and what changed there. */
export function distinctKey(id: string, location: string, kind: "schema" | "other", what: string): string {
  return `${id}\u0000${location}\u0000${kind}\u0000${what}`;
}

/** The changes found, and what every check needs to add one. */
export class Report {
  /** The changes outside schemas; those of schemas are in `schemas`, named from each operation at the end. */
  readonly entries: Entry[] = [];
  /** Places the same in both documents, which need no comparison. */
  readonly same: SameSubtrees;
  /** Every pair of schemas compared, and where operations reach them. */
  readonly schemas: SchemaGraph;
  /** How many nodes of `schemas` were visited. */
  visited = 0;
  constructor(
    readonly before: Side,
    readonly after: Side,
    /** The day sunsets are compared with, `YYYY-MM-DD`. */
    readonly today: string,
  ) {
    this.same = new SameSubtrees(before, after);
    this.schemas = new SchemaGraph(before, after);
  }

  add(id: string, location: string, message: string, operation?: string): void {
    this.entries.push({ change: changeOf(id, location, message, operation), what: message, key: distinctKey(id, location, "other", message) });
  }
}

export function changeOf(id: string, location: string, message: string, operation: string | undefined): DiffChange {
  return operation === undefined ? { id, level: levelOf(id), location, message } : { id, level: levelOf(id), operation, location, message };
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
