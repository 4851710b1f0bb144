import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { getOwn, isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import type { PathItemObject } from "../types/document";
import { formatCallSite, type CallSite } from "./call-site";
import { OperationScope, type BuildContext } from "./context";
import { joinParameters, listedParameters, pathNames } from "./listed-parameters";
import { copyModelList, expectString } from "./object-model";
import { buildParameters } from "./parameters";
import { parsePath } from "./route-key";

/** The fields a `"/path"` key (no method) may hold: the path item's own, shared by its operations. */
const PATH_ITEM_FIELDS = ["summary", "description", "servers", "params", "query", "headers", "cookies", "parameters"];

/** A path's own fields as registered: a `paths` key without a method, or the builder's `path()`. */
export interface PathItemEntry {
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly template: string;
  readonly definition: JsonObject;
  readonly location: string;
}

/** A `"/users/{id}"` key (or `path("/users/{id}", ...)`) as an entry; the path is read as a route's is. */
export function pathItemEntry(path: string, definition: unknown, label: string, site?: CallSite): PathItemEntry {
  const at = formatCallSite(site);
  const location = at ? `${at} ${label}` : label;
  const parsed = parsePath(path, location);
  if (!isPlainObject(definition)) throw new SpecloomError("INVALID_DEFINITION", location, `expected the path's fields ({ summary, description, servers, params, parameters, ... }), found ${describeValue(definition)}`);
  return { path: parsed.path, pathParams: parsed.pathParams, template: parsed.template, definition, location };
}

/** A path's fields as the document writes them, and the path parameters they declare for its operations. */
export interface PathItemFields {
  readonly entry: PathItemEntry;
  readonly fields: JsonObject;
  readonly declared: ReadonlySet<string>;
}

/**
 * Each path's own fields, keyed by path. Two entries for one path, or for paths that
 * differ only in parameter names (one path to OpenAPI), are DUPLICATE_PATH.
 */
export function buildPathItemFields(context: BuildContext, entries: readonly PathItemEntry[], routePaths: ReadonlyMap<string, string>): Map<string, PathItemFields> {
  const built = new Map<string, PathItemFields>();
  const templates = new Map<string, PathItemEntry>();
  for (const entry of entries) {
    const prior = templates.get(entry.template);
    if (prior !== undefined) throw new SpecloomError("DUPLICATE_PATH", entry.location, `the fields of the path "${entry.path}" are already given at ${prior.location}`);
    const routePath = routePaths.get(entry.template);
    if (routePath !== undefined && routePath !== entry.path) {
      throw new SpecloomError("DUPLICATE_PATH", entry.location, `the paths "${entry.path}" and "${routePath}" differ only in parameter names, which OpenAPI treats as one path; use the same names`);
    }
    templates.set(entry.template, entry);
    built.set(entry.path, fieldsOf(context, entry));
  }
  return built;
}

/** Path item fields in the specification's order: summary, description, then (after the operations) servers, parameters. */
function fieldsOf(context: BuildContext, entry: PathItemEntry): PathItemFields {
  const value = entry.definition;
  const scope = new OperationScope(context, entry, entry.path);
  for (const key of Object.keys(value)) {
    if (PATH_ITEM_FIELDS.includes(key) || key.startsWith("x-")) continue;
    throw new SpecloomError(
      "INVALID_DEFINITION",
      entry.location + propertyLabel(key),
      `unknown field of a path's own fields (expected ${PATH_ITEM_FIELDS.join(", ")}, or an x- extension); a key without a method holds what the path's operations share, an operation is "METHOD ${entry.path}"`,
    );
  }
  const fields: JsonObject = {};
  if (value.summary !== undefined) fields.summary = expectString(value.summary, `${entry.location}.summary`);
  if (value.description !== undefined) fields.description = expectString(value.description, `${entry.location}.description`);
  if (value.servers !== undefined) fields.servers = context.parts.later(copyModelList("Server", value.servers, `${entry.location}.servers`, context.models));
  // Path parameters only where `params` is given: otherwise each operation writes its own.
  const made = buildParameters(scope, value, entry.path, value.params === undefined ? [] : entry.pathParams);
  const listed = value.parameters === undefined ? undefined : listedParameters(scope, value.parameters, ".parameters");
  const parameters = listed === undefined ? made : joinParameters(scope, made, listed, ".parameters");
  if (parameters.length > 0) fields.parameters = parameters;
  for (const key of Object.keys(value)) {
    if (key.startsWith("x-")) setOwn(fields, key, context.parts.later(cloneData(value[key], entry.location + propertyLabel(key))));
  }
  const declared = pathNames(listed, new Set(value.params === undefined ? [] : entry.pathParams));
  return { entry, fields, declared };
}

/** A path item with its own fields around its operations, in the specification's order. */
export function withPathItemFields(context: BuildContext, item: PathItemObject | undefined, own: PathItemFields): PathItemObject {
  const fields = own.fields;
  const result: JsonObject = {};
  if (fields.summary !== undefined) result.summary = fields.summary;
  if (fields.description !== undefined) result.description = fields.description;
  for (const key of Object.keys(item ?? {})) setOwn(result, key, getOwn(item as JsonObject, key));
  if (fields.servers !== undefined) result.servers = fields.servers;
  if (fields.parameters !== undefined) result.parameters = fields.parameters;
  for (const key of Object.keys(fields)) if (key.startsWith("x-")) setOwn(result, key, fields[key]);
  return context.parts.seal(result) as PathItemObject;
}
