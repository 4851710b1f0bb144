import { SpecloomError, describeValue } from "../errors";
import { isPlainObject, propertyLabel } from "../internal/own";
import type { OpenAPIDocument } from "../types/document";
import type { SpecloomDefinition } from "../types/definition";
import { buildDocument, type DocumentInput, type SchemaEntry } from "./pipeline";
import type { Carries } from "../types/paths-of/carried";
import { pathRoute, webhookRoute, type RouteEntry } from "./routes";
import { COMPONENT_KINDS, componentEntries } from "./component-refs";
import { pathItemEntry } from "./path-item-fields";

const DEFINITION_FIELDS: ReadonlySet<string> = new Set([
  "info", "paths", "webhooks", "schemas", "plugins", "openapi", "$self", "servers", "security", "securitySchemes", "mediaTypes", "tags", "externalDocs",
  ...COMPONENT_KINDS,
]);

/** Checks that a map-valued option is a plain object, so `Object.keys` over it is meaningful. */
export function mapOption(value: unknown, location: string, what: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw new SpecloomError("INVALID_DEFINITION", location, `expected ${what}, found ${describeValue(value)}`);
  return value;
}

/** The `webhooks` option as route entries, labelled `webhooks["POST newPet"]`. */
export function webhookEntries(webhooks: unknown): RouteEntry[] {
  if (webhooks === undefined) return [];
  const map = mapOption(webhooks, "webhooks", 'a map of "METHOD eventName" keys to routes');
  return Object.keys(map).map((key) => webhookRoute(key, undefined, map[key], `webhooks[${JSON.stringify(key)}]`));
}

/**
 * Builds a deeply frozen OpenAPI document from a definition (docs/definition.md). The definition,
 * its schemas and every object in it are left as they were: neither changed nor frozen.
 * The document's type carries the definition's, literals kept, for `PathsOf`.
 */
export function openapi<const D extends SpecloomDefinition>(definition: D): OpenAPIDocument & Carries<D> {
  return buildDocument(definitionInput(definition));
}

/** What `openapi()` builds from: the definition checked, its schemas and routes listed. */
export function definitionInput(definition: SpecloomDefinition): DocumentInput {
  const map = mapOption(definition, "", "a definition object ({ info, paths, ... })");
  for (const key of Object.keys(map)) {
    if (!DEFINITION_FIELDS.has(key) && !key.startsWith("x-")) {
      throw new SpecloomError("INVALID_DEFINITION", key, `unknown field of a definition (expected ${[...DEFINITION_FIELDS].join(", ")}, or an x- extension)`);
    }
  }
  const paths = mapOption(map.paths, "paths", 'a map of "METHOD /path" keys to routes');
  const schemas = map.schemas === undefined ? {} : mapOption(map.schemas, "schemas", "a map of names to schemas");
  const schemaEntries: SchemaEntry[] = Object.keys(schemas).map((name) => ({ name, schema: schemas[name], location: `schemas${propertyLabel(name)}` }));
  // A key without a method (`"/users/{id}"`) holds the path's own fields.
  const keys = Object.keys(paths);
  const routes = [
    ...keys.filter((key) => !key.startsWith("/")).map((key) => pathRoute(key, paths[key], `paths[${JSON.stringify(key)}]`)),
    ...webhookEntries(map.webhooks),
  ];
  const pathItems = keys.filter((key) => key.startsWith("/")).map((key) => pathItemEntry(key, paths[key], `paths[${JSON.stringify(key)}]`));
  const components = COMPONENT_KINDS.flatMap((kind) => componentEntries(kind, map[kind]));
  return { options: definition, schemas: schemaEntries, routes, components, pathItems };
}
