import { hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import { examplesFoldedInto } from "../schema/dialect-30";
import type { SchemaOrRef } from "../types/document";
import { recordSlot, type OperationScope, type Site } from "./context";

/** Fields of a property schema that belong to the Header Object instead, as for parameters. */
const LIFTED = ["description", "deprecated", "example", "examples"] as const;

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
  const lifted: JsonObject = {};
  let own = schema;
  if (LIFTED.some((key) => hasOwn(schema, key))) {
    for (const key of LIFTED) if (hasOwn(schema, key)) lifted[key] = (schema as JsonObject)[key];
    own = singleAllOf(scope.context.compiler.copyTop(schema, LIFTED));
  }
  if (typeof lifted.description === "string") header.description = lifted.description;
  if (required) header.required = true;
  if (lifted.deprecated === true) header.deprecated = true;
  header.schema = parts.later(own);
  const examples = examplesFoldedInto(imported) ?? (Array.isArray(lifted.examples) ? lifted.examples : undefined);
  if (lifted.example !== undefined && examplesFoldedInto(imported) === undefined) header.example = parts.later(lifted.example);
  else if (examples !== undefined && examples.length === 1) header.example = parts.later(examples[0]);
  else if (examples !== undefined && examples.length > 1) {
    const named: JsonObject = {};
    examples.forEach((value, index) => (named[`example${index + 1}`] = { value }));
    header.examples = parts.later(named);
  }
  recordSlot(scope, header, "schema", "header", site);
  return parts.seal(header);
}

/** `{ allOf: [X] }` left after lifting a 3.0 `$ref`'s description is just X. */
function singleAllOf(schema: SchemaOrRef): SchemaOrRef {
  if (isObject(schema) && Object.keys(schema).length === 1 && Array.isArray(schema.allOf) && schema.allOf.length === 1) return schema.allOf[0] as SchemaOrRef;
  return schema;
}
