/**
 * The generated merge inputs: `count` service documents of 25 paths and 25 component
 * schemas each, no two sharing a path, a schema name or an operationId (no clashes).
 *
 * Two forms of the same documents:
 * - `producedDocuments()`: `openapi()` results (deeply frozen, marked as Specloom's own),
 *   built from `serviceDefinition()`, whose schemas come from a minimal Standard JSON Schema
 *   "library" (below) that answers with fixed JSON Schema;
 * - `plainDocuments()`: the same documents written directly as plain JSON, like documents
 *   read from files: unfrozen objects that merge must copy. Written directly because
 *   producing a thousand documents with `openapi()` takes seconds; the checks (untimed,
 *   once per run) assert that `JSON.stringify` of both forms is identical.
 */
import type { OpenAPIDocument, RouteShorthand, SpecloomDefinition, StandardJSONSchemaV1 } from "specloom";
import { openapi } from "../specloom";

export const PATHS_PER_DOCUMENT = 25;
export const SCHEMAS_PER_DOCUMENT = 25;

/** A Standard JSON Schema whose JSON Schema is `json` for both sides (a fresh copy per call). */
function fixedSchema(json: Record<string, unknown>): StandardJSONSchemaV1 {
  const text = JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", ...json });
  const convert = () => JSON.parse(text) as Record<string, unknown>;
  return {
    "~standard": {
      version: 1,
      vendor: "bench",
      jsonSchema: { input: convert, output: convert },
    },
  } as unknown as StandardJSONSchemaV1;
}

/** The JSON Schema of schema `j` of service `k`: about ten properties; odd ones embed the previous one. */
function thingJson(k: number, j: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    id: { type: "string", format: "uuid" },
    name: { type: "string", minLength: 1, maxLength: 200 },
    kind: { type: "string", enum: [`s${k}-thing${j}`, "other"] },
    count: { type: "integer", minimum: 0 },
    ratio: { type: "number", minimum: 0, maximum: 1 },
    labels: { type: "array", items: { type: "string" }, maxItems: 16 },
    attributes: { type: "object", additionalProperties: { type: "string" } },
    note: { type: ["string", "null"] },
    createdAt: { type: "string", format: "date-time" },
  };
  if (j % 2 === 1) properties.parent = thingJson(k, j - 1);
  return { type: "object", description: `Thing ${j} of service ${k}`, properties, required: ["id", "name", "kind", "createdAt"] };
}

/** The `openapi()` definition of service `k`. */
export function serviceDefinition(k: number): SpecloomDefinition {
  const schemas: Record<string, StandardJSONSchemaV1> = {};
  const paths: Record<string, RouteShorthand> = {};
  const params = fixedSchema({ type: "object", properties: { id: { type: "string", description: "The thing's id" } }, required: ["id"] });
  const query = fixedSchema({ type: "object", properties: { expand: { type: "boolean", default: false } } });
  const things: StandardJSONSchemaV1[] = [];
  for (let j = 0; j < SCHEMAS_PER_DOCUMENT; j++) {
    const thing = fixedSchema(thingJson(k, j));
    things.push(thing);
    schemas[`S${k}Thing${j}`] = thing;
  }
  for (let j = 0; j < PATHS_PER_DOCUMENT; j++) {
    paths[`GET /s${k}/things${j}/{id}`] = { params, query, 200: things[j % SCHEMAS_PER_DOCUMENT] as StandardJSONSchemaV1, 404: null };
  }
  return { info: { title: `Service ${k}`, version: "1.0.0" }, schemas, paths };
}

/** Documents `from` to `to - 1` as `openapi()` returns them: frozen, Specloom's own. */
export function producedDocuments(from: number, to: number): OpenAPIDocument[] {
  return Array.from({ length: to - from }, (_, i) => openapi(serviceDefinition(from + i)));
}

/** The schema `j` of service `k` as `openapi()` writes it: the embedded previous one is a `$ref`. */
function thingSchema(k: number, j: number): Record<string, unknown> {
  const json = thingJson(k, j);
  const properties = json.properties as Record<string, unknown>;
  if (properties.parent !== undefined) properties.parent = { $ref: `#/components/schemas/S${k}Thing${j - 1}` };
  return json;
}

/** Service `k` as plain JSON, exactly as `openapi(serviceDefinition(k))` writes it. */
export function plainDocument(k: number): OpenAPIDocument {
  const paths: Record<string, unknown> = {};
  for (let j = 0; j < PATHS_PER_DOCUMENT; j++) {
    paths[`/s${k}/things${j}/{id}`] = {
      get: {
        operationId: `getS${k}Things${j}ById`,
        parameters: [
          { name: "id", in: "path", description: "The thing's id", required: true, schema: { type: "string" } },
          { name: "expand", in: "query", schema: { type: "boolean", default: false } },
        ],
        responses: {
          "200": { description: "OK", content: { "application/json": { schema: { $ref: `#/components/schemas/S${k}Thing${j % SCHEMAS_PER_DOCUMENT}` } } } },
          "404": { description: "Not Found" },
        },
      },
    };
  }
  const schemas: Record<string, unknown> = {};
  for (let j = 0; j < SCHEMAS_PER_DOCUMENT; j++) schemas[`S${k}Thing${j}`] = thingSchema(k, j);
  return { openapi: "3.1.0", info: { title: `Service ${k}`, version: "1.0.0" }, paths, components: { schemas } } as unknown as OpenAPIDocument;
}

/** Documents `from` to `to - 1` as plain, unfrozen JSON. */
export function plainDocuments(from: number, to: number): OpenAPIDocument[] {
  return Array.from({ length: to - from }, (_, i) => plainDocument(from + i));
}
