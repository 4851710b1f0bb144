import { SpecloomError, describeValue } from "../errors";
import { isPlainObject, setOwn, type JsonObject } from "../internal/own";
import { explainNotASchema, isStandardJSONSchema, isStandardSchemaWithoutJson } from "../schema/vendor";
import type { ResponsesObject } from "../types/document";
import { modelContext, recordSlot, type OperationScope } from "./context";
import { checkKeys, mediaContent, namedSchema } from "./media";
import { hasVersion, needsVersion } from "./version";
import { copyModel, copyModelMap, expectString } from "./object-model";
import { reasonPhrase, statusLabel } from "./status";

const SHORTHAND_FIELDS = ["schema", "itemSchema", "contentType", "summary", "description", "headers", "example", "examples"];

/** Responses from a route's status keys (SPEC.md 2.6); every one gets a description. */
export function buildResponses(scope: OperationScope, entries: readonly [status: string, value: unknown][]): ResponsesObject {
  const responses: ResponsesObject = {};
  for (const [status, value] of entries) setOwn(responses, status, buildResponse(scope, status, value));
  return responses;
}

function buildResponse(scope: OperationScope, status: string, value: unknown): JsonObject {
  const site = scope.site(statusLabel(status), `Response${status === "default" ? "Default" : status}`);
  const description = reasonPhrase(status);
  if (value === null) return { description };
  if (typeof value === "string") {
    const media: JsonObject = { schema: namedSchema(scope, value, "output", site) };
    recordSlot(scope, media, "schema", "response", site);
    return { description, content: { "application/json": media } };
  }
  if (isStandardJSONSchema(value)) {
    const media: JsonObject = { schema: scope.context.compiler.schema(value, "output", site) };
    recordSlot(scope, media, "schema", "response", site);
    return { description, content: { "application/json": media } };
  }
  if (isStandardSchemaWithoutJson(value)) throw new SpecloomError("INVALID_DEFINITION", site.location, explainNotASchema(value));
  if (!isPlainObject(value)) {
    throw new SpecloomError("INVALID_DEFINITION", site.location, `expected a schema, a schema name, null, a ResponseObject or a response shorthand, found ${describeValue(value)}`);
  }
  if ("$ref" in value) {
    scope.context.callerRefs = true;
    return copyModel("Reference", value, site.location, modelContext(scope, "output", "response", site));
  }
  if (value.description !== undefined) expectString(value.description, `${site.location}.description`);
  // An empty description is no description: OpenAPI wants one, so the reason phrase stands in.
  const given = typeof value.description === "string" && value.description !== "" ? value.description : description;
  if ("content" in value || "links" in value) {
    return copyModel("Response", { ...value, description: given }, site.location, modelContext(scope, "output", "response", site));
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
    result.headers = copyModelMap("Header", value.headers, `${site.location}.headers`, modelContext(scope, "output", "header", site.child(".headers", "Header")));
  }
  const hasBody = value.schema !== undefined || value.itemSchema !== undefined || value.contentType !== undefined || value.example !== undefined || value.examples !== undefined;
  if (hasBody) result.content = mediaContent(scope, value, "output", "response", site, true);
  return result;
}
