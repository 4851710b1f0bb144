import { SpecloomError, describeValue } from "../errors";
import { setKey } from "../internal/index-keys";
import { isPlainObject, type JsonObject } from "../internal/own";
import { explainNotASchema, isStandardJSONSchema, isStandardSchemaWithoutJson } from "../schema/vendor";
import type { ResponsesObject } from "../types/document";
import { modelContext, recordSlot, type OperationScope, type Site } from "./context";
import { checkKeys, copyExtensions, mediaContent } from "./media";
import { registeredList } from "./component-refs";
import { headersFromSchema } from "./header-schemas";
import { hasVersion, needsVersion } from "./version";
import { copyModel, copyModelMap, expectString } from "./object-model";
import { reasonPhrase, responseLabel, responseNameSuffix } from "./status";

const SHORTHAND_FIELDS = ["schema", "itemSchema", "contentType", "summary", "description", "headers", "example", "examples", "links"];

/** Responses from a route's status keys (docs/definition.md, "The route shorthand") and their values; every one gets a description. */
export function buildResponses(scope: OperationScope, statuses: readonly string[], values: readonly unknown[]): ResponsesObject {
  const responses: ResponsesObject = {};
  for (let i = 0; i < statuses.length; i++) setKey(responses, statuses[i] as string, buildResponse(scope, statuses[i] as string, values[i]));
  return scope.context.parts.seal(responses);
}

function buildResponse(scope: OperationScope, status: string, value: unknown): JsonObject {
  return responseAt(scope, scope.site(responseLabel(status), responseNameSuffix(status)), reasonPhrase(status), value);
}

/** A response value at `site` (a status key's, or a response component's); `description` when it gives none. */
export function responseAt(scope: OperationScope, site: Site, description: string, value: unknown): JsonObject {
  const parts = scope.context.parts;
  if (value === null) return parts.seal({ description });
  if (typeof value === "string") return registeredResponse(scope, value, site) ?? jsonResponse(scope, description, responseSchemaNamed(scope, value, site), site);
  if (isStandardJSONSchema(value)) return jsonResponse(scope, description, scope.context.compiler.schema(value, "output", site), site);
  if (isStandardSchemaWithoutJson(value)) throw new SpecloomError("INVALID_DEFINITION", site.location, explainNotASchema(value));
  if (!isPlainObject(value)) {
    throw new SpecloomError("INVALID_DEFINITION", site.location, `expected a schema, a schema name, null, a ResponseObject or a response shorthand, found ${describeValue(value)}`);
  }
  if ("$ref" in value) {
    scope.context.callerRefs = true;
    return parts.later(copyModel("Reference", value, site.location, modelContext(scope, "output", "response", site)));
  }
  if (value.description !== undefined) expectString(value.description, `${site.location}.description`);
  // An empty description is no description: OpenAPI wants one, so the reason phrase stands in.
  const given = typeof value.description === "string" && value.description !== "" ? value.description : description;
  if ("content" in value) {
    if (value.links !== undefined) scope.context.links = true;
    return parts.later(copyModel("Response", { ...value, description: given }, site.location, modelContext(scope, "output", "response", site)));
  }
  checkKeys(value, SHORTHAND_FIELDS, "response shorthand", site);
  const result: JsonObject = {};
  if (value.summary !== undefined) {
    const version = scope.context.version;
    if (!hasVersion(version, "3.2.0")) throw new SpecloomError("INVALID_DEFINITION", `${site.location}.summary`, `a response summary ${needsVersion("3.2.0", version)}`);
    result.summary = expectString(value.summary, `${site.location}.summary`);
  }
  result.description = given;
  if (value.headers !== undefined) result.headers = responseHeaders(scope, value.headers, site.child(".headers", "Header"));
  const hasBody = value.schema !== undefined || value.itemSchema !== undefined || value.contentType !== undefined || value.example !== undefined || value.examples !== undefined;
  if (hasBody) result.content = mediaContent(scope, value, "output", "response", site, true);
  if (value.links !== undefined) {
    const at = `${site.location}.links`;
    scope.context.links = true;
    result.links = parts.later(copyModelMap("Link", scope.context.components.withNames(value.links, "links", at), at, scope.context.models));
  }
  copyExtensions(scope, value, result, site);
  return parts.seal(result);
}

/** A shorthand's `headers`: one object schema (a header per property), or a map of headers, references and registered names. */
function responseHeaders(scope: OperationScope, headers: unknown, site: Site): unknown {
  if (isStandardJSONSchema(headers)) return headersFromSchema(scope, headers, site);
  const map = scope.context.components.withNames(headers, "headers", site.location);
  return scope.context.parts.later(copyModelMap("Header", map, site.location, modelContext(scope, "output", "header", site)));
}

/**
 * A string status value names a registered response or a registered schema. A name that is
 * both is refused: which one is meant cannot be told.
 */
function registeredResponse(scope: OperationScope, name: string, site: Site): JsonObject | undefined {
  const components = scope.context.components;
  if (!components.has("responses", name)) return undefined;
  if (scope.context.compiler.isRegistered(name)) {
    throw new SpecloomError("INVALID_DEFINITION", site.location, `"${name}" names both a registered response and a registered schema; write { $ref: "#/components/responses/${name}" } or the schema itself`);
  }
  return scope.context.parts.seal(components.ref("responses", name, site.location));
}

/** A registered schema named where a response may be named too: its `$ref`, or an error listing both kinds. */
function responseSchemaNamed(scope: OperationScope, name: string, site: Site): unknown {
  const compiler = scope.context.compiler;
  const ref = compiler.refTo(name, "output", site);
  if (ref) return ref;
  const responses = registeredList("responses", scope.context.components.entries("responses").map((entry) => entry.name), " responses");
  const schemas = registeredList("schemas", compiler.registeredNames(), " schemas");
  throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", site.location, `"${name}" names no registered response or schema (${responses}; ${schemas}); register it under \`responses\` or \`schemas\`, or write it here`);
}

/** A response whose body is one JSON schema: shared by every use of that schema with that description. */
function jsonResponse(scope: OperationScope, description: string, schema: unknown, site: Site): JsonObject {
  const parts = scope.context.parts;
  if (parts.early) return parts.jsonResponse(description, schema);
  const media: JsonObject = { schema };
  recordSlot(scope, media, "schema", "response", site);
  return { description, content: { "application/json": media } };
}
