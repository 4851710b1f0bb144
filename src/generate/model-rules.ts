import type { JsonObject } from "../internal/own";
import type { OpenAPIVersion } from "../types/definition";
import { hasVersion } from "./version";

/**
 * The rules OpenAPI sets between the fields of some objects, which the object model
 * (./object-model.ts) applies to each copy: which fields each security scheme type and
 * OAuth flow has, and which Example fields exclude each other.
 */

/** A broken rule: the message and the field it is about. */
export type Broken = { field?: string; problem: string } | undefined;

/** The fields each security scheme type requires (and the only ones it has, but `description`). */
const SCHEME_FIELDS: Readonly<Record<string, readonly string[]>> = {
  apiKey: ["name", "in"],
  http: ["scheme"],
  oauth2: ["flows"],
  openIdConnect: ["openIdConnectUrl"],
  mutualTLS: [],
};

/** Fields every security scheme may have. */
const ANY_SCHEME_FIELDS: readonly string[] = ["type", "description", "deprecated"];

/** Fields a security scheme type may have beside those it requires. */
const OPTIONAL_SCHEME_FIELDS: Readonly<Record<string, readonly string[]>> = {
  http: ["bearerFormat"],
  oauth2: ["oauth2MetadataUrl"],
};

/** The URLs each OAuth flow requires (and the only ones it has, but `refreshUrl`). */
const FLOW_URLS: Readonly<Record<string, readonly string[]>> = {
  implicit: ["authorizationUrl"],
  password: ["tokenUrl"],
  clientCredentials: ["tokenUrl"],
  authorizationCode: ["authorizationUrl", "tokenUrl"],
  deviceAuthorization: ["deviceAuthorizationUrl", "tokenUrl"],
};

const FLOW_URL_FIELDS: readonly string[] = ["authorizationUrl", "deviceAuthorizationUrl", "tokenUrl"];

/** Pairs of Example fields that exclude each other (3.2 adds dataValue and serializedValue). */
const EXAMPLE_EXCLUSIONS: readonly (readonly [string, string])[] = [
  ["value", "externalValue"],
  ["value", "dataValue"],
  ["value", "serializedValue"],
  ["serializedValue", "externalValue"],
];

export function exampleValues(example: JsonObject): { field: string; problem: string } | undefined {
  for (const [one, other] of EXAMPLE_EXCLUSIONS) {
    if (example[one] !== undefined && example[other] !== undefined) return { field: other, problem: `an Example has ${article(one)} or ${article(other)}, not both` };
  }
  return undefined;
}

/** `example` and `examples` side by side: the field and problem to report, if so. */
export function exampleOrExamples(object: JsonObject): { field: string; problem: string } | undefined {
  return object.example !== undefined && object.examples !== undefined ? { field: "examples", problem: "give example or examples, not both" } : undefined;
}

/**
 * A Parameter: "If the parameter location is "path", this field is REQUIRED and its value
 * MUST be true"; a schema or a one-entry content map, not both; `querystring` (3.2 only)
 * "MUST use content".
 */
export function parameterRule(parameter: JsonObject, context: { version: OpenAPIVersion }): Broken {
  if (parameter.in === "path" && parameter.required !== true) return { field: "required", problem: "a path parameter is required: OpenAPI says required MUST be true" };
  if (parameter.in === "querystring") {
    if (!hasVersion(context.version, "3.2.0")) return { field: "in", problem: `a querystring parameter needs OpenAPI 3.2.0; the document is ${context.version}` };
    if (parameter.content === undefined) return { field: "content", problem: "a querystring parameter MUST use content" };
  }
  return schemaOrContent(parameter, "Parameter");
}

/** A Parameter or a Header: a schema or a content map of exactly one media type, and an example or examples. */
export function schemaOrContent(object: JsonObject, name: "Parameter" | "Header"): Broken {
  const hasSchema = object.schema !== undefined;
  const content = object.content as JsonObject | undefined;
  if (hasSchema === (content !== undefined)) return { problem: hasSchema ? `a ${name} has a schema or a content map, not both` : `a ${name} needs a schema (or a content map with one media type)` };
  if (content !== undefined && Object.keys(content).length !== 1) return { field: "content", problem: `the content map of a ${name} holds exactly one media type` };
  return exampleOrExamples(object);
}

/** A security scheme has the fields of its `type` and no others (mutualTLS only from 3.1). */
export function securitySchemeRule(scheme: JsonObject, context: { dialect: "3.0" | "3.1" }): Broken {
  const type = scheme.type as string;
  if (type === "mutualTLS" && context.dialect === "3.0") return { field: "type", problem: 'the security scheme type "mutualTLS" needs OpenAPI 3.1.0; the document is 3.0.3' };
  const own = SCHEME_FIELDS[type] ?? [];
  for (const field of own) if (scheme[field] === undefined) return { field, problem: `required field of ${article(type)} security scheme is missing` };
  const optional = OPTIONAL_SCHEME_FIELDS[type] ?? [];
  const foreign = Object.keys(scheme).find((key) => !ANY_SCHEME_FIELDS.includes(key) && !key.startsWith("x-") && !own.includes(key) && !optional.includes(key));
  if (foreign !== undefined) return { field: foreign, problem: `this field does not apply to ${article(type)} security scheme` };
  if (scheme.bearerFormat !== undefined && String(scheme.scheme).toLowerCase() !== "bearer") return { field: "bearerFormat", problem: 'bearerFormat applies only to the "bearer" scheme' };
  return undefined;
}

/** Each OAuth flow has the URLs of its kind, and no others. */
export function oauthFlowsRule(flows: JsonObject): Broken {
  for (const [kind, urls] of Object.entries(FLOW_URLS)) {
    const flow = flows[kind] as JsonObject | undefined;
    if (flow === undefined) continue;
    for (const url of urls) if (flow[url] === undefined) return { field: `${kind}.${url}`, problem: `required field of the ${kind} flow is missing` };
    for (const url of FLOW_URL_FIELDS) if (flow[url] !== undefined && !urls.includes(url)) return { field: `${kind}.${url}`, problem: `the ${kind} flow has no ${url}` };
  }
  return undefined;
}

/** "an Info", "an apiKey", "an http" (said aitch-tee-tee-pee), "a Server". */
export function article(name: string): string {
  return `${/^([aeiou]|http)/i.test(name) ? "an" : "a"} ${name}`;
}
