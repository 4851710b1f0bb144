import type { StandardSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { encodeSegment } from "../internal/json-pointer";
import { getOwn, isObject, isPlainObject, type JsonObject } from "../internal/own";
import { resolveEncoding, STYLE_FIELDS, type EncodedLocation } from "../model/parameter-encoding";
import { DocumentSchemas } from "../schema-validator/index";
import type { OpenAPIDocument, RouteMethod } from "../types/document";
import { apiSource } from "./api-source";
import type { ParameterModel } from "./decode-parameters";
import { documentOperations, type DocumentOperation } from "./document-operations";
import { resolverFor, shapeOf, type Resolve } from "./json-schema";
import { sourcedParameters, standardOf, type ParameterSource } from "./parameter-sources";
import type { ValidatorDefinition } from "./types";

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
 * Every operation of the document, as the validator reads it: the document says how each
 * parameter and body is written (for a definition, the document `openapi()` builds, by the
 * rules of `model/parameter-encoding.ts`); the judges are the route's own Standard schemas
 * where the definition has the route, else the document's JSON Schemas.
 */
export function apiModel(given: ValidatorDefinition | OpenAPIDocument): ApiModel {
  const source = apiSource(given, "requestValidator");
  const resolve = resolverFor(source.document);
  const definition = source.definition;
  let schemas: DocumentSchemas | undefined;
  const routes: RouteModel[] = [];
  const seen = new Set<string>();
  for (const operation of documentOperations(source.document, resolve)) {
    const route = definition?.routes.get(operation.key);
    if (route === undefined || definition === undefined) {
      routes.push(documentRoute(operation, (schemas ??= new DocumentSchemas(source.document, "request")), resolve));
      continue;
    }
    seen.add(operation.key);
    const owners = { route: route.route, path: definition.pathFields(route.path), registered: (name: string) => definition.registered("parameters", name) };
    const body = typeof route.route.body === "string" ? definition.registered("requestBodies", route.route.body) : route.route.body;
    const sourced = sourcedParameters(operation.item, operation.operation, resolve, owners);
    routes.push(routeModel(operation, route.route, owners.path, sourced, bodyModel(resolve(operation.operation.requestBody), resolve, (type) => bodyStandard(body, type)), resolve));
  }
  if (definition === undefined) return { routes, resolve };
  const order = new Map<string, number>();
  for (const [key, route] of definition.routes) {
    if (!seen.has(key)) throw new SpecloomError("INVALID_DEFINITION", route.where, "the route has no operation in the document (a transformDocument plugin removed it)");
    order.set(key, order.size);
  }
  // The definition's order first (a path's methods are listed in it, as in `Allow`), then what only the document has.
  const rank = (route: RouteModel) => order.get(route.key) ?? order.size;
  return { routes: routes.sort((a, b) => rank(a) - rank(b)), resolve };
}

/** An operation no definition's route gives schemas to: each parameter, query string and body judged by the document's JSON Schema. */
function documentRoute(operation: DocumentOperation, schemas: DocumentSchemas, resolve: Resolve): RouteModel {
  const pointer = `#/paths/${encodeSegment(operation.path)}`;
  const judge = (node: unknown, at: string) => (node === undefined ? undefined : schemas.standard(node, at));
  const sourced = sourcedParameters(operation.item, operation.operation, resolve, { route: {}, path: undefined, registered: () => undefined });
  const list = sourced.list.map(({ parameter }, index) => ({ parameter, source: { kind: "own" as const, standard: judge(parameterSchema(parameter, resolve), `${pointer}/parameters/${index}/schema`) } }));
  const body = bodyModel(resolve(operation.operation.requestBody), resolve, (type, media) => judge(media?.schema, `${pointer}/requestBody/content/${encodeSegment(type)}/schema`));
  return routeModel(operation, {}, undefined, { list, shadowed: sourced.shadowed }, body, resolve, (schema) => judge(schema, `${pointer}/parameters/querystring`));
}

/** A parameter's schema: its `schema`, or the one entry of its `content`. */
function parameterSchema(parameter: JsonObject, resolve: Resolve): unknown {
  if (parameter.schema !== undefined) return parameter.schema;
  const content = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
  return resolve(content)?.schema;
}

function routeModel(
  route: DocumentOperation,
  given: JsonObject,
  pathFields: JsonObject | undefined,
  sourced: ReturnType<typeof sourcedParameters>,
  body: RouteModel["body"],
  resolve: Resolve,
  querystringJudge: (schema: JsonObject | undefined) => StandardSchemaV1 | undefined = () => standardOf(given.querystring),
): RouteModel {
  let querystring: RouteModel["querystring"];
  const models: { model: ParameterModel; source: ParameterSource }[] = [];
  for (const { parameter, source } of sourced.list) {
    if (parameter.in === "querystring") {
      const content = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
      const schema = isObject(content) ? resolve(content.schema) : undefined;
      querystring = { standard: querystringJudge(schema), schema };
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
  return { key: route.key, method: route.method, path: route.path, locations, querystring, body };
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

function bodyModel(requestBody: JsonObject | undefined, resolve: Resolve, standard: (type: string, media: JsonObject | undefined) => StandardSchemaV1 | undefined): RouteModel["body"] {
  if (requestBody === undefined || !isObject(requestBody.content)) return undefined;
  const media: BodyMedia[] = [];
  for (const type of Object.keys(requestBody.content)) {
    const object = resolve(getOwn(requestBody.content, type));
    media.push({ type: type.toLowerCase(), schema: object === undefined ? undefined : resolve(object.schema), standard: standard(type, object) });
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
