import { forEachOperation, pathItemOperations } from "../internal/http-methods";
import { getOwn, isObject, isPlainObject, propertyLabel, type JsonObject } from "../internal/own";
import type { Conflicts } from "./conflicts";
import type { MergeInput } from "./inputs";
import type { Prefixes } from "./prefixes";

/** A path item (of paths, webhooks or components.pathItems) of one document, under the key it gets in the result. */
export interface OperationSite {
  readonly input: MergeInput;
  readonly group: "paths" | "webhooks" | "components.pathItems";
  /** The path (with its document's prefix), webhook name or component name. */
  readonly key: string;
  readonly value: JsonObject;
}

/** An operation's id and where it will sit in the result. */
interface OperationIdUse {
  readonly site: OperationSite;
  readonly id: string;
  readonly method: string;
}

const NO_RENAMES: ReadonlyMap<string, string> = new Map();

/** The operations of a path item that have a string operationId, each with its place in the item (`get`, `additionalOperations.PURGE`). */
function operationIds(item: JsonObject): { method: string; id: string }[] {
  const found: { method: string; id: string }[] = [];
  for (const { keys, operation } of pathItemOperations(item)) {
    const id = isPlainObject(operation) ? getOwn(operation, "operationId") : undefined;
    if (typeof id === "string") found.push({ method: keys.join("."), id });
  }
  return found;
}

/** Whether any operation of a path item has a string operationId. */
export function hasOperationIds(item: unknown): boolean {
  return isPlainObject(item) && operationIds(item).length > 0;
}

/**
 * operationIds across documents: each must stay unique in the result. A document's own
 * repeats are its own business and are left as they are.
 *
 * The table keeps, for each id, the path item that first used it (no object per
 * operation); which of its operations it was is looked up again only for a message.
 */
export class OperationIdTable {
  private readonly used = new Map<string, OperationSite>();
  /** Ids given by a rename, to the id the operation has in its own document. */
  private readonly renamedFrom = new Map<string, string>();

  constructor(private readonly conflicts: Conflicts) {}

  /**
   * The document's renamed ids (mode "rename"), after checking them against earlier
   * documents, and its ids recorded. `sites` are the document's path items, then its
   * webhooks, then its path item components (but those identical to one already merged).
   */
  plan(input: MergeInput, sites: readonly (readonly OperationSite[])[], mode: "error" | "rename", prefixes: Prefixes): ReadonlyMap<string, string> {
    // Usually no id is an earlier document's: then recording them is all there is to do.
    // The order of methods within a path item does not matter here, only the item is kept.
    for (const list of sites) {
      for (const site of list) {
        if (!this.recordItem(input, site)) return this.planClashes(input, sites, mode, prefixes);
      }
    }
    return NO_RENAMES;
  }

  /**
   * Records the ids of one path item, reading its keys in place (it runs once per path, so it
   * builds no list of operations); false when an id is an earlier document's.
   */
  private recordItem(input: MergeInput, site: OperationSite): boolean {
    let recorded = true;
    forEachOperation(site.value, (operation) => (recorded = this.record(input, site, operation)));
    return recorded;
  }

  /** Records an operation's id for `site`; false when an earlier document has it. */
  private record(input: MergeInput, site: OperationSite, operation: unknown): boolean {
    // Parts are JSON data by now (copies, or Specloom's own), so any non-array object is plain.
    const id = isObject(operation) ? getOwn(operation, "operationId") : undefined;
    if (typeof id !== "string") return true;
    const prior = this.used.get(id);
    if (prior === undefined) this.used.set(id, site);
    return prior === undefined || prior.input === input;
  }

  /** The document's uses in document order, its own records taken back, then checked one by one. */
  private planClashes(input: MergeInput, sites: readonly (readonly OperationSite[])[], mode: "error" | "rename", prefixes: Prefixes): Map<string, string> {
    const uses: OperationIdUse[] = [];
    for (const list of sites) {
      for (const site of list) {
        for (const { method, id } of operationIds(site.value)) {
          uses.push({ site, id, method });
          if (this.used.get(id)?.input === input) this.used.delete(id);
        }
      }
    }
    const renames = new Map<string, string>();
    let own: Set<string> | undefined;
    for (const use of uses) {
      const prior = this.used.get(use.id);
      if (!prior || renames.has(use.id)) continue;
      // A conflict leaves the id as it is; the earlier document keeps its record of it.
      if (mode === "error") {
        this.conflicts.add(
          "DUPLICATE_PATH",
          `${where(use.site, use.method)}.operationId`,
          `${input.label} gives this operation the operationId ${JSON.stringify(use.id)}, which ${this.whereUsed(prior, use.id)} of ${prior.input.label} already has; operationIds must be unique (createMerge({ operationIds: "rename" }) renames the later one)`,
        );
        continue;
      }
      const renamed = prefixes.nameFor(input, false) + use.id;
      own ??= new Set(uses.map((u) => u.id));
      const earlier = this.used.get(renamed);
      const taken = earlier !== undefined ? this.whereUsed(earlier, renamed) : own.has(renamed) ? whereUse(uses.find((u) => u.id === renamed) as OperationIdUse) : undefined;
      if (taken !== undefined) {
        const owner = earlier?.input ?? input;
        this.conflicts.add(
          "DUPLICATE_PATH",
          `${where(use.site, use.method)}.operationId`,
          `the operationId ${JSON.stringify(use.id)} of ${input.label} is taken, so it was renamed ${JSON.stringify(renamed)}, but ${taken} of ${owner.label} already has that id; choose another prefix with createMerge({ prefix })`,
        );
        continue;
      }
      renames.set(use.id, renamed);
    }
    for (const use of uses) {
      const renamed = renames.get(use.id);
      const id = renamed ?? use.id;
      if (this.used.has(id)) continue;
      this.used.set(id, use.site);
      if (renamed !== undefined) this.renamedFrom.set(renamed, use.id);
    }
    return renames;
  }

  /** Where `id` was first used in an earlier document: its path item's first operation with it. */
  private whereUsed(site: OperationSite, id: string): string {
    const original = this.renamedFrom.get(id) ?? id;
    const item = site.value;
    const use = operationIds(item).find((operation) => operation.id === original) as { method: string };
    return where(site, use.method);
  }
}

/** `paths["/pets"].get`: built only for messages. */
function where(site: OperationSite, method: string): string {
  return `${site.group}${propertyLabel(site.key)}.${method}`;
}

function whereUse(use: OperationIdUse): string {
  return where(use.site, use.method);
}
