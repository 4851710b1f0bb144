import { SpecloomError, describeValue } from "../errors";
import { deepEqual } from "../internal/equal";
import { deepFreeze } from "../internal/freeze";
import { getOwn, isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import type { Conflicts } from "./conflicts";
import { withInherited } from "./inherited-path-item";
import { ingest, rewritePart } from "./ingest";
import { checkPathItem, inside, isExtension, trusted, type MergeInput } from "./inputs";
import { KindTable } from "./kind-table";
import { COMPONENT_KINDS, type Kind } from "./object-kinds";
import { hasOperationIds, type OperationSite } from "./operation-ids";
import type { ComponentClashMode } from "./options";
import type { Part } from "./part";
import type { Prefixes } from "./prefixes";
import { NO_RENAMES, type Rewrite } from "./references";

/** How messages name one component of a kind. */
const SINGULAR: ReadonlyMap<string, string> = new Map([
  ["schemas", "schema"],
  ["responses", "response"],
  ["parameters", "parameter"],
  ["examples", "example"],
  ["requestBodies", "request body"],
  ["headers", "header"],
  ["securitySchemes", "security scheme"],
  ["links", "link"],
  ["callbacks", "callback"],
  ["pathItems", "path item"],
]);

/** One document's `components`, checked and ready to use (frozen, ours). */
export interface DocumentComponents {
  /** Component kind to its entries, in the document's order. */
  readonly kinds: ReadonlyMap<string, readonly (readonly [string, Part])[]>;
  /** `x-` keys (and unknown ones) of the components object. */
  readonly extensions: readonly (readonly [string, unknown])[];
}

/** A component that both the result and the incoming document declare. */
interface Clash {
  readonly kind: string;
  readonly name: string;
  readonly part: Part;
  /** The result's component of that name, and the table it is in (which knows its owner). */
  readonly existing: unknown;
  readonly table: KindTable;
}

export type Renames = Map<string, Map<string, string>>;

/**
 * The result's components, kind by kind, in order: base's, then each source's new ones.
 * Names clash only within a kind; what a clash does depends on the `components` option.
 */
export class ComponentTable {
  private readonly kinds = new Map<string, KindTable>();
  private readonly extensions = new Map<string, unknown>();
  private present = false;
  /** The parts planRenames() found no name of already taken: add() need not look again. */
  private clashFree: DocumentComponents | undefined;

  constructor(private readonly conflicts: Conflicts) {}

  /** Reads a document's components; pathItems need a 3.1 base, like webhooks. */
  read(input: MergeInput, base: MergeInput, observe: boolean): DocumentComponents {
    const components = input.document.components as JsonObject | undefined;
    const kinds = new Map<string, (readonly [string, Part])[]>();
    const extensions: (readonly [string, unknown])[] = [];
    if (components === undefined) return { kinds, extensions };
    this.present = true;
    for (const kind of Object.keys(components)) {
      const map = components[kind];
      if (!COMPONENT_KINDS.has(kind)) {
        if (map === undefined) continue;
        // As at the root: a key that is neither a kind of component nor an extension would
        // make the result invalid, whatever a lenient validator said of the input.
        if (!isExtension(kind)) {
          throw new SpecloomError("INVALID_DEFINITION", inside(input, "components", kind), `${JSON.stringify(kind)} is not a kind of component (an extension's name starts with "x-")`);
        }
        extensions.push([kind, trusted(input, map, "components", kind)]);
        continue;
      }
      if (map === undefined) continue;
      if (!isPlainObject(map)) {
        throw new SpecloomError("INVALID_DEFINITION", inside(input, "components", kind), `expected a map of names to ${SINGULAR.get(kind)} objects, found ${describeValue(map)}`);
      }
      const names = Object.keys(map);
      if (input !== base && base.dialect === "3.0") {
        needsOpenAPI31(input, base, kind, map, names);
        // What is left of pathItems here is an empty map, which a 3.0 Components Object cannot hold.
        if (kind === "pathItems") continue;
      }
      if (kind === "pathItems" && !input.produced) for (const name of names) checkPathItem(input, map[name], "components", kind, name);
      kinds.set(
        kind,
        names.map((name) => [name, ingest(input, map[name], observe, "components", name, kind)] as const),
      );
    }
    return { kinds, extensions };
  }

  /**
   * Which of the document's components take a new name (mode "rename"), after checking its
   * clashes against the mode. A clashing component is compared as it would enter the
   * result: converted, and with references to the document's other renamed components
   * rewritten. Renaming one can make another differ (it refers to the renamed one), so the
   * comparison repeats until no more names change.
   */
  planRenames(input: MergeInput, parts: DocumentComponents, mode: ComponentClashMode, prefixes: Prefixes, rewriteWith: (renames: Renames) => Rewrite): Renames {
    const clashes: Clash[] = [];
    for (const [kind, entries] of parts.kinds) {
      const table = this.kinds.get(kind);
      if (!table) continue;
      for (const [name, part] of entries) {
        if (table.has(name)) clashes.push({ kind, name, part, existing: table.get(name), table });
      }
    }
    if (clashes.length === 0) {
      this.clashFree = parts;
      return NO_RENAMES as Renames;
    }
    const unchanged = rewriteWith(NO_RENAMES as Renames);
    const sameAsExisting = (clash: Clash, rewrite: Rewrite): boolean => deepEqual(componentValue(clash.kind, clash.name, clash.part, rewrite), clash.existing);

    // A clash that is a conflict keeps the earlier document's component (add() skips the name).
    if (mode === "error") {
      for (const clash of clashes) {
        const how = sameAsExisting(clash, unchanged) ? 'identical; createMerge({ components: "share-identical" }) keeps one' : 'with different content; createMerge({ components: "rename" }) keeps both';
        this.clashConflict(clash, input, how);
      }
      return NO_RENAMES as Renames;
    }
    if (mode === "share-identical") {
      for (const clash of clashes) {
        if (!sameAsExisting(clash, unchanged)) this.clashConflict(clash, input, 'with different content; createMerge({ components: "rename" }) keeps both, renaming the later one');
      }
      return NO_RENAMES as Renames;
    }

    const renames: Renames = new Map();
    const refused = new Set<Clash>();
    let prefix: string | undefined;
    for (let changed = true; changed; ) {
      changed = false;
      const rewrite = renames.size === 0 ? unchanged : rewriteWith(renames);
      const found: Clash[] = [];
      for (const clash of clashes) {
        if (renames.get(clash.kind)?.has(clash.name) || refused.has(clash)) continue;
        if (!sameAsExisting(clash, rewrite)) found.push(clash);
      }
      for (const clash of found) {
        if (clash.kind === "pathItems" && hasOperationIds(clash.part.value) && sameAsExisting(clash, unchanged)) {
          refused.add(clash);
          this.sharedPathItemRenamed(clash, input);
          continue;
        }
        prefix ??= prefixes.nameFor(input, true);
        let kindRenames = renames.get(clash.kind);
        if (!kindRenames) renames.set(clash.kind, (kindRenames = new Map()));
        kindRenames.set(clash.name, prefix + clash.name);
        changed = true;
      }
    }
    return renames;
  }

  /**
   * The document's `components.pathItems`, as places where operationIds sit, but for those
   * identical to one already merged under their name: shared, they bring no new operation.
   */
  pathItemSites(input: MergeInput, parts: DocumentComponents, rewrite: Rewrite): OperationSite[] {
    const entries = parts.kinds.get("pathItems");
    if (entries === undefined) return [];
    const table = this.kinds.get("pathItems");
    const sites: OperationSite[] = [];
    for (const [name, part] of entries) {
      if (table?.has(name) && deepEqual(componentValue("pathItems", name, part, rewrite), table.get(name))) continue;
      sites.push({ input, group: "components.pathItems", key: name, value: part.value as JsonObject });
    }
    return sites;
  }

  /** Adds the document's components under their final names; shared identical ones are skipped. */
  add(input: MergeInput, parts: DocumentComponents, rewrite: Rewrite): void {
    if (parts.kinds.size > 0) this.present = true;
    const clashFree = this.clashFree === parts;
    for (const [kind, entries] of parts.kinds) {
      let table = this.kinds.get(kind);
      if (!table) this.kinds.set(kind, (table = new KindTable()));
      const renames = rewrite.components.get(kind);
      for (const [name, part] of entries) {
        const renamed = renames?.get(name);
        if (renamed === undefined) {
          if (clashFree || !table.has(name)) table.add(name, componentValue(kind, name, part, rewrite), input);
          continue;
        }
        const target = renamed;
        const taken = table.has(target) ? table.ownerOf(target) : entries.some(([own]) => own === renamed) ? input : undefined;
        if (taken) {
          this.conflicts.add(
            "DUPLICATE_SCHEMA",
            `components.${kind}${propertyLabel(target)}`,
            `${SINGULAR.get(kind)} ${JSON.stringify(name)} of ${input.label} differs from the one already merged, so it was renamed ${JSON.stringify(target)}, but ${taken.label} already defines that name; choose another prefix with createMerge({ prefix })`,
          );
          continue;
        }
        table.add(target, componentValue(kind, name, part, rewrite), input);
      }
    }
    for (const [key, value] of parts.extensions) if (!this.extensions.has(key)) this.extensions.set(key, value);
  }

  /**
   * A path item component identical to one already merged would be shared, but what it refers
   * to was renamed in its document, so both must stay: the operations in them, with the same
   * operationIds, would be there twice.
   */
  private sharedPathItemRenamed(clash: Clash, input: MergeInput): void {
    this.conflicts.add(
      "DUPLICATE_PATH",
      `components.pathItems${propertyLabel(clash.name)}`,
      `path item ${JSON.stringify(clash.name)} of ${input.label} is the same as the one of ${ownerLabel(clash)}, but refers to components renamed in ${input.label}, so both would be kept and their operationIds would repeat; give one of them another name`,
    );
  }

  private clashConflict(clash: Clash, input: MergeInput, how: string): void {
    this.conflicts.add(
      "DUPLICATE_SCHEMA",
      `components.${clash.kind}${propertyLabel(clash.name)}`,
      `${SINGULAR.get(clash.kind)} ${JSON.stringify(clash.name)} is defined by both ${ownerLabel(clash)} and ${input.label} (${how})`,
    );
  }

  /** A component of the result by kind and name (for resolving `$ref` parameters). */
  get(kind: string, name: string): unknown {
    return this.kinds.get(kind)?.get(name);
  }

  /**
   * The result's `components`, deeply frozen, or undefined when no document had any. Every
   * value is frozen already (copies, produced subtrees, rewritten trees, and what
   * componentValue() builds), so only the maps are frozen here.
   */
  toObject(): JsonObject | undefined {
    if (!this.present) return undefined;
    const components: JsonObject = {};
    for (const [kind, table] of this.kinds) components[kind] = table.freeze();
    for (const [key, value] of this.extensions) setOwn(components, key, deepFreeze(value));
    return Object.freeze(components);
  }
}

/** How messages name the document that first gave a clashing component. */
function ownerLabel(clash: Clash): string {
  return (clash.table.ownerOf(clash.name) as MergeInput).label;
}

/** The document's components with `schemas` added after its own (hoisted ones: dialect-30.ts). */
export function withSchemas(parts: DocumentComponents, added: readonly (readonly [string, Part])[]): DocumentComponents {
  if (added.length === 0) return parts;
  const kinds = new Map(parts.kinds);
  kinds.set("schemas", [...(kinds.get("schemas") ?? []), ...added]);
  return { kinds, extensions: parts.extensions };
}

/** Schema names the document defines itself. */
export function schemaNames(parts: DocumentComponents): Set<string> {
  return new Set((parts.kinds.get("schemas") ?? []).map(([name]) => name));
}

/**
 * A component as it enters the result: rewritten, and a path item with what the document's
 * paths or webhooks that use it whole would have taken on from the document's root.
 */
function componentValue(kind: string, name: string, part: Part, rewrite: Rewrite): unknown {
  const value = rewritePart(part, COMPONENT_KINDS.get(kind) as Kind, rewrite);
  const inherited = rewrite.inherited;
  if (kind !== "pathItems" || inherited === undefined || !isPlainObject(value)) return value;
  const ofPaths = inherited.pathItemsOfPaths.has(name);
  return ofPaths || inherited.pathItemsOfWebhooks.has(name) ? deepFreeze(withInherited(value, inherited, ofPaths)) : value;
}

/**
 * What a 3.0 base cannot hold from a 3.1 source's components: path items (like webhooks), and
 * mutualTLS security schemes (3.0 has no such type).
 */
function needsOpenAPI31(input: MergeInput, base: MergeInput, kind: string, map: JsonObject, names: readonly string[]): void {
  if (kind === "pathItems" && names.length > 0) {
    throw new SpecloomError("INVALID_DEFINITION", inside(input, "components", kind), `components.pathItems need OpenAPI 3.1, and ${base.label} is ${base.version}`);
  }
  if (kind !== "securitySchemes") return;
  for (const name of names) {
    const scheme = map[name];
    if (isPlainObject(scheme) && getOwn(scheme, "type") === "mutualTLS") {
      throw new SpecloomError("INVALID_DEFINITION", inside(input, "components", kind, name), `mutualTLS security schemes need OpenAPI 3.1, and ${base.label} is ${base.version}`);
    }
  }
}
