import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type OpenAPIDocument, type RouteShorthand, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError, versions } from "../fixtures/libraries";

const info = { title: "Operations", version: "1" };

describe("operation fields", () => {
  it.each(versions)("copies every operation field, in the specification's order, with x- keys last (%s)", async (version) => {
    const document = openapi({
      openapi: version,
      info,
      securitySchemes: { key: { type: "apiKey", name: "k", in: "header" } },
      security: [{ key: [] }],
      paths: {
        "POST /pets/{id}": {
          "x-rate-limit": { perMinute: 10 },
          deprecated: true,
          security: [],
          body: z.object({ name: z.string() }),
          params: z.object({ id: z.string() }),
          operationId: "renamePet",
          description: "Renames a pet",
          summary: "Rename",
          tags: ["pets"],
          externalDocs: { url: "https://example.com/rename" },
          servers: [{ url: "https://write.example.com" }],
          200: null,
        },
      },
    });
    const operation = document.paths["/pets/{id}"]?.post as Record<string, unknown>;
    expect(Object.keys(operation)).toEqual([
      "tags", "summary", "description", "externalDocs", "operationId", "parameters", "requestBody", "responses", "deprecated", "security", "servers", "x-rate-limit",
    ]);
    expect(operation.security).toEqual([]);
    expect(operation["x-rate-limit"]).toEqual({ perMinute: 10 });
    expect(operation.operationId).toBe("renamePet");
    await expectValidOpenAPI(document);
  });
});

describe("generated operationIds", () => {
  const produced: OpenAPIDocument[] = [];
  afterEach(async () => {
    for (const document of produced.splice(0)) await expectValidOpenAPI(document);
  });
  const ids = (paths: Record<string, RouteShorthand>) => {
    const document = openapi({ info, paths });
    produced.push(document);
    return Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => (op as { operationId: string }).operationId));
  };

  it("come from the method and the path, parameters as By<Name>", () => {
    expect(ids({ "GET /": {}, "GET /users": {}, "GET /users/{id}": {}, "POST /users/:userId/blog-posts": {}, "DELETE /v1/files/{file_name}.json": {} })).toEqual([
      "getRoot", "getUsers", "getUsersById", "postUsersByUserIdBlogPosts", "deleteV1FilesByFileNameJson",
    ]);
  });

  it("stay unique: a clash gets a number, and explicit ids are never taken", () => {
    expect(ids({ "GET /a-b": {}, "GET /a/b": {} })).toEqual(["getAB", "getAB2"]);
    expect(ids({ "GET /a": {}, "POST /b": { operationId: "getA" } })).toEqual(["getA2", "getA"]);
  });

  it("are stable: the same routes give the same ids", () => {
    const paths = { "GET /x/{y}": {}, "PUT /x/{y}": {} };
    expect(ids(paths)).toEqual(ids(paths));
  });

  it("explicit duplicates are DUPLICATE_PATH naming both routes", () => {
    const error = catchError(() => ids({ "GET /a": { operationId: "same" }, "GET /b": { operationId: "same" } }));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toBe('paths["GET /b"]: operationId "same" is already used by paths["GET /a"]');
  });
});

describe("security requirements", () => {
  const base = (overrides: Partial<SpecloomDefinition>): SpecloomDefinition => ({ info, paths: { "GET /a": {} }, ...overrides });

  it("must name a declared scheme, at the root or on an operation", () => {
    const root = catchError(() => openapi(base({ security: [{ oauth: ["read"] }] })));
    expect(root.code).toBe("INVALID_DEFINITION");
    expect(root.message).toBe('security[0]: the security requirement names "oauth", which components.securitySchemes does not declare (none are declared)');
    const operation = catchError(() => openapi(base({ securitySchemes: { key: { type: "apiKey", name: "k", in: "query" } }, paths: { "GET /a": { security: [{ token: [] }] } } })));
    expect(operation.message).toBe('paths["GET /a"].security[0]: the security requirement names "token", which components.securitySchemes does not declare (declared: key)');
  });

  it("is checked after plugins run, so a plugin may declare the scheme", async () => {
    const document = openapi(
      base({
        security: [{ token: [] }],
        plugins: [
          {
            name: "declare-token",
            transformDocument: (doc) => ({ ...doc, components: { ...doc.components, securitySchemes: { token: { type: "http", scheme: "bearer" } } } }),
          },
        ],
      }),
    );
    expect(document.components?.securitySchemes).toEqual({ token: { type: "http", scheme: "bearer" } });
    await expectValidOpenAPI(document);
  });
});

describe("route fields that do not exist", () => {
  it("are INVALID_DEFINITION naming the field", () => {
    const error = catchError(() => openapi({ info, paths: { "GET /a": { summery: "typo" } as never } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(/^paths\["GET \/a"\]\.summery: unknown field of a route \(expected query, querystring, params/);
  });

  it("reject wrong value types with the path of the value", () => {
    expect(catchError(() => openapi({ info, paths: { "GET /a": { tags: "pets" } as never } })).message).toBe('paths["GET /a"].tags: expected an array of strings, found the string "pets"');
    expect(catchError(() => openapi({ info, paths: { "GET /a": { deprecated: "yes" } as never } })).message).toBe('paths["GET /a"].deprecated: expected a boolean, found the string "yes"');
  });
});
