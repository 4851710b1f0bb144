import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { isEmail, isUriReference } from "../internal/formats";
import { hasOwn, isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import type { OpenAPIVersion } from "../types/definition";
import { article, exampleOrExamples, exampleValues, oauthFlowsRule, parameterRule, schemaOrContent, securitySchemeRule } from "./model-rules";
import { hasVersion } from "./version";

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
  | "Header" | "Link" | "Response" | "RequestBody" | "Reference" | "Parameter";

interface Model {
  readonly fields: Readonly<Record<string, Field>>;
  readonly required?: readonly string[];
  /** Fields later versions added, and the version that added each. */
  readonly since?: Readonly<Record<string, OpenAPIVersion>>;
  /** A `$ref` here makes the value a Reference Object (from this version on, when not every version allows it). */
  readonly referable?: boolean | OpenAPIVersion;
  /** Rules between fields, on the copy (each field is checked already): a message and the field it is about. */
  readonly rule?: (copy: JsonObject, context: ModelContext) => { field?: string; problem: string } | undefined;
}

const MODELS: Record<ModelName, Model> = {
  Info: {
    fields: { title: "string", summary: "string", description: "string", termsOfService: "url", contact: { model: "Contact" }, license: { model: "License" }, version: "string" },
    required: ["title", "version"],
    since: { summary: "3.1.0" },
  },
  Contact: { fields: { name: "string", url: "url", email: "email" } },
  License: {
    fields: { name: "string", identifier: "string", url: "url" },
    required: ["name"],
    since: { identifier: "3.1.0" },
    rule: (l) => (l.identifier !== undefined && l.url !== undefined ? { field: "identifier", problem: "a License has an identifier or a url, not both" } : undefined),
  },
  Server: { fields: { url: "string", description: "string", name: "string", variables: { map: "ServerVariable" } }, required: ["url"], since: { name: "3.2.0" } },
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
  // Written for 3.2 and lowered for earlier versions by ./tags.ts.
  Tag: {
    fields: { name: "string", summary: "string", description: "string", externalDocs: { model: "ExternalDocs" }, parent: "string", kind: "string" },
    required: ["name"],
  },
  SecurityScheme: {
    fields: {
      type: { oneOf: ["apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"] },
      description: "string",
      name: "string",
      in: { oneOf: ["query", "header", "cookie"] },
      scheme: "string",
      bearerFormat: "string",
      flows: { model: "OAuthFlows" },
      oauth2MetadataUrl: "url",
      openIdConnectUrl: "url",
      deprecated: "boolean",
    },
    required: ["type"],
    since: { oauth2MetadataUrl: "3.2.0", deprecated: "3.2.0" },
    referable: true,
    rule: securitySchemeRule,
  },
  OAuthFlows: {
    fields: {
      implicit: { model: "OAuthFlow" },
      password: { model: "OAuthFlow" },
      clientCredentials: { model: "OAuthFlow" },
      authorizationCode: { model: "OAuthFlow" },
      deviceAuthorization: { model: "OAuthFlow" },
    },
    since: { deviceAuthorization: "3.2.0" },
    rule: oauthFlowsRule,
  },
  OAuthFlow: { fields: { authorizationUrl: "url", deviceAuthorizationUrl: "url", tokenUrl: "url", refreshUrl: "url", scopes: "data" }, required: ["scopes"] },
  Example: {
    fields: { summary: "string", description: "string", dataValue: "data", serializedValue: "string", value: "data", externalValue: "url" },
    since: { dataValue: "3.2.0", serializedValue: "3.2.0" },
    referable: true,
    rule: exampleValues,
  },
  Encoding: { fields: { contentType: "string", headers: { map: "Header" }, style: "string", explode: "boolean", allowReserved: "boolean" } },
  MediaType: {
    fields: {
      description: "string",
      schema: "schema",
      itemSchema: "schema",
      example: "data",
      examples: { map: "Example" },
      encoding: { map: "Encoding" },
      prefixEncoding: { list: "Encoding" },
      itemEncoding: { model: "Encoding" },
    },
    since: { description: "3.2.0", itemSchema: "3.2.0", prefixEncoding: "3.2.0", itemEncoding: "3.2.0" },
    // 3.2 lets a content map refer to components.mediaTypes.
    referable: "3.2.0",
    // 3.2: "encoding" applies to named parts, prefixEncoding and itemEncoding to positional ones.
    rule: (media) =>
      media.encoding !== undefined && (media.prefixEncoding !== undefined || media.itemEncoding !== undefined)
        ? { field: "encoding", problem: "a Media Type has encoding, or prefixEncoding and itemEncoding, not both" }
        : exampleOrExamples(media),
  },
  Header: {
    fields: { description: "string", required: "boolean", deprecated: "boolean", style: "string", explode: "boolean", schema: "schema", example: "data", examples: { map: "Example" }, content: { map: "MediaType" } },
    referable: true,
    rule: (header) => schemaOrContent(header, "Header"),
  },
  Parameter: {
    fields: {
      name: "string",
      in: { oneOf: ["query", "querystring", "header", "path", "cookie"] },
      description: "string",
      required: "boolean",
      deprecated: "boolean",
      allowEmptyValue: "boolean",
      style: "string",
      explode: "boolean",
      allowReserved: "boolean",
      schema: "schema",
      example: "data",
      examples: { map: "Example" },
      content: { map: "MediaType" },
    },
    required: ["name", "in"],
    referable: true,
    rule: parameterRule,
  },
  Link: {
    fields: { operationRef: "url", operationId: "string", parameters: "data", requestBody: "data", description: "string", server: { model: "Server" } },
    referable: true,
    rule: (link) => (link.operationRef !== undefined && link.operationId !== undefined ? { field: "operationId", problem: "a Link has an operationRef or an operationId, not both" } : undefined),
  },
  Response: {
    fields: { summary: "string", description: "string", headers: { map: "Header" }, content: { map: "MediaType" }, links: { map: "Link" } },
    required: ["description"],
    since: { summary: "3.2.0" },
    referable: true,
  },
  RequestBody: { fields: { description: "string", content: { map: "MediaType" }, required: "boolean" }, required: ["content"], referable: true },
  Reference: { fields: { $ref: "string", summary: "string", description: "string" }, required: ["$ref"] },
};

/** What the copier does with a schema position (a Standard schema to convert, or a written Schema Object). */
export type SchemaAt = (value: unknown, location: string) => unknown;

export interface ModelContext {
  dialect: "3.0" | "3.1";
  version: OpenAPIVersion;
  schemaAt: SchemaAt;
  /** Told when a Reference Object is copied, so the finished document's `$ref`s get checked. */
  onReference?: () => void;
  /** Told where each schema position ended up, so `transformSchema` can visit it later. */
  onSchemaSlot?: (container: JsonObject, key: string) => void;
}

/** Copies `value` as an OpenAPI object of kind `name`, checked and in field order. */
export function copyModel(name: ModelName, value: unknown, location: string, context: ModelContext): JsonObject {
  const model: Model = MODELS[name];
  if (!isPlainObject(value)) throw new SpecloomError("INVALID_DEFINITION", location, `expected ${article(name)} object, found ${describeValue(value)}`);
  if (model.referable !== undefined && model.referable !== false && typeof value.$ref === "string") {
    if (typeof model.referable === "string" && !hasVersion(context.version, model.referable)) {
      throw new SpecloomError("INVALID_DEFINITION", location + ".$ref", `a Reference Object in place of ${article(name)} object needs OpenAPI ${model.referable}; the document is ${context.version}`);
    }
    context.onReference?.();
    return copyModel("Reference", value, location, context);
  }
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
    const since = model.since?.[key];
    if (since !== undefined && !hasVersion(context.version, since)) {
      throw new SpecloomError("INVALID_DEFINITION", at, `this field needs OpenAPI ${since}; the document is ${context.version}`);
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
