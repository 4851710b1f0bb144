import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAPI, openapi, type ParameterObject, type ResponseObject } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";
import { allVersions, forms } from "../fixtures/definition-forms";

const info = { title: "Shorthands", version: "1" };

describe.each(forms)("open shorthands ($name)", (lib) => {
  it.each(allVersions)("takes links and x- keys in a response shorthand and x- keys in a body shorthand (%s)", async (version) => {
    const route = {
      operationId: "createSubscription",
      body: { schema: lib.subscription, "x-codegen": { name: "Subscription" } },
      201: {
        schema: lib.event,
        links: { self: { operationId: "getSubscription", parameters: { id: "$response.body#/event" } }, list: { operationRef: "#/paths/~1subscriptions/post" } },
        "x-cache": "no-store",
      },
    };
    const document = openapi({ openapi: version, info, paths: { "POST /subscriptions": route, "GET /subscriptions/{id}": { operationId: "getSubscription", 200: lib.event } } });
    const operation = document.paths["/subscriptions"]?.post;
    expect(operation?.requestBody).toMatchObject({ required: true, "x-codegen": { name: "Subscription" } });
    const response = operation?.responses?.["201"] as ResponseObject;
    // The Response Object's field order: description, headers, content, links; extensions last.
    expect(Object.keys(response)).toEqual(["description", "content", "links", "x-cache"]);
    expect(response.links).toEqual({ self: { operationId: "getSubscription", parameters: { id: "$response.body#/event" } }, list: { operationRef: "#/paths/~1subscriptions/post" } });
    await expectValidOpenAPI(document);
    const built = new OpenAPI({ openapi: version, info }).route("POST /subscriptions", route).route("GET /subscriptions/{id}", { operationId: "getSubscription", 200: lib.event }).document();
    expect(built).toEqual(document);
  });

  it.each(allVersions)("writes a parameter given whole, with x- keys and a named, summarised examples map (%s)", async (version) => {
    const document = openapi({
      openapi: version,
      info,
      paths: {
        "GET /events": {
          query: z.object({ q: z.string().optional() }),
          parameters: [{ name: "pageSize", in: "query", schema: lib.pageSize, examples: { small: { summary: "A small page", value: 10 }, large: { summary: "The largest page", value: 100 } }, "x-internal": true }],
          200: null,
        },
      },
    });
    const parameters = document.paths["/events"]?.get?.parameters as ParameterObject[];
    expect(parameters.map((p) => p.name)).toEqual(["q", "pageSize"]);
    expect(parameters[1]).toEqual({
      name: "pageSize",
      in: "query",
      schema: expect.objectContaining({ type: "integer", minimum: 1, maximum: 100 }),
      examples: { small: { summary: "A small page", value: 10 }, large: { summary: "The largest page", value: 100 } },
      "x-internal": true,
    });
    await expectValidOpenAPI(document);
  });
});

describe("links name operations that exist", () => {
  it('refuses a link whose operationId no operation has ("the name of an existing, resolvable OAS operation")', () => {
    const error = catchError(() => openapi({ info, paths: { "GET /a": { 200: { links: { next: { operationId: "getB" } } } } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe('paths["GET /a"].responses[200].links.next.operationId: the link names the operationId "getB", which no operation of the document has');
  });

  it("refuses an operationRef fragment that points nowhere, and a registered link naming no operation", () => {
    expect(catchError(() => openapi({ info, paths: { "GET /a": { 200: { links: { next: { operationRef: "#/paths/~1b/get" } } } } } })).message).toContain('the link\'s operationRef "#/paths/~1b/get" points to no operation');
    expect(catchError(() => openapi({ info, links: { L: { operationId: "nope" } }, paths: { "GET /a": { 200: { links: { l: "L" } } } } })).message).toBe('components.links.L.operationId: the link names the operationId "nope", which no operation of the document has');
  });

  it("takes a link to an operation of a callback, and one to another document as written", async () => {
    const document = openapi({
      info,
      paths: {
        "POST /s": {
          callbacks: { onEvent: { "POST {$request.body#/url}": { operationId: "deliver", 204: null } } },
          201: { links: { deliver: { operationId: "deliver" }, elsewhere: { operationRef: "https://example.com/openapi.json#/paths/~1x/get" } } },
        },
      },
    });
    await expectValidOpenAPI(document);
  });
});

describe("a $ref in a shorthand's examples is checked, with or without plugins", () => {
  it.each([
    ["response", { 200: { schema: z.string(), examples: { a: { $ref: "#/components/examples/Gone" } } } }, 'paths["GET /a"].responses[200].content["application/json"].examples.a'],
    ["body", { body: { schema: z.string(), examples: { a: { $ref: "#/components/examples/Gone" } } } }, 'paths["GET /a"].requestBody.content["application/json"].examples.a'],
  ])("refuses a %s example's $ref that resolves to nothing (every $ref a caller writes must resolve)", (_kind, route, place) => {
    const error = catchError(() => openapi({ info, paths: { "GET /a": route as never } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toContain(place);
    expect(error.message).toContain('$ref "#/components/examples/Gone" points to nothing in the document');
  });

  it("takes one that resolves to a registered example", async () => {
    const document = openapi({ info, examples: { Hi: { value: "hi" } }, paths: { "GET /a": { 200: { schema: z.string(), examples: { a: { $ref: "#/components/examples/Hi" } } } } } });
    await expectValidOpenAPI(document);
  });
});

describe("every $ref a caller writes is checked", () => {
  it.each([
    ["a link of a response shorthand", { paths: { "GET /a": { 200: { links: { next: { $ref: "#/components/links/Gone" } } } } } }],
    ["a security scheme", { securitySchemes: { key: { $ref: "#/components/securitySchemes/Gone" } }, paths: { "GET /a": {} } }],
    ["a registered link", { links: { L: { $ref: "#/components/links/Gone" } }, paths: { "GET /a": { 200: { links: { l: "L" } } } } }],
    ["a registered callback", { callbacks: { C: { $ref: "#/components/callbacks/Gone" } }, paths: { "POST /a": { callbacks: { c: "C" } } } }],
  ])("in %s", (_where, definition) => {
    const error = catchError(() => openapi({ info, ...(definition as { paths: never }) }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toContain("points to nothing in the document");
  });
});
