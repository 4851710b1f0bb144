import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, OpenAPI, type RouteShorthand, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError, libraries, versions } from "../fixtures/libraries";

describe.each(libraries)("the OpenAPI builder with $name", (lib) => {
  it.each(versions)("builds the same document as openapi() from equal inputs (%s)", async (version) => {
    const options = {
      openapi: version,
      info: { title: "Same", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      securitySchemes: { key: { type: "apiKey" as const, name: "key", in: "query" as const } },
      security: [{ key: [] }],
      tags: [{ name: "pets" }],
    };
    const definition: SpecloomDefinition = {
      ...options,
      schemas: { Pet: lib.pet },
      paths: {
        "GET /pets": { query: lib.listQuery, 200: lib.petList },
        "POST /pets": { body: lib.newPet, 201: "Pet" },
        "GET /pets/{petId}": { params: lib.petParams, headers: lib.requestHeaders, cookies: lib.cookies, 200: lib.pet, 404: null },
      },
      ...(version === "3.1.0" ? { webhooks: { "POST petAdopted": { body: lib.pet } } } : {}),
    };
    const api = new OpenAPI(options)
      .schema("Pet", lib.pet)
      .route("GET /pets", { query: lib.listQuery, 200: lib.petList })
      .route("POST", "/pets", { body: lib.newPet, 201: "Pet" })
      .route("get", "/pets/:petId", { params: lib.petParams, headers: lib.requestHeaders, cookies: lib.cookies, 200: lib.pet, 404: null });
    if (version === "3.1.0") api.webhook("POST", "petAdopted", { body: lib.pet });
    const built = api.document();
    expect(JSON.stringify(built)).toBe(JSON.stringify(openapi(definition)));
    await expectValidOpenAPI(built);
  });
});

describe("OpenAPI builder", () => {
  const info = { title: "Builder", version: "1" };

  it("returns itself from schema(), route() and webhook() so calls chain", () => {
    const api = new OpenAPI({ info });
    expect(api.schema("S", z.string())).toBe(api);
    expect(api.route("GET /a", {})).toBe(api);
    expect(api.webhook("POST hook", {})).toBe(api);
    expect(api.webhook("POST", "other", {})).toBe(api);
  });

  it("takes webhooks in its options and through webhook('POST name')", async () => {
    const document = new OpenAPI({ info, webhooks: { "POST first": {} } }).webhook("PUT second", {}).document();
    expect(Object.keys(document.webhooks ?? {})).toEqual(["first", "second"]);
    await expectValidOpenAPI(document);
  });

  it("orders webhooks given as options after every path, as openapi() does, so generated names agree", async () => {
    // "POST newPet" and "POST /newPet" both want the operationId postNewPet: the path,
    // which openapi() builds first, gets it, and the webhook gets postNewPet2.
    const webhooks = { "POST newPet": { body: z.object({ name: z.string() }) } };
    const route = { body: z.object({ name: z.string() }), 201: null };
    const built = new OpenAPI({ info, webhooks }).route("POST /newPet", route).document();
    const declared = openapi({ info, webhooks, paths: { "POST /newPet": route } });
    expect(JSON.stringify(built)).toBe(JSON.stringify(declared));
    expect(built.paths["/newPet"]?.post?.operationId).toBe("postNewPet");
    expect(built.webhooks?.newPet?.post?.operationId).toBe("postNewPet2");
    await expectValidOpenAPI(built);
  });

  it("keeps its own copy of options and routes: changing the caller's objects afterwards changes nothing", async () => {
    const options = { info: { title: "Before", version: "1" }, tags: [{ name: "pets" }] };
    const route = { tags: ["pets"], summary: "List", 200: z.array(z.string()) };
    const api = new OpenAPI(options).route("GET /pets", route);
    options.info.title = "After";
    options.tags.push({ name: "late" });
    route.tags.push("late");
    route.summary = "Changed";
    const document = api.document();
    expect(document.info.title).toBe("Before");
    expect(document.tags).toEqual([{ name: "pets" }]);
    expect(document.paths["/pets"]?.get).toMatchObject({ tags: ["pets"], summary: "List" });
    await expectValidOpenAPI(document);
  });

  it("names the line that added a route when one of its values is not JSON", () => {
    const api = new OpenAPI({ info }).route("GET /a", { "x-handler": () => 1 } as unknown as RouteShorthand);
    const error = catchError(() => api.document());
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(/builder\.test\.ts:\d+:\d+ route\("GET \/a"\)\["x-handler"\]/);
  });

  it("judges values as openapi() does: a Date where a string belongs fails alike", () => {
    const when = new Date(0);
    const fromOpenAPI = catchError(() => openapi({ info: { title: when as never, version: "1" }, paths: {} }));
    const fromBuilder = catchError(() => new OpenAPI({ info: { title: when as never, version: "1" } }).document());
    expect(fromBuilder.message).toBe(fromOpenAPI.message);
    expect(fromBuilder.location).toBe("info.title");
    const summary = { summary: when as never, 200: null };
    const routeError = catchError(() => openapi({ info, paths: { "GET /a": summary } }));
    expect(catchError(() => new OpenAPI({ info }).route("GET /a", summary).document()).message.endsWith(routeError.message.slice(routeError.location.length))).toBe(true);
  });

  it("can be asked for the document again after more routes are added", async () => {
    const api = new OpenAPI({ info }).route("GET /a", { 200: z.string() });
    const first = api.document();
    expect(api.document()).toBe(first);
    api.route("GET /b", { 200: z.number() });
    const second = api.document();
    expect(Object.keys(first.paths)).toEqual(["/a"]);
    expect(Object.keys(second.paths)).toEqual(["/a", "/b"]);
    await expectValidOpenAPI(first);
    await expectValidOpenAPI(second);
  });

  it("keeps what a route was when it was added: later changes to the caller's object do not reach the document", async () => {
    const route: RouteShorthand = { summary: "Before", 200: z.string() };
    const api = new OpenAPI({ info }).route("GET /a", route);
    route.summary = "After";
    route[404] = null;
    const document = api.document();
    const operation = document.paths["/a"]?.get;
    expect(operation?.summary).toBe("Before");
    expect(Object.keys(operation?.responses ?? {})).toEqual(["200"]);
    await expectValidOpenAPI(document);
  });

  it("rejects a name registered to a different schema with DUPLICATE_SCHEMA naming it, and accepts the same pair twice", () => {
    const Pet = z.object({ id: z.number() });
    const api = new OpenAPI({ info }).schema("Pet", Pet).schema("Pet", Pet);
    const error = catchError(() => api.schema("Pet", z.object({ name: z.string() })));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toMatch(/schema\("Pet"\): the name "Pet" is already registered to a different schema at .*builder\.test\.ts:\d+:\d+ schema\("Pet"\)/);
  });

  it("rejects an invalid component name and a value that is not a schema at the call", () => {
    expect(catchError(() => new OpenAPI({ info }).schema("my pet", z.string())).code).toBe("INVALID_DEFINITION");
    const notSchema = catchError(() => new OpenAPI({ info }).schema("Pet", { type: "object" } as never));
    expect(notSchema.code).toBe("INVALID_DEFINITION");
    expect(notSchema.message).toContain("expected a Standard JSON Schema");
  });

  it("refuses webhooks when the builder writes 3.0.3, and paths/schemas in its options", () => {
    const api = new OpenAPI({ info, openapi: "3.0.3" });
    const error = catchError(() => api.webhook("POST x", {}));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toContain("webhooks need OpenAPI 3.1.0");
    expect(catchError(() => new OpenAPI({ info, paths: {} } as never)).message).toContain("add routes with .route()");
  });

  it("names the line that added a route when document() finds a problem in it", () => {
    const api = new OpenAPI({ info }).route("GET /x", { 200: "Missing" });
    const error = catchError(() => api.document());
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toMatch(/^.*builder\.test\.ts:\d+:\d+ route\("GET \/x"\)\[200\]: "Missing" names no registered response or schema/);
  });
});
