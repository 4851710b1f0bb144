/** One frame of a schema comparison as the checks see it, and how they report what they find. */
import { DIFF_IDS, schemaCheckId, type Direction, type SchemaScope } from "./levels";
import type { Located, Scope } from "./context";
import type { SchemaView } from "./schema-view";

export interface SchemaFrame {
  readonly before: readonly Located[];
  readonly after: readonly Located[];
  readonly scope: SchemaScope;
  /** The property path from the root, `pet/tags/items`; empty at the root. */
  readonly path: string;
}

/** One comparison of two root schemas: where they are, in which direction data flows. */
export interface SchemaWalk extends Scope {
  readonly direction: Direction;
  /** How messages name the root: `the request body (application/json)`. */
  readonly root: string;
  /** Adds a frame to compare. */
  push(frame: SchemaFrame): void;
}

/** What the checks of one frame see. */
export interface FramePair {
  readonly walk: SchemaWalk;
  readonly frame: SchemaFrame;
  readonly before: SchemaView;
  readonly after: SchemaView;
}

export function join(path: string, name: string): string {
  return path === "" ? name : `${path}/${name}`;
}

/** Adds a schema change: `check` named for the frame's direction and scope, skipped when it has no id there. */
export function reportSchema(pair: FramePair, check: string, side: "before" | "after", message: string): void {
  const { walk, frame } = pair;
  const id = schemaCheckId(walk.direction, frame.scope, check);
  if (!DIFF_IDS.has(id)) return;
  reportAt(pair, id, pair[side].pointer, message);
}

/**
 * Adds the change `id` found at `pointer`: at the frame itself, or at `path` (a property of
 * the frame, `join(pair.frame.path, name)`). `message` says what changed, without naming the
 * place: the report names it.
 */
export function reportAt(pair: FramePair, id: string, pointer: string, message: string, path = pair.frame.path): void {
  pair.walk.report.add(id, pointer, `${subject(pair, path)}: ${message}`, pair.walk.operation);
}

/** `the request body (application/json)` or `the property pet/name of the request body (application/json)`. */
export function subject(pair: FramePair, path = pair.frame.path): string {
  return path === "" ? pair.walk.root : `the property ${path} of ${pair.walk.root}`;
}
