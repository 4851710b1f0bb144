import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { propertyLabel, setOwn, type JsonObject } from "../internal/own";
import { fileEncoding } from "../schema/files";
import type { Side } from "../schema/vendor";
import type { SchemaLocation } from "../types/definition";
import { recordSlot, schemaAt, type OperationScope, type Site } from "./context";
import { registeredList } from "./component-refs";
import { exampleOrExamples } from "./model-rules";
import { copyModelMap, expectString } from "./object-model";
import { hasVersion, needsVersion } from "./version";

/**
 * The schema a content type implies when none is given, as the functional specification
 * defines it for every version: `text/*` is a string, `application/octet-stream`
 * `{ type: "string", format: "binary" }` (an annotation 3.1 still accepts). File fields of a
 * schema take each version's own form instead (schema/files.ts).
 */
export function inferredSchema(contentType: string): JsonObject | undefined {
  if (/^text\//i.test(contentType)) return { type: "string" };
  if (/^application\/octet-stream\b/i.test(contentType)) return { type: "string", format: "binary" };
  return undefined;
}

/** Checks a shorthand object's keys, so a typo is an error instead of a silent omission; `x-` keys are extensions. */
export function checkKeys(value: JsonObject, allowed: readonly string[], what: string, site: Site): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key) && !key.startsWith("x-")) {
      throw new SpecloomError("INVALID_DEFINITION", site.location + propertyLabel(key), `unknown field of a ${what} (expected ${allowed.join(", ")}, or an x- extension)`);
    }
  }
}

/** A shorthand's `x-` keys, copied as JSON onto the object it becomes. */
export function copyExtensions(scope: OperationScope, from: JsonObject, to: JsonObject, site: Site): void {
  for (const key of Object.keys(from)) {
    if (key.startsWith("x-")) setOwn(to, key, scope.context.parts.later(cloneData(from[key], site.location + propertyLabel(key))));
  }
}

/**
 * Sequential media types, whose items 3.2's `itemSchema` describes ("A schema describing
 * each item within a sequential media type"): Server-Sent Events, JSON Lines (and NDJSON),
 * JSON Text Sequences, multipart/mixed.
 */
const SEQUENTIAL = /^(?:text\/event-stream|application\/(?:jsonl|x-ndjson|json-seq|[\w.+-]+\+json-seq)|multipart\/mixed)\s*(?:;|$)/i;

/**
 * `{ contentType: { schema, itemSchema, example, examples } }` from a shorthand's fields.
 * The schema is the given one (a Standard schema, or a registered name when `names` is
 * set), else, without an `itemSchema`, the one the content type implies, else none.
 */
export function mediaContent(
  scope: OperationScope,
  fields: JsonObject,
  side: Side,
  slotLocation: SchemaLocation,
  site: Site,
  names = false,
): Record<string, JsonObject> {
  const contentType = fields.contentType === undefined ? "application/json" : expectString(fields.contentType, `${site.location}.contentType`);
  const media: JsonObject = {};
  const given = fields.schema;
  const schemaSite = site.child(".schema");
  if (typeof given === "string" && names) media.schema = namedSchema(scope, given, side, schemaSite);
  else if (given !== undefined) media.schema = schemaAt(scope, given, side, schemaSite);
  else if (fields.itemSchema === undefined) {
    const inferred = inferredSchema(contentType);
    if (inferred) media.schema = inferred;
  }
  if (fields.itemSchema !== undefined) media.itemSchema = itemSchema(scope, fields.itemSchema, contentType, side, site);
  const both = exampleOrExamples(fields);
  if (both) throw new SpecloomError("INVALID_DEFINITION", `${site.location}.${both.field}`, both.problem);
  if (fields.example !== undefined) media.example = cloneData(fields.example, `${site.location}.example`);
  if (fields.examples !== undefined) {
    const at = `${site.location}.examples`;
    // A caller's `$ref` here is checked like any other: onReference marks the document for the check.
    const context = { dialect: scope.context.dialect, version: scope.context.version, schemaAt: () => undefined, onReference: () => (scope.context.callerRefs = true) };
    media.examples = copyModelMap("Example", scope.context.components.withNames(fields.examples, "examples", at), at, context);
  }
  // A multipart body's file fields carry their content types in `encoding`.
  const encoding = /^multipart\//i.test(contentType) ? fileEncoding(media.schema) : undefined;
  if (encoding) media.encoding = encoding;
  if (media.schema !== undefined) recordSlot(scope, media, "schema", slotLocation, schemaSite);
  if (media.itemSchema !== undefined) recordSlot(scope, media, "itemSchema", slotLocation, site.child(".itemSchema", "Item"));
  // Every value is a copy or a compiler's answer: frozen once the components are final.
  const parts = scope.context.parts;
  for (const key of Object.keys(media)) parts.later(media[key]);
  const content: Record<string, JsonObject> = {};
  setOwn(content, contentType, parts.seal(media));
  return parts.seal(content);
}

/** A shorthand's `itemSchema` (3.2): a schema or a registered name, for a sequential content type. */
function itemSchema(scope: OperationScope, value: unknown, contentType: string, side: Side, site: Site): unknown {
  const at = site.child(".itemSchema", "Item");
  const version = scope.context.version;
  if (!hasVersion(version, "3.2.0")) throw new SpecloomError("INVALID_DEFINITION", at.location, `itemSchema ${needsVersion("3.2.0", version)}`);
  if (!SEQUENTIAL.test(contentType)) {
    throw new SpecloomError(
      "INVALID_DEFINITION",
      at.location,
      `itemSchema describes the items of a sequential media type (text/event-stream, application/jsonl, application/x-ndjson, application/json-seq, multipart/mixed), not ${JSON.stringify(contentType)}; set contentType`,
    );
  }
  return typeof value === "string" ? namedSchema(scope, value, side, at) : schemaAt(scope, value, side, at);
}

/** A registered schema's name: its `$ref` for `side`, or SCHEMA_RESOLUTION_FAILED. */
export function namedSchema(scope: OperationScope, name: string, side: Side, site: Site): unknown {
  const ref = scope.context.compiler.refTo(name, side, site);
  if (ref) return ref;
  const schemas = registeredList("schemas", scope.context.compiler.registeredNames(), "");
  throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", site.location, `"${name}" names no registered schema (${schemas}); add it to \`schemas\` or pass the schema itself`);
}

export function expectObject(value: unknown, location: string, what: string): JsonObject {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new SpecloomError("INVALID_DEFINITION", location, `expected ${what}, found ${describeValue(value)}`);
  }
  return value as JsonObject;
}
