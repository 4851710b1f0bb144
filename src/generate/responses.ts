import { SpecloomError, describeValue } from "../errors";
import { setKey } from "../internal/index-keys";
import { isPlainObject, type JsonObject } from "../internal/own";
import { explainNotASchema, isStandardJSONSchema, isStandardSchemaWithoutJson } from "../schema/vendor";
import type { ResponsesObject } from "../types/document";
import { modelContext, recordSlot, type OperationScope, type Site } from "./context";
import { checkKeys, mediaContent, namedSchema } from "./media";
import { hasVersion, needsVersion } from "./version";
import { copyModel, copyModelMap, expectString } from "./object-model";
import { reasonPhrase, responseLabel, responseNameSuffix } from "./status";

const SHORTHAND_FIELDS = ["schema", "itemSchema", "contentType", "summary", "description", "headers", "example", "examples"];

/** Responses from a route's status keys (docs/definition.md, "The route shorthand") and their values; every one gets a description. */
export function buildResponses(scope: OperationScope, statuses: readonly string[], values: readonly unknown[]): ResponsesObject {
  const responses: ResponsesObject = {};
  for (let i = 0; i < statuses.length; i++) setKey(responses, statuses[i] as string, buildResponse(scope, statuses[i] as string, values[i]));
  return scope.context.parts.seal(responses);
}

function buildResponse(scope: OperationScope, status: string, value: unknown): JsonObject {
  const site = scope.site(responseLabel(status), responseNameSuffix(status));
  const description = reasonPhrase(status);
  const parts = scope.context.parts;
  if (value === null) return parts.seal({ description });
  if (typeof value === "string") return jsonResponse(scope, description, namedSchema(scope, value, "output", site), site);
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
  if ("content" in value || "links" in value) {
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
  if (value.headers !== undefined) {
    result.headers = parts.later(copyModelMap("Header", value.headers, `${site.location}.headers`, modelContext(scope, "output", "header", site.child(".headers", "Header"))));
  }
  const hasBody = value.schema !== undefined || value.itemSchema !== undefined || value.contentType !== undefined || value.example !== undefined || value.examples !== undefined;
  if (hasBody) result.content = mediaContent(scope, value, "output", "response", site, true);
  return parts.seal(result);
}

/** A response whose body is one JSON schema: shared by every use of that schema with that description. */
function jsonResponse(scope: OperationScope, description: string, schema: unknown, site: Site): JsonObject {
  const parts = scope.context.parts;
  if (parts.early) return parts.jsonResponse(description, schema);
  const media: JsonObject = { schema };
  recordSlot(scope, media, "schema", "response", site);
  return { description, content: { "application/json": media } };
}
