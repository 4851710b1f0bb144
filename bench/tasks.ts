/**
 * What one worker process measures. Every task runs in a fresh child process (worker.ts),
 * so no scenario inherits another's heap, JIT state or caches, and its peak memory is its own.
 */
import type { Library, Variant } from "./api/crud";
import type { Peer } from "./api/peers";
import type { Phase } from "./harness";

export type MergeInputs = "plain" | "frozen";

export type Task =
  /** openapi() (first and second) and the vendor floor, one library, sizes ascending. */
  | { kind: "generation"; library: Library; variant: Variant; sizes: number[] }
  /** A peer generator (api/peers.ts) building the same CRUD document from Zod schemas. */
  | { kind: "peer"; peer: Peer; variant: Variant; sizes: number[] }
  /** Strict merge() of the generated documents, and the JSON round-trip floor. */
  | { kind: "merge"; inputs: MergeInputs; sizes: number[] }
  /** openapi-merge on the generated documents. */
  | { kind: "openapi-merge"; sizes: number[] }
  /** The 55 Twilio documents: createMerge, the floor, openapi-merge. */
  | { kind: "twilio" }
  /** requestValidator on a typical request, its floor, and two Hono validators. */
  | { kind: "validation" }
  /** responseValidator on a typical response, its floor, and the JSON Schema engine against Zod. */
  | { kind: "responses" };

export interface TaskResult {
  task: Task;
  phases: Phase[];
  /** RSS of the worker once its modules were loaded, before any input was built (MB). */
  baseRssMB: number;
  /** Wall time of the whole worker, building inputs included (s). */
  seconds: number;
  /** Of which the forced garbage collections before timed calls (s). */
  gcSeconds: number;
  /** What the untimed checks found (checks.ts). */
  notes: string[];
  /** The CRUD document's skeleton (checks.ts), for comparing openapi() with each peer. */
  skeleton?: unknown;
}

/** A short name for progress lines. */
export function taskLabel(task: Task): string {
  switch (task.kind) {
    case "generation":
      return `generation ${task.library} ${task.variant} ${task.sizes.join("/")}`;
    case "peer":
      return `${task.peer} ${task.variant} ${task.sizes.join("/")}`;
    case "merge":
      return `merge ${task.inputs} ${task.sizes.join("/")}`;
    case "openapi-merge":
      return `openapi-merge ${task.sizes.join("/")}`;
    case "twilio":
      return "twilio";
    case "validation":
      return "validation";
    case "responses":
      return "response checking";
  }
}
