import { SpecloomError, describeValue } from "../errors";
import { isPlainObject, setOwn, type JsonObject } from "../internal/own";
import { explainNotASchema, isStandardJSONSchema, isStandardSchemaWithoutJson } from "../schema/vendor";
import type { ResponsesObject } from "../types/document";
import { modelContext, recordSlot, type OperationScope, type Site } from "./context";
import { checkKeys, mediaContent } from "./media";
import { copyModel, copyModelMap, expectString } from "./object-model";
import { reasonPhrase, statusLabel } from "./status";

const SHORTHAND_FIELDS = ["schema", "contentType", "description", "headers", "example", "examples"];

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
    const media: JsonObject = { schema: namedSchema(scope, value, site) };
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
  const result: JsonObject = { description: given };
  if (value.headers !== undefined) {
    result.headers = copyModelMap("Header", value.headers, `${site.location}.headers`, modelContext(scope, "output", "header", site.child(".headers", "Header")));
  }
  const hasBody = value.schema !== undefined || value.contentType !== undefined || value.example !== undefined || value.examples !== undefined;
  if (hasBody) result.content = mediaContent(scope, value, "output", "response", site, (name, at) => namedSchema(scope, name, at));
  return result;
}

/** A status value naming a registered schema: its `$ref`, or SCHEMA_RESOLUTION_FAILED. */
function namedSchema(scope: OperationScope, name: string, site: Site): unknown {
  const ref = scope.context.compiler.refTo(name, "output", site);
  if (ref) return ref;
  const known = scope.context.compiler.registeredNames();
  throw new SpecloomError(
    "SCHEMA_RESOLUTION_FAILED",
    site.location,
    `"${name}" names no registered schema (${known.length ? `registered: ${known.join(", ")}` : "no schemas are registered"}); add it to \`schemas\` or pass the schema itself`,
  );
}
