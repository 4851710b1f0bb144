import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { isEmail, isUriReference } from "../internal/formats";
import { hasOwn, isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";

/**
 * The OpenAPI objects a caller may hand over (info, servers, tags, security schemes,
 * responses, request bodies...), as field lists in the specification's order. Copying
 * through a model puts fields in that order, keeps `x-` keys last, and turns a missing
 * required field, a wrong type or an unknown field into INVALID_DEFINITION at its path.
 */

type Field =
  | "string"
  | "url"
  | "email"
  | "boolean"
  | "strings"
  | "data"
  | "schema"
  | { model: ModelName }
  | { list: ModelName }
  | { map: ModelName }
  | { oneOf: readonly string[] };

export type ModelName =
  | "Info" | "Contact" | "License" | "Server" | "ServerVariable" | "ExternalDocs" | "Tag"
  | "SecurityScheme" | "OAuthFlows" | "OAuthFlow" | "Example" | "Encoding" | "MediaType"
  | "Header" | "Link" | "Response" | "RequestBody" | "Reference";

interface Model {
  readonly fields: Readonly<Record<string, Field>>;
  readonly required?: readonly string[];
  /** Fields only OpenAPI 3.1 has. */
  readonly only31?: readonly string[];
  /** A `$ref` here makes the value a Reference Object. */
  readonly referable?: boolean;
  /** Rules between fields, on the copy (each field is checked already): a message and the field it is about. */
  readonly rule?: (copy: JsonObject, context: ModelContext) => { field?: string; problem: string } | undefined;
}

const MODELS: Record<ModelName, Model> = {
  Info: {
    fields: { title: "string", summary: "string", description: "string", termsOfService: "url", contact: { model: "Contact" }, license: { model: "License" }, version: "string" },
    required: ["title", "version"],
    only31: ["summary"],
  },
  Contact: { fields: { name: "string", url: "url", email: "email" } },
  License: {
    fields: { name: "string", identifier: "string", url: "url" },
    required: ["name"],
    only31: ["identifier"],
    rule: (l) => (l.identifier !== undefined && l.url !== undefined ? { field: "identifier", problem: "a License has an identifier or a url, not both" } : undefined),
  },
  Server: { fields: { url: "string", description: "string", variables: { map: "ServerVariable" } }, required: ["url"] },
  ServerVariable: {
    fields: { enum: "strings", default: "string", description: "string" },
    required: ["default"],
    rule: (v) => {
      if (!Array.isArray(v.enum)) return undefined;
      if (v.enum.length === 0) return { field: "enum", problem: "an enum of a server variable lists at least one value" };
      return v.enum.includes(v.default) ? undefined : { field: "default", problem: `the default must be one of the enum's values (${v.enum.map((e) => JSON.stringify(e)).join(", ")})` };
    },
  },
  ExternalDocs: { fields: { description: "string", url: "url" }, required: ["url"] },
  Tag: { fields: { name: "string", description: "string", externalDocs: { model: "ExternalDocs" } }, required: ["name"] },
  SecurityScheme: {
    fields: {
      type: { oneOf: ["apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"] },
      description: "string",
      name: "string",
      in: { oneOf: ["query", "header", "cookie"] },
      scheme: "string",
      bearerFormat: "string",
      flows: { model: "OAuthFlows" },
      openIdConnectUrl: "url",
    },
    required: ["type"],
    referable: true,
    rule: (scheme, context) => {
      const type = scheme.type as string;
      if (type === "mutualTLS" && context.dialect === "3.0") return { field: "type", problem: 'the security scheme type "mutualTLS" needs OpenAPI 3.1.0; the document is 3.0.3' };
      const own = SCHEME_FIELDS[type] ?? [];
      for (const field of own) if (scheme[field] === undefined) return { field, problem: `required field of ${article(type)} security scheme is missing` };
      const foreign = Object.keys(scheme).find((key) => key !== "type" && key !== "description" && !key.startsWith("x-") && !own.includes(key) && !(type === "http" && key === "bearerFormat"));
      if (foreign !== undefined) return { field: foreign, problem: `this field does not apply to ${article(type)} security scheme` };
      if (scheme.bearerFormat !== undefined && String(scheme.scheme).toLowerCase() !== "bearer") return { field: "bearerFormat", problem: 'bearerFormat applies only to the "bearer" scheme' };
      return undefined;
    },
  },
  OAuthFlows: {
    fields: { implicit: { model: "OAuthFlow" }, password: { model: "OAuthFlow" }, clientCredentials: { model: "OAuthFlow" }, authorizationCode: { model: "OAuthFlow" } },
    rule: (flows) => {
      for (const [kind, urls] of Object.entries(FLOW_URLS)) {
        const flow = flows[kind] as JsonObject | undefined;
        if (flow === undefined) continue;
        for (const url of urls) if (flow[url] === undefined) return { field: `${kind}.${url}`, problem: `required field of the ${kind} flow is missing` };
        for (const url of ["authorizationUrl", "tokenUrl"]) if (flow[url] !== undefined && !urls.includes(url)) return { field: `${kind}.${url}`, problem: `the ${kind} flow has no ${url}` };
      }
      return undefined;
    },
  },
  OAuthFlow: { fields: { authorizationUrl: "url", tokenUrl: "url", refreshUrl: "url", scopes: "data" }, required: ["scopes"] },
  Example: {
    fields: { summary: "string", description: "string", value: "data", externalValue: "url" },
    referable: true,
    rule: (e) => (e.value !== undefined && e.externalValue !== undefined ? { field: "externalValue", problem: "an Example has a value or an externalValue, not both" } : undefined),
  },
  Encoding: { fields: { contentType: "string", headers: { map: "Header" }, style: "string", explode: "boolean", allowReserved: "boolean" } },
  MediaType: { fields: { schema: "schema", example: "data", examples: { map: "Example" }, encoding: { map: "Encoding" } }, rule: exampleOrExamples },
  Header: {
    fields: { description: "string", required: "boolean", deprecated: "boolean", style: "string", explode: "boolean", schema: "schema", example: "data", examples: { map: "Example" }, content: { map: "MediaType" } },
    referable: true,
    rule: (header) => {
      const hasSchema = header.schema !== undefined;
      const content = header.content as JsonObject | undefined;
      if (hasSchema === (content !== undefined)) return { problem: hasSchema ? "a Header has a schema or a content map, not both" : "a Header needs a schema (or a content map with one media type)" };
      if (content !== undefined && Object.keys(content).length !== 1) return { field: "content", problem: "the content map of a Header holds exactly one media type" };
      return exampleOrExamples(header);
    },
  },
  Link: {
    fields: { operationRef: "url", operationId: "string", parameters: "data", requestBody: "data", description: "string", server: { model: "Server" } },
    referable: true,
    rule: (link) => (link.operationRef !== undefined && link.operationId !== undefined ? { field: "operationId", problem: "a Link has an operationRef or an operationId, not both" } : undefined),
  },
  Response: {
    fields: { description: "string", headers: { map: "Header" }, content: { map: "MediaType" }, links: { map: "Link" } },
    required: ["description"],
    referable: true,
  },
  RequestBody: { fields: { description: "string", content: { map: "MediaType" }, required: "boolean" }, required: ["content"], referable: true },
  Reference: { fields: { $ref: "string", summary: "string", description: "string" }, required: ["$ref"] },
};

/** The fields each security scheme type requires (and the only ones it has, but `description`). */
const SCHEME_FIELDS: Readonly<Record<string, readonly string[]>> = {
  apiKey: ["name", "in"],
  http: ["scheme"],
  oauth2: ["flows"],
  openIdConnect: ["openIdConnectUrl"],
  mutualTLS: [],
};

/** The URLs each OAuth flow requires (and the only ones it has, but `refreshUrl`). */
const FLOW_URLS: Readonly<Record<string, readonly string[]>> = {
  implicit: ["authorizationUrl"],
  password: ["tokenUrl"],
  clientCredentials: ["tokenUrl"],
  authorizationCode: ["authorizationUrl", "tokenUrl"],
};

/** `example` and `examples` side by side: the field and problem to report, if so. */
export function exampleOrExamples(object: JsonObject): { field: string; problem: string } | undefined {
  return object.example !== undefined && object.examples !== undefined ? { field: "examples", problem: "give example or examples, not both" } : undefined;
}

/** What the copier does with a schema position (a Standard schema to convert, or a written Schema Object). */
export type SchemaAt = (value: unknown, location: string) => unknown;

export interface ModelContext {
  dialect: "3.0" | "3.1";
  schemaAt: SchemaAt;
  /** Told where each schema position ended up, so `transformSchema` can visit it later. */
  onSchemaSlot?: (container: JsonObject, key: string) => void;
}

/** Copies `value` as an OpenAPI object of kind `name`, checked and in field order. */
export function copyModel(name: ModelName, value: unknown, location: string, context: ModelContext): JsonObject {
  const model: Model = MODELS[name];
  if (!isPlainObject(value)) throw new SpecloomError("INVALID_DEFINITION", location, `expected ${article(name)} object, found ${describeValue(value)}`);
  if (model.referable && typeof value.$ref === "string") return copyModel("Reference", value, location, context);
  for (const key of Object.keys(value)) {
    if (hasOwn(model.fields, key) || key.startsWith("x-")) continue;
    const known = Object.keys(model.fields).join(", ");
    throw new SpecloomError("INVALID_DEFINITION", location + propertyLabel(key), `unknown field of ${article(name)} object (expected ${known}, or an x- extension)`);
  }
  for (const key of model.required ?? []) {
    if (value[key] === undefined) throw new SpecloomError("INVALID_DEFINITION", location + propertyLabel(key), `required field of ${article(name)} object is missing`);
  }
  const result: JsonObject = {};
  for (const [key, field] of Object.entries(model.fields)) {
    const item = value[key];
    if (item === undefined) continue;
    const at = location + propertyLabel(key);
    if (model.only31?.includes(key) && context.dialect === "3.0") {
      throw new SpecloomError("INVALID_DEFINITION", at, `this field needs OpenAPI 3.1.0; the document is 3.0.3`);
    }
    result[key] = copyField(field, item, at, context);
    if (field === "schema") context.onSchemaSlot?.(result, key);
  }
  for (const key of Object.keys(value)) {
    if (key.startsWith("x-")) setOwn(result, key, cloneData(value[key], location + propertyLabel(key)));
  }
  const broken = model.rule?.(result, context);
  if (broken) {
    const at = broken.field === undefined ? location : location + broken.field.split(".").map((part) => propertyLabel(part)).join("");
    throw new SpecloomError("INVALID_DEFINITION", at, broken.problem);
  }
  return result;
}

/** Copies a list of OpenAPI objects of one kind. */
export function copyModelList(name: ModelName, value: unknown, location: string, context: ModelContext): JsonObject[] {
  if (!Array.isArray(value)) throw new SpecloomError("INVALID_DEFINITION", location, `expected an array of ${name} objects, found ${describeValue(value)}`);
  return value.map((item, index) => copyModel(name, item, `${location}[${index}]`, context));
}

/** Copies a map of names to OpenAPI objects of one kind. */
export function copyModelMap(name: ModelName, value: unknown, location: string, context: ModelContext): JsonObject {
  if (!isPlainObject(value)) throw new SpecloomError("INVALID_DEFINITION", location, `expected a map of ${name} objects, found ${describeValue(value)}`);
  const result: JsonObject = {};
  for (const key of Object.keys(value)) setOwn(result, key, copyModel(name, value[key], location + propertyLabel(key), context));
  return result;
}

/** Security requirements: lists of `{ schemeName: [scopes] }`. */
export function copySecurity(value: unknown, location: string): Record<string, string[]>[] {
  if (!Array.isArray(value)) throw new SpecloomError("INVALID_DEFINITION", location, `expected an array of security requirements, found ${describeValue(value)}`);
  return value.map((requirement, index) => {
    const at = `${location}[${index}]`;
    if (!isPlainObject(requirement)) throw new SpecloomError("INVALID_DEFINITION", at, `expected a security requirement object, found ${describeValue(requirement)}`);
    const result: Record<string, string[]> = {};
    for (const name of Object.keys(requirement)) {
      setOwn(result, name, copyStrings(requirement[name], at + propertyLabel(name)));
    }
    return result;
  });
}

export function copyStrings(value: unknown, location: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new SpecloomError("INVALID_DEFINITION", location, `expected an array of strings, found ${describeValue(value)}`);
  }
  return [...value];
}

