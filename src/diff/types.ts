/** What diff() reports: one change per difference a client can notice, with oasdiff's ids where it has one. */

/** `error`: breaks a client written against `before`; `warning`: may break one; `info`: breaks none. */
export type DiffLevel = "error" | "warning" | "info";

export interface DiffChange {
  /** The kind of change, such as `request-parameter-removed` (oasdiff's id where it has one). */
  readonly id: string;
  readonly level: DiffLevel;
  /** The operation it is seen at: `GET /users/{id}`, `webhook newPet POST`; absent for a document-wide change. */
  readonly operation?: string;
  /** JSON pointer into `after` for what was added or changed, into `before` for what was removed. */
  readonly location: string;
  readonly message: string;
}

export interface DiffResult {
  /**
   * Each change at each operation it is seen at, once per operation and part of it (its
   * request body, a response, a parameter), named by the shortest path from there. In a
   * fixed order: by operation, then location, then id.
   */
  readonly changes: readonly DiffChange[];
  /** Each distinct change once, with the operations it is seen at: most severe first, then by location, id and message. */
  readonly distinct: readonly DistinctChange[];
  /** True when a change has the level `error`. */
  readonly breaking: boolean;
}

/** One change, wherever it is seen: a change inside a component schema is one change however many operations use it. */
export interface DistinctChange {
  readonly id: string;
  readonly level: DiffLevel;
  /** Where it changed: inside `components` when the changed schema is a component. */
  readonly location: string;
  readonly message: string;
  /** Every operation it is seen at, sorted; empty for a change of the whole document. */
  readonly operations: readonly string[];
}

/** A change to leave out: its id, and optionally only at one operation or under one location. */
export interface DiffIgnore {
  readonly id: string;
  /** `GET /users/{id}`: only changes seen at this operation. */
  readonly operation?: string;
  /** A JSON pointer: only changes at it or inside it. */
  readonly location?: string;
}

export interface DiffOptions {
  /**
   * The day sunset dates are compared with (an ISO date such as `2026-01-31` or a Date),
   * default today: removing an operation before its `x-sunset` is an error, after it information.
   */
  readonly today?: string | Date;
  /** Changes to leave out of the result. */
  readonly ignore?: readonly DiffIgnore[];
}
