/**
 * What the contract test knows of each operation: its parameters as the validator reads them
 * (the same route model, so requests are written by the rules they are read by), its body's
 * media types, and the values a path parameter the server must know can take (the caller's,
 * else the document's examples).
 */
import { SpecloomError } from "../errors";
import { apiSource } from "../http/api-source";
import type { ParameterModel } from "../http/decode-parameters";
import { documentOperations, type DocumentOperation } from "../http/document-operations";
import { resolverFor, type Resolve } from "../http/json-schema";
import { apiModel, type RouteModel } from "../http/route-model";
import { getOwn, hasOwn, isObject, type JsonObject } from "../internal/own";
import type { EncodedLocation } from "../model/parameter-encoding";
import type { ContractInput } from "./types";

export interface ParameterPlan {
  readonly model: ParameterModel;
  /** Values to draw from instead of the schema (a path parameter with examples or given values). */
  readonly known: readonly unknown[] | undefined;
}

export interface BodyPlan {
  /** As the document declares it (`application/json`, `text/*`). */
  readonly type: string;
  readonly schema: unknown;
}

export interface OperationPlan {
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly operationId: string | undefined;
  readonly tags: readonly string[];
  readonly parameters: Readonly<Record<EncodedLocation, readonly ParameterPlan[]>>;
  /** 3.2's `querystring`: the whole query as one form-encoded object. */
  readonly querystring: unknown;
  readonly bodies: readonly BodyPlan[];
  readonly bodyRequired: boolean;
}

export interface ApiPlan {
  readonly document: JsonObject;
  readonly resolve: Resolve;
  readonly operations: readonly OperationPlan[];
}

/** OpenAPI: a header parameter named Accept, Content-Type or Authorization "SHALL be ignored". */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

const LOCATIONS: readonly EncodedLocation[] = ["path", "query", "header", "cookie"];

/** Every operation of the input, with what the caller's `parameters` give. */
export function apiPlan(input: ContractInput, given: Readonly<Record<string, unknown>>): ApiPlan {
  const document = apiSource(input, "contractTest").document;
  const resolve = resolverFor(document);
  const operations = new Map<string, DocumentOperation>();
  for (const operation of documentOperations(document, resolve)) operations.set(operation.key, operation);
  const plans = apiModel(input).routes.map((route) => operationPlan(route, operations.get(route.key), resolve, given));
  return { document, resolve, operations: plans };
}

function operationPlan(route: RouteModel, operation: DocumentOperation | undefined, resolve: Resolve, given: Readonly<Record<string, unknown>>): OperationPlan {
  const objects = operation === undefined ? [] : parameterObjects(operation, resolve);
  const parameters = {} as Record<EncodedLocation, ParameterPlan[]>;
  for (const place of LOCATIONS) {
    parameters[place] = route.locations[place].parameters
      .filter((model) => !(place === "header" && IGNORED_HEADERS.has(model.name.toLowerCase())))
      .map((model) => {
        if (place !== "path") return { model, known: undefined };
        const object = objects.find((entry) => entry.name === model.name && entry.in === place);
        return { model, known: hasOwn(given, model.name) ? listOf(getOwn(given, model.name)) : parameterExamples(object, model, resolve) };
      });
  }
  const tags = operation !== undefined && Array.isArray(operation.operation.tags) ? operation.operation.tags.filter((tag): tag is string => typeof tag === "string") : [];
  const operationId = operation?.operation.operationId;
  return {
    key: route.key,
    method: route.method.toUpperCase(),
    path: route.path,
    operationId: typeof operationId === "string" ? operationId : undefined,
    tags,
    parameters,
    querystring: route.querystring === undefined ? undefined : (route.querystring.schema ?? {}),
    bodies: (route.body?.media ?? []).map((media) => ({ type: media.type, schema: media.schema ?? {} })),
    bodyRequired: route.body?.required === true,
  };
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice() : [value]);

/** The Parameter Objects of an operation and its path item, `$ref`s followed. */
function parameterObjects(operation: DocumentOperation, resolve: Resolve): JsonObject[] {
  const found: JsonObject[] = [];
  for (const owner of [operation.operation, operation.item]) {
    const list = getOwn(owner, "parameters");
    for (const entry of Array.isArray(list) ? list : []) {
      const object = resolve(entry);
      if (object !== undefined) found.push(object);
    }
  }
  return found;
}

/** A parameter's examples: its `example`, its `examples`' values, then its schema's `example` and `examples`. */
function parameterExamples(object: JsonObject | undefined, model: ParameterModel, resolve: Resolve): unknown[] | undefined {
  const found: unknown[] = [];
  if (object !== undefined) {
    if (hasOwn(object, "example")) found.push(getOwn(object, "example"));
    const examples = getOwn(object, "examples");
    if (isObject(examples)) {
      for (const name of Object.keys(examples)) {
        const example = resolve(getOwn(examples, name));
        if (example === undefined) continue;
        if (hasOwn(example, "dataValue")) found.push(getOwn(example, "dataValue"));
        else if (hasOwn(example, "value")) found.push(getOwn(example, "value"));
      }
    }
  }
  const schema = model.schema;
  if (schema !== undefined) {
    if (hasOwn(schema, "example")) found.push(getOwn(schema, "example"));
    const examples = getOwn(schema, "examples");
    if (Array.isArray(examples)) for (const value of examples) found.push(value);
  }
  return found.length === 0 ? undefined : found;
}

/** The operations `include` and `exclude` leave; an entry that names no operation is an error (a typo would test nothing). */
export function selectOperations(operations: readonly OperationPlan[], include: readonly string[] | undefined, exclude: readonly string[] | undefined): OperationPlan[] {
  const matches = (entry: string, plan: OperationPlan) => {
    if (entry.startsWith("tag:")) return plan.tags.includes(entry.slice(4));
    const key = /^[A-Za-z]+ \//.test(entry) ? `${entry.slice(0, entry.indexOf(" ")).toUpperCase()}${entry.slice(entry.indexOf(" "))}` : entry;
    return key === plan.key || entry === plan.operationId || entry === plan.path;
  };
  for (const [name, list] of [["include", include], ["exclude", exclude]] as const) {
    for (const entry of list ?? []) {
      if (!operations.some((plan) => matches(entry, plan))) throw new SpecloomError("INVALID_DEFINITION", `contractTest options.${name}`, `${JSON.stringify(entry)} names no operation (give an operationId, a route key such as "GET /pets/{id}", a path, or tag:name)`);
    }
  }
  return operations.filter((plan) => (include === undefined || include.some((entry) => matches(entry, plan))) && !(exclude ?? []).some((entry) => matches(entry, plan)));
}