export function expectString(value: unknown, location: string): string {
  if (typeof value !== "string") throw new SpecloomError("INVALID_DEFINITION", location, `expected a string, found ${describeValue(value)}`);
  return value;
}

function copyField(field: Field, value: unknown, location: string, context: ModelContext): unknown {
  if (field === "string") return expectString(value, location);
  if (field === "url") {
    if (!isUriReference(expectString(value, location))) throw new SpecloomError("INVALID_DEFINITION", location, `expected a URL (an RFC 3986 URI reference, such as "https://example.com/terms"), found ${JSON.stringify(value)}`);
    return value;
  }
  if (field === "email") {
    if (!isEmail(expectString(value, location))) throw new SpecloomError("INVALID_DEFINITION", location, `expected an email address, found ${JSON.stringify(value)}`);
    return value;
  }
  if (field === "boolean") {
    if (typeof value !== "boolean") throw new SpecloomError("INVALID_DEFINITION", location, `expected a boolean, found ${describeValue(value)}`);
    return value;
  }
  if (field === "strings") return copyStrings(value, location);
  if (field === "data") return cloneData(value, location);
  if (field === "schema") return context.schemaAt(value, location);
  if ("oneOf" in field) {
    if (typeof value !== "string" || !field.oneOf.includes(value)) {
      throw new SpecloomError("INVALID_DEFINITION", location, `expected one of ${field.oneOf.map((v) => JSON.stringify(v)).join(", ")}, found ${describeValue(value)}`);
    }
    return value;
  }
  if ("model" in field) return copyModel(field.model, value, location, context);
  if ("list" in field) return copyModelList(field.list, value, location, context);
  return copyModelMap(field.map, value, location, context);
}

/** "an Info", "an apiKey", "an http" (said aitch-tee-tee-pee), "a Server". */
function article(name: string): string {
  return `${/^([aeiou]|http)/i.test(name) ? "an" : "a"} ${name}`;
}
