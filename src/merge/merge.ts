import { SpecloomError, describeValue } from "../errors";
import { deepEqual } from "../internal/equal";
import { deepFreeze } from "../internal/freeze";
import { getOwn, hasOwn, isObject, isPlainObject, setOwn, type JsonObject } from "../internal/own";
import { markProduced } from "../internal/produced";
import type { OpenAPIDocument } from "../types/document";
import { ComponentTable, type Renames } from "./components";
import { inside, readInputs, trusted, type MergeInput } from "./inputs";
import { HTTP_METHODS, Kind } from "./object-kinds";
import { OperationIdTable, type OperationSite } from "./operation-ids";
import { resolveOptions, type MergeFunction, type MergeOptions, type ResolvedMergeOptions } from "./options";
import { PathTable } from "./path-items";
import { Prefixes } from "./prefixes";
import { ingest, rewritePart, type Part } from "./ingest";
import { makeRewrite, renameSecurity } from "./references";
import { dialectConversion } from "./rewrite-tree";
import { TagList } from "./tags";

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
 * Merges OpenAPI documents into a new, deeply frozen one (SPEC.md 4.2): base's `openapi`,
 * `info` and `externalDocs`; paths, webhooks, components and tags of all documents, with
 * clashes reported; servers and security from base, else from the first source with some.
 * Inputs are neither changed nor frozen.
 */
export const merge: MergeFunction = createMerge();

/** The state of one merge: what the documents so far contributed, in order. */
class Merger {
  readonly base: MergeInput;
  readonly prefixes: Prefixes;
  readonly components = new ComponentTable();
  readonly paths: PathTable;
  readonly webhooks: PathTable;
  readonly operationIds = new OperationIdTable();
  readonly tags = new TagList();
  servers: unknown[] | undefined;
  security: unknown[] | undefined;
  hasWebhooks = false;
  jsonSchemaDialect: unknown;
  readonly extras = new Map<string, unknown>();

  constructor(
    readonly options: ResolvedMergeOptions,
    readonly inputs: readonly MergeInput[],
  ) {
    this.base = inputs[0] as MergeInput;
    this.prefixes = new Prefixes(inputs, options);
    this.paths = new PathTable("paths", this.components);
    this.webhooks = new PathTable("webhooks", this.components);
  }

  /** One pass over one document: every part is read once, rewritten only if it must be. */
  add(input: MergeInput): void {
    const document = input.document;
    const pathPrefix = this.prefixes.pathFor(input);
    const convert = dialectConversion(input.dialect, this.base.dialect);
    // A conversion walks every part anyway; renames and prefixes only the parts they touch.
    const observe = convert === undefined && (pathPrefix !== "" || this.options.components === "rename" || this.options.operationIds === "rename");
    const pathItems = this.readPathItems(input, "paths", pathPrefix, observe);
    const webhookItems = this.readPathItems(input, "webhooks", "", observe);

    const operationIds = this.operationIds.plan(input, [pathItems, webhookItems], this.options.operationIds, this.prefixes);
    const parts = this.components.read(input, this.base, observe);
    const rewriteWith = (components: Renames) => makeRewrite({ convert, components, pathPrefix, operationIds });
    const renames = this.components.planRenames(input, parts, this.options.components, this.prefixes, rewriteWith);
    const rewrite = rewriteWith(renames);
    this.components.add(input, parts, rewrite);

    // Root servers and security: base's, else the first document's that has them.
    const servers = getOwn(document, "servers");
    const ownServers = servers === undefined ? undefined : trusted(input, servers as unknown[], "servers");
    this.servers ??= ownServers;
    const pathServers = this.options.servers === "per-path" && ownServers !== undefined && !deepEqual(ownServers, this.servers) ? ownServers : undefined;
    const security = getOwn(document, "security");
    const ownSecurity = security === undefined ? undefined : (renameSecurity(trusted(input, security, "security"), rewrite) as unknown[]);
    this.security ??= ownSecurity;
    const operationSecurity = this.options.security === "per-operation" && ownSecurity !== undefined && !deepEqual(ownSecurity, this.security) ? ownSecurity : undefined;

    for (const { key, part } of pathItems) {
      let next = rewritePart(part, Kind.PathItem, rewrite) as JsonObject;
      if (pathServers && !hasOwn(next, "servers")) next = { ...next, servers: pathServers };
      if (operationSecurity) next = withSecurity(next, operationSecurity);
      this.paths.add(input, key, next);
    }
    if (getOwn(document, "webhooks") !== undefined) this.hasWebhooks ||= input === this.base || webhookItems.length > 0;
    for (const { key, part } of webhookItems) {
      let next = rewritePart(part, Kind.PathItem, rewrite) as JsonObject;
      if (operationSecurity) next = withSecurity(next, operationSecurity);
      this.webhooks.add(input, key, next);
    }

    this.tags.add(input);
    for (const key of Object.keys(document)) {
      if (key === "jsonSchemaDialect") {
        // It describes the document's schemas; a 3.0 base has none of that dialect.
        if (this.jsonSchemaDialect === undefined && (input === this.base || this.base.dialect === "3.1")) {
          this.jsonSchemaDialect = trusted(input, document[key], key);
        }
      } else if (!ROOT_FIELDS.has(key) && !this.extras.has(key) && document[key] !== undefined) {
        this.extras.set(key, trusted(input, document[key], key));
      }
    }
  }

