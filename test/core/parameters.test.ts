import { describe, expect, it } from "vitest";
import { type } from "arktype";
import { z } from "zod";
import { openapi, type ParameterObject, type RouteShorthand } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError, libraries, versions } from "../fixtures/libraries";

const info = { title: "Parameters", version: "1" };

describe.each(libraries)("parameters from $name schemas", (lib) => {
  it.each(versions)("makes one Parameter Object per property, path first, with required from the schema (%s)", async (version) => {
    const document = openapi({
      openapi: version,
      info,
      paths: { "GET /pets/{petId}": { params: lib.petParams, query: lib.listQuery, headers: lib.requestHeaders, cookies: lib.cookies, 200: lib.pet } },
    });
    const parameters = document.paths["/pets/{petId}"]?.get?.parameters as ParameterObject[];
    // Locations in order (path, query, header, cookie); within one, the library's property order.
    expect(parameters.map((p) => p.in)).toEqual(["path", "query", "query", "header", "cookie"]);
    expect(parameters.map((p) => [p.name, p.in, p.required ?? false]).sort()).toEqual([
      ["limit", "query", false],
      ["petId", "path", true],
      ["q", "query", true],
      ["session", "cookie", false],
      ["x-request-id", "header", true],
    ]);
    expect(parameters[0]?.schema).toEqual({ type: "string" });
    expect(parameters.find((p) => p.name === "limit")?.schema).toMatchObject({ type: "integer", maximum: 100 });
    await expectValidOpenAPI(document);
  });

  it("gives a template parameter without a schema property the string type", async () => {
    const document = openapi({ info, paths: { "GET /owners/{ownerId}/pets/{petId}": { params: lib.petParams } } });
    const parameters = document.paths["/owners/{ownerId}/pets/{petId}"]?.get?.parameters as ParameterObject[];
    expect(parameters).toEqual([
      { name: "ownerId", in: "path", required: true, schema: { type: "string" } },
      { name: "petId", in: "path", required: true, schema: { type: "string" } },
    ]);
    await expectValidOpenAPI(document);
  });

  it("rejects a params property that is not in the path template with INVALID_DEFINITION", () => {
    const error = catchError(() => openapi({ info, paths: { "GET /pets": { params: lib.petParams } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe('paths["GET /pets"].params.petId: "petId" is not a parameter of the path "/pets" (its parameters: none)');
  });

  it("rejects a query schema that is not an object schema", () => {
    const error = catchError(() => openapi({ info, paths: { "GET /pets": { query: lib.text } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(/^paths\["GET \/pets"\]\.query: expected an object schema whose properties become parameters/);
  });
});

describe("what a parameter takes from its property schema", () => {
  it.each(versions)("lifts description, deprecated and example onto the parameter (%s)", async (version) => {
    const query = z.object({
      limit: z.number().int().describe("How many to return").meta({ deprecated: true, examples: [20] }),
      sort: z.enum(["asc", "desc"]).default("asc").describe("Sort order").meta({ example: "desc" }),
    });
    const document = openapi({ openapi: version, info, paths: { "GET /pets": { query } } });
    const [limit, sort] = document.paths["/pets"]?.get?.parameters as ParameterObject[];
    expect(limit).toMatchObject({ name: "limit", in: "query", description: "How many to return", required: true, deprecated: true, example: 20 });
    expect(limit?.schema).not.toHaveProperty("description");
    expect(limit?.schema).not.toHaveProperty("deprecated");
    // A defaulted query parameter is optional for the caller: input side.
    expect(sort).toMatchObject({ name: "sort", description: "Sort order", example: "desc" });
    expect(sort?.required).toBeUndefined();
    expect(sort?.schema).toMatchObject({ enum: ["asc", "desc"], default: "asc" });
    await expectValidOpenAPI(document);
  });

  it.each(versions)("turns several examples into a map of Example Objects, also in 3.0.3 where a schema keeps one (%s)", async (version) => {
    // The last holds a $ref, so the document carries its own copy of the property's node.
    const Id = z.string().meta({ id: "Id" });
    const queries = [
      type({ q: type("string").configure({ examples: ["cat", "dog"] }) }),
      z.object({ q: z.string().meta({ examples: ["cat", "dog"] }) }),
      z.object({ q: z.union([Id, z.number()]).meta({ examples: ["cat", "dog"] }) }),
    ];
    for (const query of queries) {
      const document = openapi({ openapi: version, info, paths: { "GET /search": { query } } });
      const [q] = document.paths["/search"]?.get?.parameters as ParameterObject[];
      expect(q?.examples).toEqual({ example1: { value: "cat" }, example2: { value: "dog" } });
      expect(q?.example).toBeUndefined();
      await expectValidOpenAPI(document);
    }
  });

  it("keeps a named schema used as a parameter a $ref, and lifts its description without losing the reference", async () => {
    const Sort = z.enum(["asc", "desc"]).meta({ id: "Sort" });
    const paths: Record<string, RouteShorthand> = { "GET /pets": { query: z.object({ sort: Sort.describe("Order") }) } };
    for (const version of versions) {
      const document = openapi({ openapi: version, info, paths });
      const [sort] = document.paths["/pets"]?.get?.parameters as ParameterObject[];
      expect(sort?.description).toBe("Order");
      expect(sort?.schema).toEqual({ $ref: "#/components/schemas/Sort" });
      await expectValidOpenAPI(document);
    }
  });
});
