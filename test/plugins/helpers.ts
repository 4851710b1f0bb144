/**
 * Shared by the plugin tests: every test runs through `openapi()` and through the `OpenAPI`
 * builder, in 3.0.3 and 3.1.0, and every document it produces is validated.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { expect } from "vitest";
import { z } from "zod";
import {
  OpenAPI,
  openapi,
  type OpenAPIDocument,
  type OperationObject,
  type SpecloomDefinition,
  type StandardJSONSchemaV1,
} from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { versions } from "../fixtures/libraries";

export { versions };
export type Version = (typeof versions)[number];

type Make = (definition: SpecloomDefinition) => OpenAPIDocument;

const viaFunction: Make = (definition) => openapi(definition);

const viaBuilder: Make = (definition) => {
  const { paths, schemas, ...options } = definition;
  const builder = new OpenAPI(options);
  for (const name of Object.keys(schemas ?? {})) builder.schema(name, (schemas as Record<string, StandardJSONSchemaV1>)[name] as StandardJSONSchemaV1);
  for (const key of Object.keys(paths)) builder.route(key, paths[key] as SpecloomDefinition["paths"][string]);
  return builder.document();
};

export interface Way {
  way: string;
  version: Version;
  /** Builds the definition (its `openapi` set to `version`) and validates the document. */
  build: (definition: Omit<SpecloomDefinition, "openapi">) => Promise<OpenAPIDocument>;
  /** Builds without validating, for definitions that must fail. */
  make: (definition: Omit<SpecloomDefinition, "openapi">) => OpenAPIDocument;
}

/** `openapi()` and the builder, each in both versions: `describe.each(ways)("$way, $version", ...)`. */
export const ways: Way[] = [
  ["openapi()", viaFunction],
  ["OpenAPI builder", viaBuilder],
].flatMap(([way, make]) =>
  versions.map((version) => ({
    way: way as string,
    version,
    make: (definition) => (make as Make)({ ...definition, openapi: version }),
    build: async (definition) => {
      const document = (make as Make)({ ...definition, openapi: version });
      await expectValidOpenAPI(document);
      return document;
    },
  })),
);

export const info = { title: "Test API", version: "1.0.0" };

/** The operation at `path` and `method`, which must exist. */
export function operation(document: OpenAPIDocument, path: string, method: string): OperationObject {
  const found = (document.paths[path] as Record<string, OperationObject> | undefined)?.[method];
  expect(found, `${method.toUpperCase()} ${path}`).toBeDefined();
  return found as OperationObject;
}

/** The `$ref` (or the schema) of a JSON response. */
export function responseSchema(document: OpenAPIDocument, path: string, method: string, status: string, contentType = "application/json"): unknown {
  const responses = operation(document, path, method).responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
  return responses[status]?.content?.[contentType]?.schema;
}

export { catchError } from "../helpers/errors";

/** `{ message: string, code: integer }` written with each library. */
export const errorSchemas: { name: string; schema: StandardJSONSchemaV1 }[] = [
  { name: "zod", schema: z.object({ message: z.string(), code: z.number().int() }) },
  { name: "arktype", schema: type({ message: "string", code: "number.integer" }) },
  { name: "valibot", schema: toStandardJsonSchema(v.object({ message: v.string(), code: v.pipe(v.number(), v.integer()) })) },
];

export const User = z.object({ id: z.string(), name: z.string() });