  /** The document's path items (or webhooks), checked, frozen and ours, under their result keys. */
  private readPathItems(input: MergeInput, group: "paths" | "webhooks", prefix: string, observe: boolean): PathItemEntry[] {
    const map = getOwn(input.document, group) as JsonObject | undefined;
    if (map === undefined) return [];
    const names = Object.keys(map);
    if (group === "webhooks" && names.length > 0 && input !== this.base && this.base.dialect === "3.0") {
      throw new SpecloomError("INVALID_DEFINITION", inside(input, group), `webhooks need OpenAPI 3.1, and ${this.base.label} is ${this.base.version}`);
    }
    const entries: PathItemEntry[] = [];
    for (const name of names) {
      const raw = map[name];
      if (!input.produced) {
        if (!isPlainObject(raw)) throw new SpecloomError("INVALID_DEFINITION", inside(input, group, name), `expected a Path Item Object, found ${describeValue(raw)}`);
        for (const method of HTTP_METHODS) {
          const operation = getOwn(raw, method);
          if (operation !== undefined && !isPlainObject(operation)) {
            throw new SpecloomError("INVALID_DEFINITION", inside(input, group, name, method), `expected an Operation Object, found ${describeValue(operation)}`);
          }
        }
      }
      entries.push({ input, group, key: prefix + name, part: ingest(input, raw as JsonObject, observe, group, name) });
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
    // The maps of paths, webhooks and components come frozen (their values are frozen one
    // by one, most already were); the rest is frozen already too (copies, or produced
    // documents' subtrees), but for the few objects merge assembled: this freezes those.
    return markProduced(deepFreeze(result)) as unknown as OpenAPIDocument;
  }
}

function mergeDocuments(options: ResolvedMergeOptions, documents: readonly unknown[]): OpenAPIDocument {
  const merger = new Merger(options, readInputs(documents));
  for (const input of merger.inputs) merger.add(input);
  return merger.finish();
}

/** A path item of one document, under the key it gets in the result. */
interface PathItemEntry extends OperationSite {
  readonly part: Part<JsonObject>;
}

/** The path item with `security` on each operation that has none of its own. */
function withSecurity(item: JsonObject, security: unknown[]): JsonObject {
  let copy: JsonObject | undefined;
  for (const method of HTTP_METHODS) {
    const operation = getOwn(item, method);
    if (!isObject(operation) || hasOwn(operation, "security")) continue;
    copy ??= { ...item };
    copy[method] = { ...operation, security };
  }
  return copy ?? item;
}
