import type { StandardSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { OpenAPI, builderInput } from "../generate/builder";
import { definitionInput } from "../generate/openapi";
import { buildDocument, type ResolvedRoute } from "../generate/pipeline";
import { operationKeys } from "../internal/http-methods";
import { getOwn, isObject, isPlainObject, type JsonObject } from "../internal/own";
import { resolveEncoding, STYLE_FIELDS, type EncodedLocation } from "../model/parameter-encoding";
import type { RouteMethod } from "../types/document";
import type { SpecloomDefinition } from "../types/definition";
import type { ParameterModel } from "./decode-parameters";
import { resolverFor, shapeOf, type Resolve } from "./json-schema";

/** How a body is read, from its media type. */
export type BodyKind = "json" | "form" | "multipart" | "text" | "binary";

export interface BodyMedia {
  /** As the document writes it, lower-cased (`application/json`, `text/*`). */
  readonly type: string;
  readonly schema: JsonObject | undefined;
  readonly standard: StandardSchemaV1 | undefined;
}

/** One location's parameters and the route schema that validates them together. */
export interface LocationModel {
  readonly standard: StandardSchemaV1 | undefined;
  readonly parameters: readonly ParameterModel[];
}

/** A route as the validator reads it: its operation in the generated document, and the route's own schemas. */
export interface RouteModel {
  /** `GET /users/{id}`. */
  readonly key: string;
  readonly method: RouteMethod;
  readonly path: string;
  readonly locations: Readonly<Record<EncodedLocation, LocationModel>>;
  /** 3.2: the whole query string, form-encoded, as one object. */
  readonly querystring: { readonly standard: StandardSchemaV1 | undefined; readonly schema: JsonObject | undefined } | undefined;
  readonly body: { readonly required: boolean; readonly media: readonly BodyMedia[] } | undefined;
}

export interface ApiModel {
  readonly routes: readonly RouteModel[];
  readonly resolve: Resolve;
}

export function bodyKind(type: string): BodyKind {
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type.startsWith("multipart/")) return "multipart";
  if (type.startsWith("text/")) return "text";
  return "binary";
}

/**
 * The definition's document, built once, and each path route beside its operation: the
 * document says how each parameter and body is written (the rules of
 * `model/parameter-encoding.ts`, which wrote it), the route gives the schemas that judge them.
 */
export function apiModel(definition: SpecloomDefinition | OpenAPI): ApiModel {
  const input = definition instanceof OpenAPI ? builderInput(definition) : definitionInput(definition);
  let resolved: readonly ResolvedRoute[] = [];
  const document = buildDocument({ ...input, onRoutes: (routes) => (resolved = routes) });
  const resolve = resolverFor(document);
  // A path's own fields (`"/users/{id}": { params, query, ... }`), by the path as the document writes it.
  const shared = new Map((input.pathItems ?? []).map((entry) => [entry.path, entry.definition]));
  // Registered request bodies, for a route whose `body` is one's name.
  const bodies = new Map((input.components ?? []).filter((entry) => entry.kind === "requestBodies").map((entry) => [entry.name, entry.value]));
  const routes: RouteModel[] = [];
  for (const route of resolved) {
    if (route.entry.kind !== "path") continue;
    const item = resolve(getOwn(document.paths, route.path));
    let operation: unknown = item;
    for (const key of operationKeys(route.method)) operation = isObject(operation) ? getOwn(operation, key) : undefined;
    if (!isObject(operation)) throw new SpecloomError("INVALID_DEFINITION", route.where, "the route has no operation in the document (a transformDocument plugin removed it)");
    routes.push(routeModel({ ...route, route: withBody(route.route, bodies) }, shared.get(route.path), operation, parametersOf(item, operation, resolve), resolve));
  }
  return { routes, resolve };
}

/** The route with a registered request body's name replaced by what was registered under it. */
function withBody(route: JsonObject, bodies: ReadonlyMap<string, unknown>): JsonObject {
  return typeof route.body === "string" && bodies.has(route.body) ? { ...route, body: bodies.get(route.body) } : route;
}

function standardOf(value: unknown): StandardSchemaV1 | undefined {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return undefined;
  const standard = (value as { "~standard"?: { validate?: unknown } })["~standard"];
  return isObject(standard) && typeof standard.validate === "function" ? (value as StandardSchemaV1) : undefined;
}

/**
 * The operation's parameters and its path item's, resolved: "the new definition can override
 * but never remove" a path-level one of the same name and location.
 */
function parametersOf(item: JsonObject | undefined, operation: JsonObject, resolve: Resolve): JsonObject[] {
  const list = (owner: JsonObject | undefined) => (Array.isArray(owner?.parameters) ? owner.parameters : []).map(resolve).filter((p): p is JsonObject => p !== undefined && typeof p.name === "string");
  const own = list(operation);
  const inherited = list(item).filter((shared) => !own.some((p) => p.name === shared.name && p.in === shared.in));
  return inherited.concat(own);
}

/**
 * `path`: the path's own fields. A place the route has no schema for is validated by the
 * path's schema for it; the route's own schema replaces the path's (it gets every value).
 */
function routeModel(route: ResolvedRoute, path: JsonObject | undefined, operation: JsonObject, parameters: readonly JsonObject[], resolve: Resolve): RouteModel {
  const given = route.route;
  const lists: Record<EncodedLocation, ParameterModel[]> = { path: [], query: [], header: [], cookie: [] };
  let querystring: RouteModel["querystring"];
  for (const parameter of parameters) {
    if (typeof parameter.name !== "string") continue;
    if (parameter.in === "querystring") {
      const content = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
      querystring = { standard: standardOf(given.querystring), schema: isObject(content) ? resolve(content.schema) : undefined };
      continue;
    }
    const place = parameter.in as EncodedLocation;
    if (!(place in lists)) continue;
    const schema = resolve(parameter.schema);
    lists[place].push({ name: parameter.name, in: place, required: parameter.required === true, encoding: resolveEncoding(place, parameter), schema, shape: shapeOf(schema, resolve) });
  }
  const locations = {} as Record<EncodedLocation, LocationModel>;
  for (const place of Object.keys(lists) as EncodedLocation[]) locations[place] = { standard: standardOf(given[STYLE_FIELDS[place]]) ?? standardOf(path?.[STYLE_FIELDS[place]]), parameters: lists[place] };
  return {
    key: `${route.method.toUpperCase()} ${route.path}`,
    method: route.method,
    path: route.path,
    locations,
    querystring,
    body: bodyModel(given.body, resolve(operation.requestBody), resolve),
  };
}

function bodyModel(body: unknown, requestBody: JsonObject | undefined, resolve: Resolve): RouteModel["body"] {
  if (requestBody === undefined || !isObject(requestBody.content)) return undefined;
  const media: BodyMedia[] = [];
  for (const type of Object.keys(requestBody.content)) {
    const object = resolve(getOwn(requestBody.content, type));
    media.push({ type: type.toLowerCase(), schema: object === undefined ? undefined : resolve(object.schema), standard: bodyStandard(body, type) });
  }
  return { required: requestBody.required === true, media };
}

/** The route's schema for one media type of its body: the body itself, a shorthand's `schema`, or a content entry's. */
function bodyStandard(body: unknown, type: string): StandardSchemaV1 | undefined {
  const direct = standardOf(body);
  if (direct !== undefined || !isPlainObject(body)) return direct;
  if (isPlainObject(body.content)) {
    const media = getOwn(body.content, type);
    return isPlainObject(media) ? standardOf(media.schema) : undefined;
  }
  return standardOf(body.schema);
}
