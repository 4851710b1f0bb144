import { setOwn, type JsonObject } from "../internal/own";
import type { SchemaOrRef } from "../types/document";
import { recordSlot, type OperationScope, type Site } from "./context";
import { liftAnnotations } from "./lifted-annotations";

/**
 * Response headers from one object schema: a Header Object per property, `required` when
 * the property is, its description, deprecation and examples moved from the schema onto
 * the header (where OpenAPI tools show them).
 */
export function headersFromSchema(scope: OperationScope, schema: unknown, site: Site): JsonObject {
  const headers: JsonObject = {};
  for (const property of scope.context.compiler.properties(schema, "output", site)) {
    setOwn(headers, property.name, headerOf(scope, property.schema, property.required, site.child(`[${JSON.stringify(property.name)}]`), property.imported));
  }
  return scope.context.parts.seal(headers);
}

/** One Header Object from a property's schema (or a header component's own schema). */
export function headerOf(scope: OperationScope, schema: SchemaOrRef, required: boolean, site: Site, imported?: unknown): JsonObject {
  const parts = scope.context.parts;
  const header: JsonObject = {};
  const lifted = liftAnnotations(scope, schema, imported);
  if (lifted.description !== undefined) header.description = lifted.description;
  if (required) header.required = true;
  if (lifted.deprecated) header.deprecated = true;
  header.schema = parts.later(lifted.schema);
  if (lifted.example !== undefined) header.example = parts.later(lifted.example);
  if (lifted.examples !== undefined) header.examples = parts.later(lifted.examples);
  recordSlot(scope, header, "schema", "header", site);
  return parts.seal(header);
}
