/**
 * One frame of a schema comparison as the checks see it, and how they report what they find.
 * A frame is one pair of places compared once per diff, whatever reaches it: its changes are
 * recorded with their path relative to the frame, and named from each operation that reaches
 * it when the report is made (./schema-report.ts).
 */
import { DIFF_IDS, schemaCheckId, type Direction } from "./levels";
import type { Report } from "./context";
import type { Finding, SchemaFrame } from "./schema-graph";
import type { SchemaView } from "./schema-view";

export type { Finding, SchemaFrame } from "./schema-graph";

/** The comparison of one pair of places: in which direction data flows, and where its findings go. */
export interface SchemaWalk {
  readonly report: Report;
  readonly direction: Direction;
  /** Adds a frame to compare, reached from this one at `frame.path`. */
  push(frame: SchemaFrame): void;
  /** Records a change of this frame. */
  found(finding: Finding): void;
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
  pair.walk.found({ id, pointer, message, path });
}

/** `the request body (application/json)` or `the property pet/name of the request body (application/json)`. */
export function subject(root: string, path: string): string {
  return path === "" ? root : `the property ${path} of ${root}`;
}
