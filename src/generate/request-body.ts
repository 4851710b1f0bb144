import { SpecloomError, describeValue } from "../errors";
import { isPlainObject, type JsonObject } from "../internal/own";
import { explainNotASchema, isStandardJSONSchema, isStandardSchemaWithoutJson } from "../schema/vendor";
import type { RequestBodyObject } from "../types/document";
import { modelContext, recordSlot, type OperationScope, type Site } from "./context";
import { checkKeys, copyExtensions, mediaContent } from "./media";
import { copyModel } from "./object-model";

const SHORTHAND_FIELDS = ["schema", "itemSchema", "contentType", "description", "required", "example", "examples"];

/**
 * `body`: a schema is required JSON; a RequestBodyObject (it has `content`) is copied,
 * its Standard schemas compiled; a BodyShorthandObject sets content type, description,
 * required (default true) and examples.
 */
export function buildRequestBody(scope: OperationScope, body: unknown, site: Site = scope.site(".body", "Body")): RequestBodyObject {
  const parts = scope.context.parts;
  if (typeof body === "string") return parts.seal(scope.context.components.ref("requestBodies", body, site.location)) as unknown as RequestBodyObject;
  if (isStandardJSONSchema(body)) {
    const schema = scope.context.compiler.schema(body, scope.bodySide, site);
    if (parts.early) return parts.jsonBody(schema);
    const media: JsonObject = { schema };
    recordSlot(scope, media, "schema", "body", site);
    return { content: { "application/json": media }, required: true };
  }
  if (isStandardSchemaWithoutJson(body)) throw new SpecloomError("INVALID_DEFINITION", site.location, explainNotASchema(body));
  if (!isPlainObject(body)) {
    throw new SpecloomError("INVALID_DEFINITION", site.location, `expected a schema, a RequestBodyObject or a body shorthand ({ schema, contentType, ... }), found ${describeValue(body)}`);
  }
  if ("content" in body || "$ref" in body) {
    if ("$ref" in body) scope.context.callerRefs = true;
    return parts.later(copyModel("RequestBody", body, site.location, modelContext(scope, scope.bodySide, "body", site))) as unknown as RequestBodyObject;
  }
  checkKeys(body, SHORTHAND_FIELDS, "body shorthand", site);
  const result: RequestBodyObject = { content: {} };
  if (body.description !== undefined) {
    if (typeof body.description !== "string") throw new SpecloomError("INVALID_DEFINITION", `${site.location}.description`, `expected a string, found ${describeValue(body.description)}`);
    result.description = body.description;
  }
  result.content = mediaContent(scope, body, scope.bodySide, "body", site);
  if (body.required !== undefined && typeof body.required !== "boolean") {
    throw new SpecloomError("INVALID_DEFINITION", `${site.location}.required`, `expected a boolean, found ${describeValue(body.required)}`);
  }
  result.required = body.required ?? true;
  copyExtensions(scope, body, result as unknown as JsonObject, site);
  return parts.seal(result);
}
