import { SpecloomError, type MergeConflict } from "../errors";

/**
 * The conflicts of one merge, gathered across every document so that a caller fixes them in
 * one pass. Where a conflict is found, merge keeps the earlier document's part and goes on;
 * at the end, one SpecloomError lists them all, in the order of docs/merge.md's rules (rank()).
 */
export class Conflicts {
  private readonly found: MergeConflict[] = [];

  add(code: MergeConflict["code"], location: string, detail: string): void {
    this.found.push(Object.freeze({ code, location, message: `${location}: ${detail}` }));
  }

  /**
   * Throws when there was a conflict: the error's code and location are those of the first
   * conflict in table order, its message lists every conflict (one per line), and its
   * `conflicts` holds them.
   */
  throwIfAny(): void {
    if (this.found.length === 0) return;
    const conflicts = this.found
      .map((conflict, index) => ({ conflict, index, rank: rank(conflict.location) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ conflict }) => conflict);
    const first = conflicts[0] as MergeConflict;
    let detail = first.message.slice(first.location.length + 2);
    for (let index = 1; index < conflicts.length; index++) detail += `\n${(conflicts[index] as MergeConflict).message}`;
    throw new SpecloomError(first.code, first.location, detail, { conflicts: Object.freeze(conflicts) });
  }
}

/**
 * The place of a conflict in the order of docs/merge.md's rules: paths, webhooks, components.schemas,
 * components.securitySchemes. operationIds, which the rules do not name, come after the
 * paths and webhooks they sit in; the other components last.
 */
function rank(location: string): number {
  if (location.endsWith(".operationId")) return 2;
  if (location.startsWith("paths")) return 0;
  if (location.startsWith("webhooks")) return 1;
  if (location.startsWith("components.schemas")) return 3;
  if (location.startsWith("components.securitySchemes")) return 4;
  return 5;
}
