/**
 * What each JSON Schema keyword holds, so walks know which values are schemas
 * (to convert) and which are data (enum, const, default, examples: copied as they are).
 */

/** Keywords whose value is one schema. `items` is here too (its array form is draft-07's tuple). */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "items",
  "additionalItems",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
]);

/** Keywords whose value is an array of schemas. */
export const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/** Keywords whose value maps names to schemas. */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
]);

/** The fields of an OpenAPI 3.0 Schema Object; anything else (but `x-`) is invalid there. */
export const OPENAPI_30_KEYWORDS: ReadonlySet<string> = new Set([
  "$ref",
  "title",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "required",
  "enum",
  "type",
  "allOf",
  "oneOf",
  "anyOf",
  "not",
  "items",
  "properties",
  "additionalProperties",
  "description",
  "format",
  "default",
  "nullable",
  "discriminator",
  "readOnly",
  "writeOnly",
  "xml",
  "externalDocs",
  "example",
  "deprecated",
]);

/** The `type` values OpenAPI 3.0 knows (no "null"). */
export const OPENAPI_30_TYPES: ReadonlySet<string> = new Set(["array", "boolean", "integer", "number", "object", "string"]);
