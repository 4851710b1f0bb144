import type { StandardSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { OpenAPI, builderInput } from "../generate/builder";
import type { ComponentEntry } from "../generate/component-refs";
import { definitionInput } from "../generate/openapi";
import { buildDocument, type ResolvedRoute } from "../generate/pipeline";
import { operationKeys } from "../internal/http-methods";
import { getOwn, isObject, isPlainObject, type JsonObject } from "../internal/own";
import { resolveEncoding, STYLE_FIELDS, type EncodedLocation } from "../model/parameter-encoding";
import type { RouteMethod } from "../types/document";
import type { SpecloomDefinition } from "../types/definition";
import type { ParameterModel } from "./decode-parameters";
import { resolverFor, shapeOf, type Resolve } from "./json-schema";
import { sourcedParameters, standardOf, type ParameterSource } from "./parameter-sources";

/** How a body is read, from its media type. */
export type BodyKind = "json" | "form" | "multipart" | "text" | "binary";

export interface BodyMedia {
  /** As the document writes it, lower-cased (`application/json`, `text/*`). */
  readonly type: string;
  readonly schema: JsonObject | undefined;
  readonly standard: StandardSchemaV1 | undefined;
}

/** A schema of the definition and the parameters of one location it is given. */
export interface Judge {
  readonly standard: StandardSchemaV1 | undefined;
  readonly parameters: readonly ParameterModel[];
  /** A parameter's own schema (written whole or registered): it judges that one value. */
  readonly single: boolean;
  /** A path's object schema: the names the operation redeclared, whose issues are the operation's to judge. */
  readonly shadowed: ReadonlySet<string>;
}

/** One location's parameters and the schemas that judge them: the path's, each parameter's own, then the route's. */
export interface LocationModel {
  readonly parameters: readonly ParameterModel[];
  readonly judges: readonly Judge[];
  /** Only the route's own schema, given every value: its output is the part as it is. */
  readonly whole: boolean;
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
  const registered = (kind: ComponentEntry["kind"], name: string) => input.components?.find((entry) => entry.kind === kind && entry.name === name)?.value;
  const routes: RouteModel[] = [];
  for (const route of resolved) {
    if (route.entry.kind !== "path") continue;
    const item = resolve(getOwn(document.paths, route.path));
    let operation: unknown = item;
    for (const key of operationKeys(route.method)) operation = isObject(operation) ? getOwn(operation, key) : undefined;
    if (!isObject(operation)) throw new SpecloomError("INVALID_DEFINITION", route.where, "the route has no operation in the document (a transformDocument plugin removed it)");
    const owners = { route: route.route, path: input.pathItems?.find((entry) => entry.path === route.path)?.definition, registered: (name: string) => registered("parameters", name) };
    const body = typeof route.route.body === "string" ? registered("requestBodies", route.route.body) : route.route.body;
    routes.push(routeModel(route, owners.path, sourcedParameters(item, operation, resolve, owners), bodyModel(body, resolve(operation.requestBody), resolve), resolve));
  }
  return { routes, resolve };
}

function routeModel(route: ResolvedRoute, pathFields: JsonObject | undefined, sourced: ReturnType<typeof sourcedParameters>, body: RouteModel["body"], resolve: Resolve): RouteModel {
  const given = route.route;
  let querystring: RouteModel["querystring"];
  const models: { model: ParameterModel; source: ParameterSource }[] = [];
  for (const { parameter, source } of sourced.list) {
    if (parameter.in === "querystring") {
      const content = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
      querystring = { standard: standardOf(given.querystring), schema: isObject(content) ? resolve(content.schema) : undefined };
      continue;
    }
    const model = parameterModel(parameter, resolve);
    if (model !== undefined) models.push({ model, source });
  }
  const locations = {} as Record<EncodedLocation, LocationModel>;
  for (const place of Object.keys(STYLE_FIELDS) as EncodedLocation[]) {
    const here = models.filter(({ model }) => model.in === place);
    const shadowed = new Set(sourced.shadowed.filter((parameter) => parameter.in === place).map((parameter) => parameter.name as string));
    locations[place] = locationModel(here, standardOf(given[STYLE_FIELDS[place]]), standardOf(pathFields === undefined ? undefined : getOwn(pathFields, STYLE_FIELDS[place])), shadowed);
  }
  return { key: `${route.method.toUpperCase()} ${route.path}`, method: route.method, path: route.path, locations, querystring, body };
}

function parameterModel(parameter: JsonObject, resolve: Resolve): ParameterModel | undefined {
  const place = parameter.in as EncodedLocation;
  if (typeof parameter.name !== "string" || !(place in STYLE_FIELDS)) return undefined;
  const schema = resolve(parameter.schema);
  return { name: parameter.name, in: place, required: parameter.required === true, encoding: resolveEncoding(place, parameter), schema, shape: shapeOf(schema, resolve) };
}

/**
 * The judges of one location, in the order their outputs are merged (a later one wins): the
 * path's object schema, each parameter's own, the route's object schema.
 */
function locationModel(here: readonly { model: ParameterModel; source: ParameterSource }[], routeSchema: StandardSchemaV1 | undefined, pathSchema: StandardSchemaV1 | undefined, shadowed: ReadonlySet<string>): LocationModel {
  const of = (kind: ParameterSource["kind"]) => here.filter(({ source }) => source.kind === kind).map(({ model }) => model);
  const judges: Judge[] = [];
  const path = of("path");
  if (path.length > 0) judges.push({ standard: pathSchema, parameters: path, single: false, shadowed });
  for (const { model, source } of here) if (source.kind === "own") judges.push({ standard: source.standard, parameters: [model], single: true, shadowed: NONE });
  const own = of("route");
  const whole = judges.length === 0;
  if (own.length > 0 || (whole && routeSchema !== undefined)) judges.push({ standard: routeSchema, parameters: own, single: false, shadowed: NONE });
  return { parameters: here.map(({ model }) => model), judges, whole };
}

const NONE: ReadonlySet<string> = new Set();

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
