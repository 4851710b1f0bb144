import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { propertyLabel, type JsonObject } from "../internal/own";
import { binarySchema, fileEncoding } from "../schema/files";
import type { Dialect, Side } from "../schema/vendor";
import type { SchemaLocation } from "../types/definition";
import { recordSlot, schemaAt, type OperationScope, type Site } from "./context";
import { copyModelMap, exampleOrExamples, expectString } from "./object-model";

/** The schema a content type implies when none is given (SPEC.md 2.6): raw bytes are a file. */
export function inferredSchema(contentType: string, dialect: Dialect): JsonObject | undefined {
  if (/^text\//i.test(contentType)) return { type: "string" };
  if (/^application\/octet-stream\b/i.test(contentType)) return binarySchema(dialect, "application/octet-stream");
  return undefined;
}

/** Checks a shorthand object's keys, so a typo is an error instead of a silent omission. */
export function checkKeys(value: JsonObject, allowed: readonly string[], what: string, site: Site): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new SpecloomError("INVALID_DEFINITION", site.location + propertyLabel(key), `unknown field of a ${what} (expected ${allowed.join(", ")})`);
    }
  }
}

/**
 * `{ contentType: { schema, example, examples } }` from a shorthand's fields. The schema is
 * the given one (a Standard schema, or a registered name via `named`), else the one the
 * content type implies, else none.
 */
export function mediaContent(
  scope: OperationScope,
  fields: JsonObject,
  side: Side,
  slotLocation: SchemaLocation,
  site: Site,
  named?: (name: string, site: Site) => unknown,
): Record<string, JsonObject> {
  const contentType = fields.contentType === undefined ? "application/json" : expectString(fields.contentType, `${site.location}.contentType`);
  const media: JsonObject = {};
  const given = fields.schema;
  const schemaSite = site.child(".schema");
  if (typeof given === "string" && named) media.schema = named(given, schemaSite);
  else if (given !== undefined) media.schema = schemaAt(scope, given, side, schemaSite);
  else {
    const inferred = inferredSchema(contentType, scope.context.dialect);
    if (inferred) media.schema = inferred;
  }
  const both = exampleOrExamples(fields);
  if (both) throw new SpecloomError("INVALID_DEFINITION", `${site.location}.${both.field}`, both.problem);
  if (fields.example !== undefined) media.example = cloneData(fields.example, `${site.location}.example`);
  if (fields.examples !== undefined) {
    media.examples = copyModelMap("Example", fields.examples, `${site.location}.examples`, { dialect: scope.context.dialect, schemaAt: () => undefined });
  }
  // A multipart body's file fields carry their content types in `encoding`.
  const encoding = /^multipart\//i.test(contentType) ? fileEncoding(media.schema) : undefined;
  if (encoding) media.encoding = encoding;
  if (media.schema !== undefined) recordSlot(scope, media, "schema", slotLocation, schemaSite);
  return { [contentType]: media };
}

export function expectObject(value: unknown, location: string, what: string): JsonObject {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new SpecloomError("INVALID_DEFINITION", location, `expected ${what}, found ${describeValue(value)}`);
  }
  return value as JsonObject;
}
