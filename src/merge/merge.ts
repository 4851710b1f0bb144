import { SpecloomError } from "../errors";
import { deepEqual } from "../internal/equal";
import { deepFreeze } from "../internal/freeze";
import { getOwn, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import { markProduced } from "../internal/produced";
import type { OpenAPIDocument } from "../types/document";
import { ComponentTable, schemaNames, withSchemas, type DocumentComponents, type Renames } from "./components";
import { Conflicts } from "./conflicts";
import { planSchemaMoves, type MoveSite } from "./dialect-30";
import { withInherited } from "./inherited-path-item";
import { ingest, rewritePart } from "./ingest";
import { checkPathItem, inside, isExtension, readInputs, trusted, type MergeInput } from "./inputs";
import { COMPONENT_KINDS, Kind } from "./object-kinds";
import { OperationIdTable, type OperationSite } from "./operation-ids";
import { resolveOptions, type MergeFunction, type MergeOptions, type ResolvedMergeOptions } from "./options";
import type { Part } from "./part";
import { PathTable, pathItemComponentName } from "./path-items";
import { Prefixes } from "./prefixes";
import { encodeSegment } from "../internal/json-pointer";
import { NO_RENAMES, makeRewrite, renameSecurity, type Inherited, type Rewrite } from "./references";
import { dialectConversion } from "./rewrite-tree";
import { TagList } from "./tags";
import { checkLowerable } from "./version-32";

/** Root fields with a rule of their own; any other root key (`x-` ones) is filled in, base first. */
const ROOT_FIELDS: ReadonlySet<string> = new Set([
  "openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs",
]);

/**
 * A merge function with options, like defu's `createDefu`: `createMerge({ components:
 * "share-identical" })(base, ...sources)`. Options are checked here, once.
 */
export function createMerge(options: MergeOptions = {}): MergeFunction {
  const resolved = resolveOptions(options);
  return (base, ...sources) => mergeDocuments(resolved, [base, ...sources]);
}

/**
 * Merges OpenAPI documents into a new, deeply frozen one (docs/merge.md): base's `openapi`,
 * `info` and `externalDocs`; paths, webhooks, components and tags of all documents, with
 * clashes reported; servers and security from base, else from the first source with some.
 * Inputs are neither changed nor frozen.
 */
export const merge: MergeFunction = createMerge();

/** The state of one merge: what the documents so far contributed, in order. */
class Merger {
  readonly base: MergeInput;
  readonly prefixes: Prefixes;
  readonly conflicts = new Conflicts();
  readonly components = new ComponentTable(this.conflicts);
  readonly paths: PathTable;
  readonly webhooks: PathTable;
  readonly operationIds = new OperationIdTable(this.conflicts);
  readonly tags: TagList;
  servers: unknown[] | undefined;
  security: unknown[] | undefined;
  hasWebhooks = false;
  jsonSchemaDialect: unknown;
  readonly extras = new Map<string, unknown>();
  /** The document the result's root security comes from: base, else the first source with some. */
  readonly securityOwner: MergeInput | undefined;

  constructor(
    readonly options: ResolvedMergeOptions,
    readonly inputs: readonly MergeInput[],
  ) {
    this.base = inputs[0] as MergeInput;
    this.tags = new TagList(this.base.minor < 2);
    this.securityOwner = inputs.find((input) => getOwn(input.document, "security") !== undefined);
    this.prefixes = new Prefixes(inputs, options);
    this.paths = new PathTable("paths", this.components, this.conflicts);
    this.webhooks = new PathTable("webhooks", this.components, this.conflicts);
  }

  /** One pass over one document: every part is read once, rewritten only if it must be. */
  add(input: MergeInput): void {
    const document = input.document;
    if (input.minor >= 2 && this.base.minor < 2) checkLowerable(input, this.base);
    const pathPrefix = this.prefixes.pathFor(input);
    const convert = dialectConversion(input.dialect, this.base.dialect);
    const into30 = convert !== undefined && this.base.dialect === "3.0";
    // A conversion walks every part anyway, renames and prefixes only the parts they touch;
    // into 3.0, the copy also tells which parts hold $defs or anchors to move.
    const observe = into30 || (convert === undefined && (pathPrefix !== "" || this.options.components === "rename" || this.options.operationIds === "rename"));
    const pathItems = this.readPathItems(input, "paths", pathPrefix, observe);
    const webhookItems = this.readPathItems(input, "webhooks", "", observe);
    let parts = this.components.read(input, this.base, observe);
    const moved = into30 ? planSchemaMoves(moveSites(pathItems, webhookItems, parts), schemaNames(parts)) : undefined;
    if (moved) parts = withSchemas(parts, moved.hoisted);

    const servers = getOwn(document, "servers");
    const ownServers = servers === undefined ? undefined : trusted(input, servers as unknown[], "servers");
    const security = getOwn(document, "security");
    const ownSecurity = security === undefined ? undefined : trusted(input, security as unknown[], "security");
    const inherit = this.inheritance(input, parts, pathItems, webhookItems, ownServers, ownSecurity);
    const rewriteWith = (components: Renames, operationIds?: ReadonlyMap<string, string>): Rewrite => {
      const rewrite = makeRewrite({ convert, components, pathPrefix, operationIds, moves: moved?.moves, responsesRequired: into30 });
      const inherited = inherit?.(rewrite);
      return inherited === undefined ? rewrite : { ...rewrite, inherited };
    };

    const componentItems = this.components.pathItemSites(input, parts, rewriteWith(NO_RENAMES as Renames));
    const operationIds = this.operationIds.plan(input, [pathItems, webhookItems, componentItems], this.options.operationIds, this.prefixes);
    const renames = this.components.planRenames(input, parts, this.options.components, this.prefixes, (components) => rewriteWith(components, operationIds));
    const rewrite = rewriteWith(renames, operationIds);
    this.components.add(input, parts, rewrite);

    // Root servers and security: base's, else the first document's that has them.
    this.servers ??= ownServers;
    this.security ??= ownSecurity === undefined ? undefined : (renameSecurity(ownSecurity, rewrite) as unknown[]);

    for (const part of pathItems) {
      const next = rewritePart(part, Kind.PathItem, rewrite) as JsonObject;
      // A `$ref` to the document's own components.pathItems: that component took them on.
      this.paths.add(input, part.key, withInheritance(next, part.value, rewrite.inherited, true));
    }
    if (getOwn(document, "webhooks") !== undefined) this.hasWebhooks ||= input === this.base || webhookItems.length > 0;
    for (const part of webhookItems) {
      const next = rewritePart(part, Kind.PathItem, rewrite) as JsonObject;
      this.webhooks.add(input, part.key, withInheritance(next, part.value, rewrite.inherited, false));
    }

    this.tags.add(input);
    for (const key of Object.keys(document)) {
      if (key === "jsonSchemaDialect") {
        // It describes the document's schemas; a 3.0 base has none of that dialect.
        if (this.jsonSchemaDialect === undefined && (input === this.base || this.base.dialect === "3.1")) {
          this.jsonSchemaDialect = trusted(input, document[key], key);
        }
      } else if (!ROOT_FIELDS.has(key) && document[key] !== undefined) {
        // Only extensions (and 3.2's `$self`) may sit beside the root fields: anything else
        // would make the result invalid, whatever a lenient validator said of the input.
        if (!isExtension(key) && key !== "$self") {
          throw new SpecloomError("INVALID_DEFINITION", `${input.location}${propertyLabel(key)}`, `${JSON.stringify(key)} is not a field of an OpenAPI document (an extension's name starts with "x-")`);
        }
        if (!this.extras.has(key)) this.extras.set(key, trusted(input, document[key], key));
      }
    }
  }

  /**
   * What the document's path items take on from its root, as a function of its rewrite (a
   * renamed security scheme is required under its new name); undefined when nothing.
   * `servers: "per-path"`: its servers, when they differ from the result's root servers.
   * `security: "per-operation"`: its root security when it differs from the result's, and
   * `[]` when it has none but the result has some: its operations were public, and stay so.
   */
  private inheritance(
    input: MergeInput,
    parts: DocumentComponents,
    pathItems: readonly PathItemEntry[],
    webhookItems: readonly PathItemEntry[],
    ownServers: unknown[] | undefined,
    ownSecurity: unknown[] | undefined,
  ): ((rewrite: Rewrite) => Inherited | undefined) | undefined {
    const rootServers = this.servers ?? ownServers;
    const servers = this.options.servers === "per-path" && ownServers !== undefined && !deepEqual(ownServers, rootServers) ? ownServers : undefined;
    const owner = this.securityOwner;
    const rootSecurity = this.security ?? (owner === undefined ? undefined : getOwn(owner.document, "security"));
    const perOperation = this.options.security === "per-operation" && input !== owner && rootSecurity !== undefined;
    if (servers === undefined && !perOperation) return undefined;
    const components = new Set((parts.kinds.get("pathItems") ?? []).map(([name]) => name));
    const used = (entries: readonly PathItemEntry[]) => {
      const names = new Set<string>();
      for (const { value } of entries) {
        const name = pathItemComponentName(value);
        if (name !== undefined && components.has(name)) names.add(name);
      }
      return names;
    };
    const pathItemsOfPaths = used(pathItems);
    const pathItemsOfWebhooks = used(webhookItems);
    return (rewrite) => {
      const own = ownSecurity === undefined ? NO_SECURITY : (renameSecurity(ownSecurity, rewrite) as unknown[]);
      const security = perOperation && !deepEqual(own, rootSecurity) ? own : undefined;
      if (servers === undefined && security === undefined) return undefined;
      return { servers, security, pathItemsOfPaths, pathItemsOfWebhooks };
    };
  }

  /**
   * The document's path items (or webhooks), checked, frozen and ours, under their result
   * keys. An `x-` key of the Paths Object is an extension, not a path: kept, never prefixed.
   */
  private readPathItems(input: MergeInput, group: "paths" | "webhooks", prefix: string, observe: boolean): PathItemEntry[] {
    const map = getOwn(input.document, group) as JsonObject | undefined;
    if (map === undefined) return [];
    let names = Object.keys(map);
    if (group === "paths" && names.some(isExtension)) {
      for (const name of names) if (isExtension(name) && map[name] !== undefined) this.paths.addExtension(name, () => trusted(input, map[name], group, name));
      names = names.filter((name) => !isExtension(name));
    }
    if (group === "webhooks" && names.length > 0 && input !== this.base && this.base.dialect === "3.0") {
      throw new SpecloomError("INVALID_DEFINITION", inside(input, group), `webhooks need OpenAPI 3.1, and ${this.base.label} is ${this.base.version}`);
    }
    const entries: PathItemEntry[] = [];
    for (const name of names) {
      const raw = map[name];
      if (!input.produced) checkPathItem(input, raw, group, name);
      const part = ingest(input, raw as JsonObject, observe, group, name);
      entries.push({ input, group, name, key: prefix + name, value: part.value, facts: part.facts });
    }
    return entries;
  }

  finish(): OpenAPIDocument {
    const base = this.base;
    const result: JsonObject = { openapi: base.version, info: trusted(base, base.document.info, "info") };
    if (this.jsonSchemaDialect !== undefined) result.jsonSchemaDialect = this.jsonSchemaDialect;
    if (this.servers !== undefined) result.servers = this.servers;
    result.paths = this.paths.toObject();
    if (this.hasWebhooks) result.webhooks = this.webhooks.toObject();
    const components = this.components.toObject();
    if (components !== undefined) result.components = components;
    if (this.security !== undefined) result.security = this.security;
    const tags = this.tags.toArray();
    if (tags !== undefined) result.tags = tags;
    const externalDocs = getOwn(base.document, "externalDocs");
    if (externalDocs !== undefined) result.externalDocs = trusted(base, externalDocs, "externalDocs");
    for (const [key, value] of this.extras) setOwn(result, key, value);
    const groups = this.tags.tagGroups();
    if (groups !== undefined) {
      if (this.extras.has("x-tagGroups")) {
        throw new SpecloomError("INVALID_DEFINITION", "x-tagGroups", `a 3.2 source's tag hierarchy is written as x-tagGroups in ${base.label} (${base.version}), and a document already has x-tagGroups; give the hierarchy one way`);
      }
      result["x-tagGroups"] = groups;
    }
    // The maps of paths, webhooks and components come frozen (their values are frozen one
    // by one, most already were), and are left alone: asking whether a map of thousands of
    // keys is frozen reads every key. The rest is frozen already too (copies, or produced
    // documents' subtrees), but for the few objects merge assembled: this freezes those.
    for (const key of Object.keys(result)) if (!FROZEN_MAPS.has(key)) deepFreeze(result[key]);
    return markProduced(Object.freeze(result)) as unknown as OpenAPIDocument;
  }
}

function mergeDocuments(options: ResolvedMergeOptions, documents: readonly unknown[]): OpenAPIDocument {
  const merger = new Merger(options, readInputs(documents));
  for (const input of merger.inputs) merger.add(input);
  merger.conflicts.throwIfAny();
  return merger.finish();
}

/**
 * A path item of one document, under the key it gets in the result: the part itself (one
 * object per path, which the operationId table keeps), not a wrapper around one.
 */
interface PathItemEntry extends OperationSite, Part<JsonObject> {
  readonly group: "paths" | "webhooks";
  /** Its key in its own document (without the path prefix). */
  readonly name: string;
}

const NO_SECURITY: readonly unknown[] = Object.freeze([]);

/** Root keys of the result whose values finish() takes frozen from the tables. */
const FROZEN_MAPS: ReadonlySet<string> = new Set(["paths", "webhooks", "components"]);

/** A path item that is a `$ref` to one of the document's own `components.pathItems` (by its name there, before renames). */
/**
 * A path item with what its document's root servers and security give it; one that is a
 * `$ref` to the document's own components.pathItems is left alone: that component took them on.
 */
function withInheritance(next: JsonObject, item: JsonObject, inherited: Inherited | undefined, ofPaths: boolean): JsonObject {
  if (inherited === undefined) return next;
  const name = pathItemComponentName(item);
  const own = name !== undefined && (ofPaths ? inherited.pathItemsOfPaths : inherited.pathItemsOfWebhooks).has(name);
  return own ? next : deepFreeze(withInherited(next, inherited, ofPaths));
}

/** Every part of the document, with its pointer, for the schema moves into a 3.0 base. */
function moveSites(pathItems: readonly PathItemEntry[], webhookItems: readonly PathItemEntry[], parts: DocumentComponents): MoveSite[] {
  const sites: MoveSite[] = [];
  for (const part of [...pathItems, ...webhookItems]) {
    const { group, name } = part;
    sites.push({ pointer: `#/${group}/${encodeSegment(name)}`, kind: Kind.PathItem, part, component: undefined, isSchemaComponent: false });
  }
  for (const [kind, entries] of parts.kinds) {
    for (const [name, part] of entries) {
      const pointer = `#/components/${kind}/${encodeSegment(name)}`;
      sites.push({ pointer, kind: COMPONENT_KINDS.get(kind) as Kind, part, component: name, isSchemaComponent: kind === "schemas" });
    }
  }
  return sites;
}
