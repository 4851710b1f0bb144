import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type SpecloomDefinition, type SpecloomPlugin } from "specloom";
import { expectValidOpenAPI, isDeepFrozen, isNothingFrozen } from "../helpers/document";
import { libraries } from "../fixtures/libraries";

type Version = "3.0.3" | "3.1.0" | "3.2.0";

/**
 * A definition with every kind of operation part: parameters of each place (with a lifted
 * description and examples), a path parameter no schema describes, bodies and responses as
 * schemas, names, shorthands (headers, examples, multipart, item schemas), whole OpenAPI
 * objects with their own schemas and `$ref`s, tags, security, servers, extensions, and in
 * 3.2 a querystring and a method outside the eight.
 */
function everyPart(lib: (typeof libraries)[number], version: Version): SpecloomDefinition {
  const is32 = version === "3.2.0";
  const withExamples = z.object({ q: z.string().describe("Search text").meta({ examples: ["cat", "dog"] }) });
  const paths: SpecloomDefinition["paths"] = {
    "GET /pets": { tags: ["pets"], query: lib.listQuery, headers: z.object({ "x-trace": z.string() }), 200: { schema: lib.petList, headers: { "X-Total": { schema: { type: "integer" } } } }, 400: null, "x-owner": { team: ["a"] } },
    "GET /pets/{id}/{tag}": { params: z.object({ id: z.string() }), summary: "One pet", 200: lib.pet, 404: "Pet", default: lib.pet },
    "POST /pets": { body: { schema: lib.newPet, examples: { rex: { value: { name: "Rex" } } } }, 201: lib.pet, 202: lib.pet, security: [{ key: [] }], servers: [{ url: "https://b.example.com" }] },
    "PUT /pets/{id}": { params: z.object({ id: z.string() }), body: lib.newPet, 200: lib.pet, 204: { description: "Saved", headers: { "X-Id": { schema: { type: "string" } } } } },
    "POST /pets/{id}/photo": { params: z.object({ id: z.string() }), body: { contentType: "multipart/form-data", schema: z.object({ photo: z.file().mime("image/png") }) }, 200: { contentType: "text/plain" } },
    "GET /search": { query: withExamples, externalDocs: { url: "https://docs.example.com" }, deprecated: true, 200: { content: { "application/json": { schema: lib.petList as never, example: [] } }, description: "Found" } },
    "DELETE /pets/{id}": { params: z.object({ id: z.string() }), body: { content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } }, 204: null },
    "GET /nothing": {},
  };
  if (is32) {
    paths["QUERY /pets"] = { querystring: lib.listQuery, 200: { contentType: "application/jsonl", itemSchema: lib.pet } };
    paths["PURGE /pets"] = { 204: null };
  }
  return {
    openapi: version,
    info: { title: "Every part", version: "1" },
    schemas: { Pet: lib.pet },
    securitySchemes: { key: { type: "apiKey", name: "key", in: "header" } },
    paths,
  };
}

/** A transformSchema hook that changes nothing: the parts are then built unfrozen and frozen at the end. */
const unchanged: SpecloomPlugin = { name: "unchanged", transformSchema: (schema) => schema };

describe.each(libraries)("parts frozen as they are built, with $name", (lib) => {
  it.each(["3.0.3", "3.1.0", "3.2.0"] as const)("give a deeply frozen document, the same as parts frozen at the end (%s)", async (version) => {
    const definition = everyPart(lib, version);
    const document = openapi(definition);
    expect(isDeepFrozen(document)).toBe(true);
    expect(isNothingFrozen(Object.values(definition.paths ?? {}))).toBe(true);
    // With a transformSchema hook, no part is frozen or shared before the end: the same JSON.
    const late = openapi({ ...definition, plugins: [unchanged] });
    expect(isDeepFrozen(late)).toBe(true);
    expect(JSON.stringify(document)).toBe(JSON.stringify(late));
    // Built again from the same objects (every answer cached), the same JSON again.
    expect(JSON.stringify(openapi(definition))).toBe(JSON.stringify(document));
    await expectValidOpenAPI(document);
  });
});

describe("parts shared between operations", () => {
  it("stay separate where a plugin transforms schemas: each use is its own slot", () => {
    const pet = z.object({ id: z.string() });
    let seen = 0;
    const document = openapi({
      info: { title: "Slots", version: "1" },
      plugins: [{ name: "count", transformSchema: (schema) => ({ ...schema, "x-use": ++seen }) }],
      paths: { "GET /a": { 200: pet }, "GET /b": { 200: pet } },
    });
    const first = document.paths["/a"]?.get?.responses?.["200"] as { content: Record<string, { schema: Record<string, unknown> }> };
    const second = document.paths["/b"]?.get?.responses?.["200"] as { content: Record<string, { schema: Record<string, unknown> }> };
    expect(first.content["application/json"]?.schema["x-use"]).not.toBe(second.content["application/json"]?.schema["x-use"]);
  });

  it("keep each use's own parts where two uses differ only in description or place", async () => {
    const id = z.object({ id: z.string() });
    const document = openapi({
      info: { title: "Places", version: "1" },
      paths: { "GET /a/{id}": { params: id, 200: id, 201: id }, "GET /b": { query: id, headers: id, 200: id } },
    });
    expect(JSON.stringify(document.paths["/a/{id}"]?.get)).toBe(
      JSON.stringify({
        operationId: "getAById",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          200: { description: "OK", content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } }, required: ["id"], additionalProperties: false } } } },
          201: { description: "Created", content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } }, required: ["id"], additionalProperties: false } } } },
        },
      }),
    );
    expect(document.paths["/b"]?.get?.parameters).toEqual([
      { name: "id", in: "query", required: true, schema: { type: "string" } },
      { name: "id", in: "header", required: true, schema: { type: "string" } },
    ]);
    await expectValidOpenAPI(document);
  });
});
