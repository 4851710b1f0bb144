import { SpecloomError } from "../errors";
import { propertyLabel } from "../internal/own";
import type { MergeInput } from "./inputs";
import type { Prefixes } from "./prefixes";

/** An operation's id and where it will sit in the result. */
export interface OperationIdUse {
  readonly input: MergeInput;
  readonly id: string;
  readonly group: "paths" | "webhooks";
  /** The path (with its document's prefix) or webhook name. */
  readonly key: string;
  readonly method: string;
}

/** `paths["/pets"].get`: built only for messages. */
function where(use: OperationIdUse): string {
  return `${use.group}${propertyLabel(use.key)}.${use.method}`;
}

/**
 * operationIds across documents: each must stay unique in the result. A document's own
 * repeats are its own business and are left as they are.
 */
export class OperationIdTable {
  private readonly used = new Map<string, OperationIdUse>();

  /** The document's renamed ids (mode "rename"), after checking them against earlier documents. */
  plan(input: MergeInput, uses: readonly OperationIdUse[], mode: "error" | "rename", prefixes: Prefixes): Map<string, string> {
    const renames = new Map<string, string>();
    let own: Set<string> | undefined;
    for (const use of uses) {
      const prior = this.used.get(use.id);
      if (!prior || renames.has(use.id)) continue;
      if (mode === "error") {
        throw new SpecloomError(
          "DUPLICATE_PATH",
          `${where(use)}.operationId`,
          `${input.label} gives this operation the operationId ${JSON.stringify(use.id)}, which ${where(prior)} of ${prior.input.label} already has; operationIds must be unique (createMerge({ operationIds: "rename" }) renames the later one)`,
        );
      }
      const renamed = prefixes.nameFor(input, false) + use.id;
      own ??= new Set(uses.map((u) => u.id));
      const taken = this.used.get(renamed) ?? (own.has(renamed) ? uses.find((u) => u.id === renamed) : undefined);
      if (taken) {
        throw new SpecloomError(
          "DUPLICATE_PATH",
          `${where(use)}.operationId`,
          `the operationId ${JSON.stringify(use.id)} of ${input.label} is taken, so it was renamed ${JSON.stringify(renamed)}, but ${where(taken)} of ${taken.input.label} already has that id; choose another prefix with createMerge({ prefix })`,
        );
      }
      renames.set(use.id, renamed);
    }
    for (const use of uses) {
      const id = renames.get(use.id) ?? use.id;
      if (!this.used.has(id)) this.used.set(id, use);
    }
    return renames;
  }
}
