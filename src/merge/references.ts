import { decodeSegment, encodeSegment } from "../internal/json-pointer";
import { getOwn, hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import type { SchemaHook } from "../schema/rebuild";

/**
 * What changes inside one document on its way into the result: renamed components and
 * operationIds, a path prefix, and a schema dialect conversion. Every reference the
 * document makes to something renamed or moved is rewritten to match.
 */
export interface Rewrite {
  /** Converts each Schema Object node to base's dialect (rebuildSchema hook), if it differs. */
  readonly convert: SchemaHook | undefined;
  /** Component kind (`schemas`) to old name to new name. */
  readonly components: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** New schema name to the old one, for discriminators that relied on the old name. */
  readonly renamedSchemas: ReadonlyMap<string, string>;
  /** Prepended to every path of the document: `""` or `/segment`. */
  readonly pathPrefix: string;
  /** Old operationId to new one. */
  readonly operationIds: ReadonlyMap<string, string>;
  /** Schemas a 3.1 document moves on its way into a 3.0 base (dialect-30.ts), or undefined. */
  readonly moves: SchemaMoves | undefined;
  /** Into a 3.0 base: an operation without `responses` (allowed in 3.1) gets a default one. */
  readonly responsesRequired: boolean;
  /** Root fields the document's path items take on (createMerge's servers and security options). */
  readonly inherited: Inherited | undefined;
}

/**
 * Where a 3.1 document's nested schemas go in a 3.0 base, which has neither `$defs` nor
 * `$anchor`: a `$defs` entry becomes a component of its own, so a reference into it
 * (`#/components/schemas/D/$defs/X`) is moved to the component (`#/components/schemas/D_X`);
 * a `#name` reference goes to the schema that declares `$anchor: "name"`.
 */
export interface SchemaMoves {
  /** The pointer of a moved schema, each segment in canonical form (encodeSegment), to its new one. */
  readonly pointers: ReadonlyMap<string, string>;
  /** An anchor name to the pointer of the schema that declares it, in the document after the moves. */
  readonly anchors: ReadonlyMap<string, string>;
}

/**
 * What a document's path items take on from its root in the result (createMerge's
 * `servers: "per-path"` and `security: "per-operation"`), because the result's root servers
 * or security are not the document's own.
 */
export interface Inherited {
  /** Put on each of the document's path items (in `paths`) that has no servers of its own. */
  readonly servers: readonly unknown[] | undefined;
  /** Put on each operation (of paths and webhooks) that has no security of its own. */
  readonly security: readonly unknown[] | undefined;
  /** The document's `components.pathItems` that its `paths` use whole (`{ $ref }` path items). */
  readonly pathItemsOfPaths: ReadonlySet<string>;
  /** Those its `webhooks` use whole. */
  readonly pathItemsOfWebhooks: ReadonlySet<string>;
}

export const NO_RENAMES: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map();
const NO_NAMES: ReadonlyMap<string, string> = new Map();

export function makeRewrite(parts: Partial<Rewrite>): Rewrite {
  const components = parts.components ?? NO_RENAMES;
  const renamedSchemas = new Map<string, string>();
  for (const [from, to] of components.get("schemas") ?? NO_NAMES) renamedSchemas.set(to, from);
  return {
    convert: parts.convert,
    components,
    renamedSchemas,
    pathPrefix: parts.pathPrefix ?? "",
    operationIds: parts.operationIds ?? NO_NAMES,
    moves: parts.moves,
    responsesRequired: parts.responsesRequired ?? false,
    inherited: parts.inherited,
  };
}

/** True when the document goes into the result as it is. */
export function changesNothing(rewrite: Rewrite): boolean {
  return rewrite.convert === undefined && rewrite.components.size === 0 && rewrite.pathPrefix === "" && rewrite.operationIds.size === 0;
}


/**
 * A local reference after the document's moves, renames and path prefix:
 * `#/components/schemas/Pet/properties/id` to `#/components/schemas/Shop_Pet/properties/id`,
 * `#/paths/~1pets/get` to `#/paths/~1shop~1pets/get`. Other references are kept.
 */
export function rewriteRef(reference: string, rewrite: Rewrite): string {
  const ref = rewrite.moves === undefined ? reference : moveRef(reference, rewrite.moves);
  if (!ref.startsWith("#/")) return ref;
  const segments = ref.slice(2).split("/");
  const [first, second, third] = segments;
  if (first === "components" && second !== undefined && third !== undefined) {
    const renames = rewrite.components.get(second);
    if (!renames) return ref;
    const name = decodeSegment(third);
    const renamed = name === undefined ? undefined : renames.get(name);
    if (renamed === undefined) return ref;
    segments[2] = encodeSegment(renamed);
    return "#/" + segments.join("/");
  }
  if (first === "paths" && second !== undefined && rewrite.pathPrefix !== "" && decodeSegment(second)?.startsWith("/")) {
    // Paths start with "/" (other keys of the Paths Object are extensions, never prefixed),
    // so the prefix's own encoding goes in front of the segment as is.
    segments[1] = encodeSegment(rewrite.pathPrefix) + second;
    return "#/" + segments.join("/");
  }
  return ref;
}

/** A 3.1 `#name` reference: a plain-name fragment (JSON Schema 2020-12 anchor syntax). */
const ANCHOR_REF = /^#[A-Za-z_][-A-Za-z0-9._]*$/;

/** The reference after the document's schema moves: into a hoisted `$defs` entry, or to an anchor's schema. */
function moveRef(ref: string, moves: SchemaMoves): string {
  if (ANCHOR_REF.test(ref)) return moves.anchors.get(ref.slice(1)) ?? ref;
  if (!ref.startsWith("#/") || moves.pointers.size === 0) return ref;
  const segments = ref.slice(2).split("/").map((raw) => encodeSegment(decodeSegment(raw) ?? raw));
  // The longest moved prefix wins: `.../$defs/X/$defs/Y` is moved with Y, not with X.
  for (let length = segments.length; length >= 2; length--) {
    const keyword = segments[length - 2];
    if (keyword !== "$defs" && keyword !== "definitions") continue;
    const moved = moves.pointers.get("#/" + segments.slice(0, length).join("/"));
    if (moved !== undefined) return length === segments.length ? moved : `${moved}/${segments.slice(length).join("/")}`;
  }
  return ref;
}

/** The schema name a `#/components/schemas/Name` reference points to. */
/** The component a reference names whole (`#/components/<kind>/<name>`, nothing after), if any. */
export function componentNameOf(ref: unknown, kind: "schemas" | "parameters" | "pathItems"): string | undefined {
  const prefix = `#/components/${kind}/`;
  if (typeof ref !== "string" || !ref.startsWith(prefix)) return undefined;
  const rest = ref.slice(prefix.length);
  return rest.includes("/") ? undefined : decodeSegment(rest);
}

/**
 * A security requirement list with renamed security schemes under their new names, or the
 * same list when nothing in it was renamed.
 */
export function renameSecurity(list: unknown, rewrite: Rewrite): unknown {
  const renames = rewrite.components.get("securitySchemes");
  if (!renames || !Array.isArray(list)) return list;
  let copy: unknown[] | undefined;
  list.forEach((requirement: unknown, index) => {
    if (!isObject(requirement) || !Object.keys(requirement).some((name) => renames.has(name))) return;
    const renamed: JsonObject = {};
    for (const name of Object.keys(requirement)) setOwn(renamed, renames.get(name) ?? name, requirement[name]);
    copy ??= list.slice();
    copy[index] = Object.freeze(renamed);
  });
  return copy ? Object.freeze(copy) : list;
}

/**
 * The discriminator of a schema after renames, or undefined when it stays. Mapping values
 * follow renamed schemas (as `#/components/schemas/...` references or bare names). A
 * oneOf/anyOf branch whose schema was renamed used to be found by its old name (implicit
 * mapping); it gets an explicit mapping entry under that old name, so payloads still match.
 */
export function rewriteDiscriminator(schema: JsonObject, rewrite: Rewrite): JsonObject | undefined {
  const discriminator = getOwn(schema, "discriminator");
  if (!isObject(discriminator)) return undefined;
  const renames = rewrite.components.get("schemas");
  const mapping = getOwn(discriminator, "mapping");
  let changed: JsonObject | undefined;
  if (isObject(mapping)) {
    for (const key of Object.keys(mapping)) {
      const value = mapping[key];
      if (typeof value !== "string") continue;
      const next = value.startsWith("#") ? rewriteRef(value, rewrite) : value.includes("/") ? value : (renames?.get(value) ?? value);
      if (next === value) continue;
      changed ??= { ...mapping };
      setOwn(changed, key, next);
    }
  }
  if (rewrite.renamedSchemas.size > 0) {
    for (const keyword of ["oneOf", "anyOf"]) {
      const branches = getOwn(schema, keyword);
      if (!Array.isArray(branches)) continue;
      for (const branch of branches) {
        const ref = isObject(branch) ? getOwn(branch, "$ref") : undefined;
        const name = componentNameOf(ref, "schemas");
        const old = name === undefined ? undefined : rewrite.renamedSchemas.get(name);
        if (old === undefined || hasOwn(changed ?? (isObject(mapping) ? mapping : {}), old)) continue;
        changed ??= isObject(mapping) ? { ...mapping } : {};
        setOwn(changed, old, ref);
      }
    }
  }
  if (!changed) return undefined;
  return Object.freeze({ ...discriminator, mapping: Object.freeze(changed) });
}
