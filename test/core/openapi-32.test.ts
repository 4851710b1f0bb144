/**
 * OpenAPI 3.2.0 generation with each schema library: QUERY and other methods, streams
 * (`itemSchema`), `querystring`, and what 3.1.0 and 3.0.3 do with each (an error naming the
 * version, or a faithful lower form). Every document is validated against the 3.2 schema.
 */
import { describe, expect, it } from "vitest";
import { OpenAPI, openapi, type OpenAPIDocument, type SpecloomDefinition } from "specloom";
import { libraries } from "../fixtures/libraries";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";

const info = { title: "3.2", version: "1" };
const EARLIER = ["3.1.0", "3.0.3"] as const;

type Node = Record<string, unknown>;
const at = (value: unknown, ...keys: string[]): Node => keys.reduce((node: unknown, key) => (node as Node)[key], value) as Node;

describe.each(libraries)("OpenAPI 3.2.0 with $name", (lib) => {
  const build = (definition: Omit<SpecloomDefinition, "info" | "openapi">, version: SpecloomDefinition["openapi"] = "3.2.0"): OpenAPIDocument =>
    openapi({ openapi: version, info, ...definition } as SpecloomDefinition);

  it('"QUERY /search" is the path item\'s query operation ("query: A definition of a QUERY operation"), with a body like POST', async () => {
    const doc = build({ paths: { "QUERY /search": { body: lib.listQuery, 200: lib.petList }, "query /pets": { 200: lib.petList } } });
    const search = doc.paths["/search"]?.query;
    expect(search?.operationId).toBe("querySearch");
    expect(at(search, "requestBody", "content", "application/json", "schema")).toMatchObject({ type: "object" });
    expect(search?.requestBody).toMatchObject({ required: true });
    expect(doc.paths["/pets"]?.query?.operationId).toBe("queryPets");
    expect(doc.paths["/search"]).not.toHaveProperty("additionalOperations");
    await expectValidOpenAPI(doc);
  });

  it('other methods go under additionalOperations, "the HTTP method with the same capitalization that is to be sent", webhooks too', async () => {
    const doc = build({
      paths: { "purge /cache": { 204: null }, "COPY /files/{id}": { 201: lib.pet }, "GET /cache": { 200: lib.text } },
      webhooks: { "PURGE cacheCleared": { body: lib.pet } },
    });
    expect(Object.keys(doc.paths["/cache"] ?? {})).toEqual(["get", "additionalOperations"]);
    expect(Object.keys(doc.paths["/cache"]?.additionalOperations ?? {})).toEqual(["PURGE"]);
    expect(doc.paths["/cache"]?.additionalOperations?.PURGE?.operationId).toBe("purgeCache");
    expect(doc.paths["/files/{id}"]?.additionalOperations?.COPY?.parameters).toEqual([{ name: "id", in: "path", required: true, schema: { type: "string" } }]);
    expect(doc.webhooks?.cacheCleared?.additionalOperations?.PURGE?.requestBody).toBeDefined();
    await expectValidOpenAPI(doc);
  });

  it('"QUERY" in any case is never an additional operation: the map "MUST NOT contain any entry for the methods that can be defined by other fixed fields"', async () => {
    const doc = build({ paths: { "QuErY /a": { 200: lib.text }, "Get /a": { 200: lib.text } } });
    expect(Object.keys(doc.paths["/a"] ?? {})).toEqual(["get", "query"]);
    await expectValidOpenAPI(doc);
  });

  it("the same additional method twice on one path is DUPLICATE_PATH", () => {
    expect(catchError(() => build({ paths: { "PURGE /a": {}, "purge /a": {} } })).code).toBe("DUPLICATE_PATH");
  });

  it.each(EARLIER)("in %s, QUERY and other methods are INVALID_ROUTE_KEY saying they need openapi: \"3.2.0\"", (version) => {
    for (const key of ["QUERY /search", "PURGE /cache"]) {
      const error = catchError(() => build({ paths: { [key]: { 200: lib.text } } }, version));
      expect(error.code).toBe("INVALID_ROUTE_KEY");
      expect(error.message).toBe(`paths[${JSON.stringify(key)}]: the method ${key.split(" ")[0]} needs OpenAPI 3.2.0 (openapi: "3.2.0"); this document is ${version}`);
    }
    const builder = new OpenAPI({ info, openapi: version });
    const error = catchError(() => builder.route("QUERY", "/search", { body: lib.listQuery }));
    expect(error.code).toBe("INVALID_ROUTE_KEY");
    expect(error.message).toMatch(/route\("QUERY \/search"\): the method QUERY needs OpenAPI 3\.2\.0/);
  });

  it('a response shorthand\'s itemSchema is the media type\'s "schema describing each item within a sequential media type", a $ref to a registered schema on the output side', async () => {
    const doc = build({
      schemas: { Pet: lib.pet },
      paths: {
        "GET /events": { 200: { contentType: "text/event-stream", itemSchema: "Pet" } },
        "GET /pets.jsonl": { 200: { contentType: "application/jsonl", itemSchema: lib.pet, description: "One pet a line" } },
        "GET /pets": { 200: "Pet" },
      },
    });
    const plain = at(doc.paths["/pets"]?.get?.responses?.["200"], "content", "application/json", "schema");
    const events = at(doc.paths["/events"]?.get?.responses?.["200"], "content", "text/event-stream");
    expect(events).toEqual({ itemSchema: plain });
    const lines = at(doc.paths["/pets.jsonl"]?.get?.responses?.["200"], "content", "application/jsonl");
    expect(lines).toEqual({ itemSchema: plain });
    await expectValidOpenAPI(doc);
  });

  it("a body shorthand's itemSchema refers to the input side, as a body's schema does", async () => {
    const doc = build({
      schemas: { Pet: lib.pet },
      paths: {
        "POST /pets/import": { body: { contentType: "application/jsonl", itemSchema: "Pet" }, 202: null },
        "POST /pets/stream": { body: { contentType: "application/json-seq", itemSchema: lib.pet }, 202: null },
        "POST /pets": { body: lib.pet, 201: null },
      },
    });
    const input = at(doc.paths["/pets"]?.post?.requestBody, "content", "application/json", "schema");
    expect(at(doc.paths["/pets/import"]?.post?.requestBody, "content", "application/jsonl")).toEqual({ itemSchema: input });
    expect(at(doc.paths["/pets/stream"]?.post?.requestBody, "content", "application/json-seq")).toEqual({ itemSchema: input });
    await expectValidOpenAPI(doc);
  });

  it("itemSchema with a content type that is not sequential is INVALID_DEFINITION", () => {
    const error = catchError(() => build({ paths: { "GET /a": { 200: { itemSchema: lib.pet } } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(/^paths\["GET \/a"\]\[200\]\.itemSchema: itemSchema describes the items of a sequential media type .*not "application\/json"/);
  });

  it.each(EARLIER)("in %s, itemSchema is INVALID_DEFINITION naming the route and the version it needs", (version) => {
    const error = catchError(() => build({ paths: { "GET /events": { 200: { contentType: "text/event-stream", itemSchema: lib.pet } } } }, version));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe(`paths["GET /events"][200].itemSchema: itemSchema needs OpenAPI 3.2.0 (openapi: "3.2.0"); this document is ${version}`);
  });

  it('querystring is one parameter that "treats the entire URL query string as a value" and "MUST be specified using the content field"', async () => {
    const doc = build({ paths: { "GET /pets/{petId}": { params: lib.petParams, querystring: lib.listQuery, headers: lib.requestHeaders, 200: lib.pet } } });
    const parameters = doc.paths["/pets/{petId}"]?.get?.parameters as unknown as Node[];
    expect(parameters.map((p) => `${p.in}:${p.name}`)).toEqual(["path:petId", "querystring:querystring", "header:x-request-id"]);
    const querystring = parameters[1] as Node;
    expect(Object.keys(querystring)).toEqual(["name", "in", "content"]);
    expect(Object.keys(at(querystring, "content"))).toEqual(["application/x-www-form-urlencoded"]);
    expect(at(querystring, "content", "application/x-www-form-urlencoded", "schema")).toMatchObject({ type: "object", required: ["q"] });
    await expectValidOpenAPI(doc);
  });

  it('querystring with query "MUST NOT appear in the same operation as any in: "query" parameters": INVALID_DEFINITION', () => {
    const error = catchError(() => build({ paths: { "GET /a": { query: lib.listQuery, querystring: lib.listQuery } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(/^paths\["GET \/a"\]\.querystring: a route has query or querystring, not both/);
  });

  it.each(EARLIER)("in %s, querystring is INVALID_DEFINITION naming the version it needs", (version) => {
    const error = catchError(() => build({ paths: { "GET /a": { querystring: lib.listQuery } } }, version));
    expect(error.message).toBe(`paths["GET /a"].querystring: querystring needs OpenAPI 3.2.0 (openapi: "3.2.0"); this document is ${version}`);
  });
});
