import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { deepFreeze } from "../internal/freeze";
import { markProduced } from "../internal/produced";
import { getOwn, isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import { SchemaCompiler } from "../schema/compiler";
import { plainSchema } from "../schema/plain";
import { isStandardJSONSchema } from "../schema/vendor";
import { needs32 } from "../internal/http-methods";
import type { OpenAPIDocument, PathItemObject } from "../types/document";
import type { OpenAPIOptions, OpenAPIVersion, RouteDefinition, SpecloomPlugin } from "../types/definition";
import { checkDocument } from "./checks";
import { OperationScope, type BuildContext } from "./context";
import { copyModel, copyModelList, copyModelMap, copySecurity, expectString, type ModelContext } from "./object-model";
import { isUriReference } from "../internal/formats";
import { BuiltParts } from "./built-parts";
import { buildOperation } from "./operation";
import { operationIdFor } from "./operation-id";
import { checkPlugins, runHook } from "./plugins";
import { orderMethods, placeOperation } from "./path-items";
import { normaliseStatusKey } from "./status";
import { writeTags } from "./tags";
import { hasVersion, needsVersion, versionOf } from "./version";
import { reparse, RouteTable, type RouteEntry } from "./routes";
import { COMPONENT_KINDS, ComponentRefs, type ComponentEntry } from "./component-refs";
import { buildComponents } from "./components";
import { givenCallbackIds } from "./callbacks";
import { buildPathItemFields, withPathItemFields, type PathItemEntry, type PathItemFields } from "./path-item-fields";
import type { ComponentKind } from "../types/definition-forms";

/** A named schema as registered (`schemas` map entry or `.schema()` call). */
export interface SchemaEntry {
  readonly name: string;
  readonly schema: unknown;
  readonly location: string;
}

/** Everything `openapi()` and the builder collect; both build through `buildDocument`. */
export interface DocumentInput {
  readonly options: OpenAPIOptions;
  readonly schemas: readonly SchemaEntry[];
  readonly routes: readonly RouteEntry[];
  /** Components besides schemas, and paths' own fields (`"/path"` keys). */
  readonly components?: readonly ComponentEntry[];
  readonly pathItems?: readonly PathItemEntry[];
  /** Told each route as plugins left it, before operations are built (the request validator's view). */
  readonly onRoutes?: (routes: readonly ResolvedRoute[]) => void;
}

/** A route after `transformRoute`: the plugin's definition and its (re-read) method and path. */
export interface ResolvedRoute {
  entry: RouteEntry;
  /** Where the method and path were last set: the route, or the plugin that moved it. */
  where: string;
  route: JsonObject;
  method: RouteEntry["method"];
  path: string;
  pathParams: readonly string[];
}

/**
 * The pipeline (docs/architecture.md): routes, transformRoute, operations and schemas,
 * components, transformSchema, freeze, transformDocument, checks.
 */
export function buildDocument(input: DocumentInput): OpenAPIDocument {
  const options = input.options;
  if (!isPlainObject(options)) throw new SpecloomError("INVALID_DEFINITION", "", `expected a definition object, found ${describeValue(options)}`);
  const { version, dialect } = versionOf(options.openapi);
  const plugins = checkPlugins(options.plugins);
  const compiler = new SchemaCompiler(dialect);
  // Every `$ref` a caller writes is checked at the end: a written schema or Reference Object marks the document.
  const written = () => void (context.callerRefs = true);
  const models: ModelContext = { dialect, version, schemaAt: (value, where) => (written(), plainSchema(value, dialect, where)), onReference: written };
  const slots = plugins.some((p) => p.transformSchema) ? [] : undefined;
  // Parts are frozen as they are made, unless transformSchema will change them.
  const components = new ComponentRefs(input.components ?? []);
  const context: BuildContext = { compiler, dialect, version, slots, callerRefs: false, models, parts: new BuiltParts(slots === undefined), components, operationIds: new Set(), links: false, callbacks: false };

  const info = copyModel("Info", options.info, "info", models);
  if (input.routes.some((r) => r.kind === "webhook") && dialect === "3.0") {
    const first = input.routes.find((r) => r.kind === "webhook") as RouteEntry;
    throw new SpecloomError("INVALID_DEFINITION", first.location, `webhooks need OpenAPI 3.1.0; this document is ${version}`);
  }
  for (const entry of input.schemas) compiler.register(entry.name, entry.schema, entry.location);
  for (const plugin of plugins) {
    for (const [name, schema] of Object.entries(plugin.schemas ?? {})) {
      compiler.registerDefault(name, schema, `plugin "${plugin.name}" (schemas${propertyLabel(name)})`);
    }
  }

  const routes = applyRouteHooks(input.routes, plugins);
  input.onRoutes?.(routes);
  if (!hasVersion(version, "3.2.0")) {
    const late = routes.find((r) => needs32(r.method));
    if (late) throw new SpecloomError("INVALID_ROUTE_KEY", late.where, `the method ${late.method.toUpperCase()} ${needsVersion("3.2.0", version)}`);
  }
  const operationIds = assignOperationIds(routes);
  for (const id of operationIds.values()) context.operationIds.add(id);
  const callbackComponents = components.entries("callbacks");
  if (callbackComponents.length > 0 || routes.some((r) => r.route.callbacks !== undefined)) {
    context.reservedIds = givenCallbackIds(routes.map((r) => r.route), callbackComponents.map((entry) => entry.value));
  }
  if (compiler.hasRegistered()) prefetchSchemas(compiler, routes);
  const own = input.pathItems?.length ? buildPathItemFields(context, input.pathItems, new Map(routes.filter((r) => r.entry.kind === "path").map((r) => [r.entry.template, r.path]))) : new Map<string, PathItemFields>();
  const { paths, webhooks, secured } = buildPathItems(context, routes, operationIds, own);
  const built = buildComponents(context, buildOperation);
  const originOf = (group: "paths" | "webhooks", path: string, method: string) =>
    routes.find((r) => (r.entry.kind === "path") === (group === "paths") && r.path === path && r.method === method)?.entry.location;

  const schemas = compiler.finalize();
  if (context.slots) applySchemaHooks(context, schemas, plugins);
  context.parts.freezeLate();

  const ordered = rootFields(options, { version, models, info, paths, webhooks, schemas, built });
  let result = deepFreeze(ordered as unknown as OpenAPIDocument);
  const documentPlugins = plugins.filter((p) => p.transformDocument);
  if (documentPlugins.length > 0) result = applyDocumentHooks(result, documentPlugins);
  const all = documentPlugins.length > 0 || context.callbacks;
  checkDocument(result, originOf, { operations: all ? "all" : secured, refs: context.callerRefs || plugins.length > 0, links: context.links });
  return markProduced(result);
}

/** Each route's operation, placed under its path or webhook name; path items in method order, sealed. */
function buildPathItems(context: BuildContext, routes: readonly ResolvedRoute[], operationIds: ReadonlyMap<ResolvedRoute, string>, own: ReadonlyMap<string, PathItemFields>) {
  const paths: Record<string, PathItemObject> = {};
  const webhooks: Record<string, PathItemObject> = {};
  const secured: ["paths" | "webhooks", string, string][] = [];
  for (const resolved of routes) {
    const operationId = operationIds.get(resolved) as string;
    const scope = new OperationScope(context, resolved.entry, operationId);
    const declared = resolved.entry.kind === "path" ? own.get(resolved.path)?.declared : undefined;
    const operation = buildOperation(scope, resolved.route, resolved.path, resolved.pathParams, operationId, declared);
    // Own keys only (placeOperation): a webhook called `__proto__` or `toString` is a name, not Object.prototype.
    placeOperation(resolved.entry.kind === "path" ? paths : webhooks, resolved.path, resolved.method, operation);
    if (operation.security !== undefined) secured.push([resolved.entry.kind === "path" ? "paths" : "webhooks", resolved.path, resolved.method]);
  }
  for (const group of [paths, webhooks]) {
    for (const path of Object.keys(group)) {
      const placed = getOwn(group, path) as PathItemObject;
      const ordered = orderMethods(placed);
      if (ordered.additionalOperations) context.parts.seal(ordered.additionalOperations);
      const fields = group === paths ? own.get(path) : undefined;
      const item = fields === undefined ? context.parts.seal(ordered) : withPathItemFields(context, ordered, fields);
      if (item !== placed) setOwn(group, path, item);
    }
  }
  // A path with fields of its own and no operation is still a path of the document.
  for (const [path, fields] of own) if (getOwn(paths, path) === undefined) setOwn(paths, path, withPathItemFields(context, undefined, fields));
  return { paths, webhooks, secured };
}

/** What the root fields are made from, besides the definition. */
interface RootParts {
  version: OpenAPIVersion;
  models: ModelContext;
  info: unknown;
  paths: Record<string, PathItemObject>;
  webhooks: Record<string, PathItemObject>;
  schemas: Record<string, unknown>;
  built: Partial<Record<ComponentKind, JsonObject>>;
}

/** The document's root fields, in the specification's order. */
function rootFields(options: JsonObject, { version, models, info, paths, webhooks, schemas, built }: RootParts): JsonObject {
  const ordered: JsonObject = { openapi: version };
  if (options.$self !== undefined) ordered.$self = selfUri(options.$self, version);
  ordered.info = info;
  if (options.servers !== undefined) ordered.servers = copyModelList("Server", options.servers, "servers", models);
  ordered.paths = paths;
  if (Object.keys(webhooks).length > 0) ordered.webhooks = webhooks;
  const components: JsonObject = {};
  if (Object.keys(schemas).length > 0) components.schemas = schemas;
  for (const kind of COMPONENT_KINDS.slice(0, 5)) if (built[kind]) components[kind] = built[kind];
  if (options.securitySchemes !== undefined) components.securitySchemes = copyModelMap("SecurityScheme", options.securitySchemes, "securitySchemes", models);
  for (const kind of COMPONENT_KINDS.slice(5)) if (built[kind]) components[kind] = built[kind];
  if (options.mediaTypes !== undefined) {
    if (!hasVersion(version, "3.2.0")) throw new SpecloomError("INVALID_DEFINITION", "mediaTypes", `components.mediaTypes ${needsVersion("3.2.0", version)}`);
    components.mediaTypes = copyModelMap("MediaType", options.mediaTypes, "mediaTypes", models);
  }
  if (Object.keys(components).length > 0) ordered.components = components;
  if (options.security !== undefined) ordered.security = copySecurity(options.security, "security");
  const tags = options.tags === undefined ? undefined : writeTags(options.tags, version, models);
  if (tags !== undefined) ordered.tags = tags.tags;
  if (options.externalDocs !== undefined) ordered.externalDocs = copyModel("ExternalDocs", options.externalDocs, "externalDocs", models);
  for (const key of Object.keys(options)) if (key.startsWith("x-")) setOwn(ordered, key, cloneData((options as JsonObject)[key], key));
  if (tags?.tagGroups !== undefined) {
    if (ordered["x-tagGroups"] !== undefined) throw new SpecloomError("INVALID_DEFINITION", "x-tagGroups", `tags with a parent are written as x-tagGroups in OpenAPI ${version}; give the hierarchy one way, not both`);
    ordered["x-tagGroups"] = tags.tagGroups;
  }

  return ordered;
}

/** `$self` (3.2): "a URI reference" that "MUST NOT contain a fragment". */
function selfUri(value: unknown, version: OpenAPIVersion): string {
  if (!hasVersion(version, "3.2.0")) throw new SpecloomError("INVALID_DEFINITION", "$self", `$self ${needsVersion("3.2.0", version)}`);
  const uri = expectString(value, "$self");
  if (!isUriReference(uri) || uri.includes("#")) throw new SpecloomError("INVALID_DEFINITION", "$self", `expected a URI reference without a fragment, such as "https://example.com/openapi.json", found ${JSON.stringify(uri)}`);
  return uri;
}

/** Runs `transformRoute` of every plugin, in order, on a copy of each route; re-reads method and path. */
function applyRouteHooks(entries: readonly RouteEntry[], plugins: readonly SpecloomPlugin[]): ResolvedRoute[] {
  const hooks = plugins.filter((p) => p.transformRoute);
  const table = new RouteTable();
  return entries.map((entry) => {
    if (hooks.length === 0) {
      table.add(entry.kind, entry.method, entry.path, entry.template, entry);
      return { entry, where: entry.location, route: entry.definition as JsonObject, method: entry.method, path: entry.path, pathParams: entry.pathParams };
    }
    // Plugins get their own copy: nothing they do reaches the caller's definition.
    let route: JsonObject = cloneData({ ...(entry.definition as JsonObject), method: entry.method, path: entry.path }, entry.location, { keep: isStandardJSONSchema });
    let parsed: ReturnType<typeof reparse> = entry;
    let where = entry.location;
    for (const plugin of hooks) {
      route = runHook(plugin, "transformRoute", [route as unknown as RouteDefinition], entry.display);
      // Read again after each plugin that moved the route, so a bad method or path names it.
      if (route.method !== parsed.method || route.path !== parsed.path) {
        where = `plugin "${plugin.name}" (transformRoute) on ${entry.location}`;
        parsed = reparse(entry, route.method, route.path, where);
      }
    }
    const { method, path, pathParams, template } = parsed;
    table.add(entry.kind, method, path, template, entry);
    return { entry, where, route, method, path, pathParams };
  });
}

/**
 * The schemas a route shorthand holds directly, imported for their side before any is used:
 * recognition needs the registered ones converted on the side the document uses, and
 * asking the library in the order routes use them, each route's schemas together, keeps
 * its work on one resource together (Valibot converted the same schemas a third slower
 * when every registered schema came first). Failures are reported where the schema is used.
 */
function prefetchSchemas(compiler: SchemaCompiler, routes: readonly ResolvedRoute[]): void {
  for (const { route } of routes) {
    for (const key of Object.keys(route)) {
      const value = route[key];
      if (value === null || typeof value !== "object" && typeof value !== "function") continue;
      const request = key === "query" || key === "params" || key === "headers" || key === "cookies" || key === "body";
      if (!request && normaliseStatusKey(key) === undefined) continue;
      const schema = isPlainObject(value) && "schema" in value ? value.schema : value;
      if (isStandardJSONSchema(schema)) compiler.prefetch(schema, request ? "input" : "output");
    }
  }
}

/** Explicit operationIds first (a repeat is DUPLICATE_PATH), then generated ones, made unique. */
function assignOperationIds(routes: readonly ResolvedRoute[]): Map<ResolvedRoute, string> {
  const ids = new Map<ResolvedRoute, string>();
  const used = new Map<string, string>();
  for (const resolved of routes) {
    const given = resolved.route.operationId;
    if (given === undefined) continue;
    if (typeof given !== "string" || given === "") {
      throw new SpecloomError("INVALID_DEFINITION", `${resolved.entry.location}.operationId`, `expected a non-empty string, found ${describeValue(given)}`);
    }
    const prior = used.get(given);
    if (prior !== undefined) throw new SpecloomError("DUPLICATE_PATH", resolved.entry.location, `operationId "${given}" is already used by ${prior}`);
    used.set(given, resolved.entry.location);
    ids.set(resolved, given);
  }
  for (const resolved of routes) {
    if (ids.has(resolved)) continue;
    const base = operationIdFor(resolved.method, resolved.path);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}${n}`;
    used.set(id, resolved.entry.location);
    ids.set(resolved, id);
  }
  return ids;
}


/** `transformSchema` on every schema position and every component, each plugin in order. */
function applySchemaHooks(context: BuildContext, schemas: JsonObject, plugins: readonly SpecloomPlugin[]): void {
  const hooks = plugins.filter((p) => p.transformSchema);
  const transform = (value: unknown, location: Parameters<NonNullable<SpecloomPlugin["transformSchema"]>>[1], where: string): unknown => {
    let current = cloneData(value, where) as JsonObject;
    for (const plugin of hooks) current = runHook(plugin, "transformSchema", [current, location], where);
    return plainSchema(current, context.dialect, where);
  };
  for (const slot of context.slots ?? []) {
    slot.container[slot.key] = transform(slot.container[slot.key], { location: slot.location }, slot.site.location);
  }
  for (const name of Object.keys(schemas)) {
    setOwn(schemas, name, transform(schemas[name], { name, location: "component" }, `components.schemas.${name}`));
  }
}

/**
 * `transformDocument` hooks get a private, unfrozen copy they may change or replace; the
 * last result is copied again (it may hold objects the plugin keeps) and frozen.
 */
function applyDocumentHooks(document: OpenAPIDocument, plugins: readonly SpecloomPlugin[]): OpenAPIDocument {
  let current = cloneData(document, "document") as unknown as JsonObject;
  for (const plugin of plugins) {
    current = runHook(plugin, "transformDocument", [current], "the document");
    const where = `plugin "${plugin.name}" (transformDocument)`;
    if (typeof current.openapi !== "string" || !isPlainObject(current.info) || !isPlainObject(current.paths)) {
      throw new SpecloomError("INVALID_DEFINITION", where, "returned an object that is not an OpenAPI document (it needs openapi, info and paths)");
    }
  }
  return deepFreeze(cloneData(current, "document returned by transformDocument")) as unknown as OpenAPIDocument;
}
