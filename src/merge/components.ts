import { SpecloomError, describeValue } from "../errors";
import { deepEqual } from "../internal/equal";
import { deepFreeze } from "../internal/freeze";
import { isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import { ingest, rewritePart, type Part } from "./ingest";
import { inside, trusted, type MergeInput } from "./inputs";
import { COMPONENT_KINDS, type Kind } from "./object-kinds";
import type { ComponentClashMode } from "./options";
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

interface Entry {
  readonly value: unknown;
  readonly owner: MergeInput;
}

/** A component that both the result and the incoming document declare. */
interface Clash {
  readonly kind: string;
  readonly name: string;
  readonly part: Part;
  readonly existing: Entry;
}

export type Renames = Map<string, Map<string, string>>;

/**
 * The result's components, kind by kind, in order: base's, then each source's new ones.
 * Names clash only within a kind; what a clash does depends on the `components` option.
 */
export class ComponentTable {
  private readonly kinds = new Map<string, Map<string, Entry>>();
  private readonly extensions = new Map<string, unknown>();
  private present = false;

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
        if (map !== undefined) extensions.push([kind, trusted(input, map, "components", kind)]);
        continue;
      }
      if (map === undefined) continue;
      if (!isPlainObject(map)) {
        throw new SpecloomError("INVALID_DEFINITION", inside(input, "components", kind), `expected a map of names to ${SINGULAR.get(kind)} objects, found ${describeValue(map)}`);
      }
      const names = Object.keys(map);
      if (kind === "pathItems" && input !== base && names.length > 0 && base.dialect === "3.0") {
        throw new SpecloomError("INVALID_DEFINITION", inside(input, "components", kind), `components.pathItems need OpenAPI 3.1, and ${base.label} is ${base.version}`);
      }
      kinds.set(
        kind,
        names.map((name) => [name, ingest(input, map[name], observe, "components", kind, name)] as const),
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
        const existing = table.get(name);
        if (existing) clashes.push({ kind, name, part, existing });
      }
    }
    if (clashes.length === 0) return NO_RENAMES as Renames;
    const unchanged = rewriteWith(NO_RENAMES as Renames);
    const sameAsExisting = (clash: Clash, rewrite: Rewrite): boolean =>
      deepEqual(rewritePart(clash.part, COMPONENT_KINDS.get(clash.kind) as Kind, rewrite), clash.existing.value);

    if (mode === "error") {
      const clash = clashes[0] as Clash;
      throw clashError(clash, input, sameAsExisting(clash, unchanged) ? 'identical; createMerge({ components: "share-identical" }) keeps one' : 'with different content; createMerge({ components: "rename" }) keeps both');
    }
    if (mode === "share-identical") {
      for (const clash of clashes) {
        if (!sameAsExisting(clash, unchanged)) {
          throw clashError(clash, input, 'with different content; createMerge({ components: "rename" }) keeps both, renaming the later one');
        }
      }
      return NO_RENAMES as Renames;
    }

    const renames: Renames = new Map();
    let prefix: string | undefined;
    for (let changed = true; changed; ) {
      changed = false;
      const rewrite = renames.size === 0 ? unchanged : rewriteWith(renames);
      const found: Clash[] = [];
      for (const clash of clashes) {
        if (renames.get(clash.kind)?.has(clash.name)) continue;
        if (!sameAsExisting(clash, rewrite)) found.push(clash);
      }
      for (const clash of found) {
        prefix ??= prefixes.nameFor(input, true);
        let kindRenames = renames.get(clash.kind);
        if (!kindRenames) renames.set(clash.kind, (kindRenames = new Map()));
        kindRenames.set(clash.name, prefix + clash.name);
        changed = true;
      }
    }
    return renames;
  }

  /** Adds the document's components under their final names; shared identical ones are skipped. */
  add(input: MergeInput, parts: DocumentComponents, rewrite: Rewrite): void {
    for (const [kind, entries] of parts.kinds) {
      let table = this.kinds.get(kind);
      if (!table) this.kinds.set(kind, (table = new Map()));
      const renames = rewrite.components.get(kind);
      for (const [name, part] of entries) {
        const renamed = renames?.get(name);
        if (renamed === undefined && table.has(name)) continue;
        const target = renamed ?? name;
        const taken = table.get(target) ?? (renamed !== undefined && entries.some(([own]) => own === renamed) ? { owner: input } : undefined);
        if (taken) {
          throw new SpecloomError(
            "DUPLICATE_SCHEMA",
            `components.${kind}${propertyLabel(target)}`,
            `${SINGULAR.get(kind)} ${JSON.stringify(name)} of ${input.label} differs from the one already merged, so it was renamed ${JSON.stringify(target)}, but ${taken.owner.label} already defines that name; choose another prefix with createMerge({ prefix })`,
          );
        }
        table.set(target, { value: rewritePart(part, COMPONENT_KINDS.get(kind) as Kind, rewrite), owner: input });
      }
    }
    for (const [key, value] of parts.extensions) if (!this.extensions.has(key)) this.extensions.set(key, value);
  }

  /** A component of the result by kind and name (for resolving `$ref` parameters). */
  get(kind: string, name: string): unknown {
    return this.kinds.get(kind)?.get(name)?.value;
  }

  /**
   * The result's `components`, deeply frozen, or undefined when no document had any. Values
   * are frozen one by one (almost all are already), so the final deepFreeze need not walk
   * every key of the maps.
   */
  toObject(): JsonObject | undefined {
    if (!this.present) return undefined;
    const components: JsonObject = {};
    for (const [kind, table] of this.kinds) {
      const map: JsonObject = {};
      for (const [name, entry] of table) setOwn(map, name, deepFreeze(entry.value));
      components[kind] = Object.freeze(map);
    }
    for (const [key, value] of this.extensions) setOwn(components, key, deepFreeze(value));
    return Object.freeze(components);
  }
}

function clashError(clash: Clash, input: MergeInput, how: string): SpecloomError {
  return new SpecloomError(
    "DUPLICATE_SCHEMA",
    `components.${clash.kind}${propertyLabel(clash.name)}`,
    `${SINGULAR.get(clash.kind)} ${JSON.stringify(clash.name)} is defined by both ${clash.existing.owner.label} and ${input.label} (${how})`,
  );
}
