/** The parts of inputs merge holds and what their copies saw; ingest.ts makes them. */

/**
 * What the copy of a caller's part saw that a rewrite could change: references, operationIds,
 * security requirements, discriminators. With it, a part nothing renamed touches goes into
 * the result as copied, without a second walk.
 */
export interface Facts {
  readonly refs: string[];
  readonly operationIds: string[];
  security: boolean;
  discriminator: boolean;
  /** A `$defs`, `definitions`, `$anchor` or `$dynamicAnchor` key: what a 3.0 base needs moved (dialect-30.ts). */
  schemaMoves: boolean;
}

/** A part of an input (a path item, a component), frozen and ours, with what its copy saw. */
export interface Part<T = unknown> {
  readonly value: T;
  /** Undefined when not collected (a produced document's part is not copied): a rewrite walks it. */
  readonly facts: Facts | undefined;
}
