import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAPI, openapi, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI, isNothingFrozen } from "../helpers/document";
import { catchError } from "../helpers/errors";
import { allVersions, forms } from "../fixtures/definition-forms";

const info = { title: "Paths", version: "1" };

describe.each(forms)("a path's own fields ($name)", (lib) => {
  const definition = (version: (typeof allVersions)[number]): SpecloomDefinition => ({
    openapi: version,
    info,
    parameters: { PageSize: { name: "pageSize", in: "query", schema: lib.pageSize } },
    paths: {
      "/users/{id}": { summary: "One user", description: "A user by id", servers: [{ url: "https://users.example.com" }], params: lib.userParams, parameters: ["PageSize"], "x-owner": "accounts" },
      "GET /users/{id}": { 200: lib.event },
      "DELETE /users/{id}": { 204: null },
    },
  });

  it.each(allVersions)('writes summary, description, servers and shared parameters on the path item ("applicable for all the operations described under this path") (%s)', async (version) => {
    const document = openapi(definition(version));
    const item = document.paths["/users/{id}"] ?? {};
    // The Path Item Object's field order: summary, description, the operations, servers, parameters.
    expect(Object.keys(item)).toEqual(["summary", "description", "get", "delete", "servers", "parameters", "x-owner"]);
    expect(item.parameters).toEqual([
      { name: "id", in: "path", description: "The user's id", required: true, schema: { type: "string" } },
      { $ref: "#/components/parameters/PageSize" },
    ]);
    // The path parameter is declared once, on the path: the operations do not repeat it.
    expect(item.get?.parameters).toBeUndefined();
    expect(item.delete?.parameters).toBeUndefined();
    await expectValidOpenAPI(document);
  });

  it.each(allVersions)("builds the same document through the builder's path() (%s)", (version) => {
    const d = definition(version);
    const api = new OpenAPI({ openapi: version, info })
      .parameter("PageSize", d.parameters?.PageSize as never)
      .route("GET /users/{id}", d.paths["GET /users/{id}"] as never)
      .path("/users/:id", d.paths["/users/{id}"] as never)
      .route("DELETE", "/users/{id}", d.paths["DELETE /users/{id}"] as never);
    expect(api.document()).toEqual(openapi(d));
  });
});

describe("a path's own fields: what is refused and kept", () => {
  it("is a path of the document even with no operation", async () => {
    const document = openapi({ info, paths: { "/health": { description: "Nothing here yet" } } });
    expect(document.paths["/health"]).toEqual({ description: "Nothing here yet" });
    await expectValidOpenAPI(document);
  });

  it("lets an operation override a shared parameter (\"can be overridden at the operation level\")", async () => {
    const document = openapi({ info, paths: { "/a/{id}": { params: z.object({ id: z.string() }) }, "GET /a/{id}": { params: z.object({ id: z.string().uuid() }) } } });
    expect(document.paths["/a/{id}"]?.get?.parameters?.[0]).toMatchObject({ name: "id", in: "path", schema: { format: "uuid" } });
    await expectValidOpenAPI(document);
  });

  it.each([
    [{ "/a": { 200: null } }, "INVALID_DEFINITION", 'paths["/a"]["200"]: unknown field of a path\'s own fields', 'an operation is "METHOD /a"'],
    [{ "/a": { params: z.object({ id: z.string() }) } }, "INVALID_DEFINITION", 'paths["/a"].params.id: "id" is not a parameter of the path "/a"', ""],
    [{ "/a/{id}": {}, "/a/:id": {} }, "DUPLICATE_PATH", 'paths["/a/:id"]: the fields of the path "/a/{id}" are already given at paths["/a/{id}"]', ""],
    [{ "GET /a/{id}": {}, "/a/{key}": {} }, "DUPLICATE_PATH", 'the paths "/a/{key}" and "/a/{id}" differ only in parameter names', ""],
    [{ "/a": { parameters: [{ name: "q", in: "query", schema: z.string() }, { name: "q", in: "query", schema: z.number() }] } }, "INVALID_DEFINITION", 'paths["/a"].parameters[1]: the query parameter "q" is given twice', ""],
    [{ "/a": { summary: 1 } }, "INVALID_DEFINITION", 'paths["/a"].summary: expected a string', ""],
    [{ "/a//b": {} }, "INVALID_ROUTE_KEY", 'paths["/a//b"]: path "/a//b" has an empty segment', ""],
  ])("refuses %j", (paths, code, message, more) => {
    const error = catchError(() => openapi({ info, paths: paths as never }));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
    expect(error.message).toContain(more);
  });

  it("leaves the caller's path fields unchanged and unfrozen", () => {
    const own = { summary: "A", servers: [{ url: "https://a.example.com" }] };
    openapi({ info, paths: { "/a": own, "GET /a": {} } });
    expect(isNothingFrozen(own)).toBe(true);
    expect(own).toEqual({ summary: "A", servers: [{ url: "https://a.example.com" }] });
  });
});

it("keeps a path called /__proto__ and a parameter called constructor as data", async () => {
  const document = openapi({
    info,
    parameters: { prototype: { name: "constructor", in: "query", schema: z.string() } },
    paths: { "/__proto__": { summary: "Odd", parameters: ["prototype"] }, "GET /__proto__": {} },
  });
  expect(document.paths["/__proto__"]).toMatchObject({ summary: "Odd", parameters: [{ $ref: "#/components/parameters/prototype" }] });
  expect(Object.getPrototypeOf(document.paths)).toBe(Object.prototype);
  await expectValidOpenAPI(document);
});
