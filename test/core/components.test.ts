import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAPI, openapi, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI, isDeepFrozen, isNothingFrozen } from "../helpers/document";
import { catchError } from "../helpers/errors";
import { allVersions, forms } from "../fixtures/definition-forms";

const info = { title: "Components", version: "1" };

describe.each(forms)("reusable components ($name)", (lib) => {
  const definition = (version: (typeof allVersions)[number]): SpecloomDefinition => ({
    openapi: version,
    info,
    parameters: { PageSize: { name: "pageSize", in: "query", schema: lib.pageSize, description: "Items per page" } },
    responses: { Event: { description: "An event", schema: lib.event, headers: lib.rateHeaders } },
    requestBodies: { Subscribe: { schema: lib.subscription, description: "Where to call" } },
    headers: { RateLimit: { schema: lib.pageSize, description: "Requests left" } },
    examples: { Hello: { summary: "A hello event", value: { event: "hello", at: "now" } } },
    links: { Events: { operationId: "listEvents", parameters: { pageSize: "$request.query.pageSize" } } },
    callbacks: { Notify: { "POST {$request.body#/callbackUrl}": { body: lib.event, 204: null } } },
    paths: {
      "GET /events": {
        operationId: "listEvents",
        parameters: ["PageSize"],
        200: { schema: lib.event, examples: { hello: "Hello" }, links: { more: "Events" }, headers: { "X-Rate-Limit": "RateLimit" } },
        "4XX": "Event",
      },
      "POST /subscriptions": { body: "Subscribe", callbacks: { notify: "Notify" }, 201: "Event" },
    },
  });

  it.each(allVersions)("writes each kind under components and a $ref where a route names it (%s)", async (version) => {
    const document = openapi(definition(version));
    const components = document.components ?? {};
    // OpenAPI 3.2 lists the component kinds in this order.
    expect(Object.keys(components)).toEqual(["responses", "parameters", "examples", "requestBodies", "headers", "links", "callbacks"]);
    expect(components.parameters?.PageSize).toMatchObject({ name: "pageSize", in: "query", description: "Items per page", schema: { type: "integer", minimum: 1, maximum: 100 } });
    expect(components.responses?.Event).toMatchObject({ description: "An event", headers: { "X-Rate-Limit": { required: true, description: "Requests left" } } });
    expect(components.requestBodies?.Subscribe).toMatchObject({ description: "Where to call", required: true, content: { "application/json": { schema: { type: "object" } } } });
    const list = document.paths["/events"]?.get;
    expect(list?.parameters).toEqual([{ $ref: "#/components/parameters/PageSize" }]);
    expect(list?.responses?.["4XX"]).toEqual({ $ref: "#/components/responses/Event" });
    expect(list?.responses?.["200"]).toMatchObject({ content: { "application/json": { examples: { hello: { $ref: "#/components/examples/Hello" } } } }, links: { more: { $ref: "#/components/links/Events" } } });
    const subscribe = document.paths["/subscriptions"]?.post;
    expect(subscribe?.requestBody).toEqual({ $ref: "#/components/requestBodies/Subscribe" });
    expect(subscribe?.callbacks).toEqual({ notify: { $ref: "#/components/callbacks/Notify" } });
    await expectValidOpenAPI(document);
    expect(isDeepFrozen(document)).toBe(true);
  });

  it.each(allVersions)("registers each kind through the builder, to the same document (%s)", (version) => {
    const d = definition(version);
    const api = new OpenAPI({ openapi: version, info })
      .parameter("PageSize", d.parameters?.PageSize as never)
      .response("Event", d.responses?.Event as never)
      .requestBody("Subscribe", d.requestBodies?.Subscribe as never)
      .header("RateLimit", d.headers?.RateLimit as never)
      .example("Hello", d.examples?.Hello as never)
      .link("Events", d.links?.Events as never)
      .callback("Notify", d.callbacks?.Notify as never)
      .route("GET /events", d.paths["GET /events"] as never)
      .route("POST /subscriptions", d.paths["POST /subscriptions"] as never);
    expect(api.document()).toEqual(openapi(d));
  });
});

describe("reusable components: what is refused", () => {
  it.each([
    [{ parameters: { P: { name: "id", in: "path", schema: z.string() } } }, 'parameters.P.required: a path parameter is required'],
    [{ parameters: { P: { name: "q", in: "query", schema: z.string(), nope: 1 } } }, 'parameters.P.nope: unknown field of a Parameter object'],
    [{ parameters: { "a b": { name: "q", in: "query", schema: z.string() } } }, '"a b" is not a valid component name'],
    [{ responses: { R: { schema: z.string() } } }, 'responses.R.description: a reusable response needs a description'],
    [{ responses: { R: z.string() } }, 'responses.R: expected a response shorthand or ResponseObject with a description'],
    [{ headers: { H: { description: "no schema" } } }, 'headers.H: a Header needs a schema'],
    [{ links: { L: { operationId: "a", operationRef: "#/paths/~1a/get" } } }, 'links.L.operationId: a Link has an operationRef or an operationId, not both'],
    [{ examples: { E: { value: 1, externalValue: "https://e.example/x" } } }, 'examples.E.externalValue'],
    [{ parameters: [] }, "parameters: expected a map of names to parameters"],
  ])("refuses %j naming the place", (components, message) => {
    const error = catchError(() => openapi({ info, ...(components as object), paths: { "GET /a": {} } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toContain(message);
  });

  it("refuses a name two kinds cannot tell apart: a status naming both a response and a schema", () => {
    const error = catchError(() => openapi({ info, schemas: { Pet: z.object({ id: z.string() }) }, responses: { Pet: { description: "A pet" } }, paths: { "GET /a": { 200: "Pet" } } }));
    expect(error.message).toBe('paths["GET /a"][200]: "Pet" names both a registered response and a registered schema; write { $ref: "#/components/responses/Pet" } or the schema itself');
  });

  it("refuses a name no parameter registers, naming the list entry", () => {
    const error = catchError(() => openapi({ info, paths: { "GET /a": { parameters: ["Nope"] } } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toMatch(/^paths\["GET \/a"\]\.parameters\[0\]: "Nope" names no registered parameter/);
  });

  it("refuses a builder name at the line that registers it, and the same name twice when the document is built", () => {
    expect(catchError(() => new OpenAPI({ info }).parameter("a/b", { name: "q", in: "query", schema: z.string() })).message).toMatch(/parameter\("a\/b"\): "a\/b" is not a valid component name/);
    const api = new OpenAPI({ info }).example("E", { value: 1 }).example("E", { value: 2 });
    expect(catchError(() => api.document()).message).toMatch(/example\("E"\): the example name "E" is already registered at .*example\("E"\)/);
  });

  it("keeps components called __proto__ and constructor as names, and leaves the caller's objects unfrozen", async () => {
    const examples = { ["__proto__"]: { value: 1 }, constructor: { value: 2 } };
    const definition: SpecloomDefinition = { info, examples, paths: { "GET /a": { 200: { schema: z.number(), examples: { one: "__proto__", two: "constructor" } } } } };
    const document = openapi(definition);
    expect(Object.keys(document.components?.examples ?? {})).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(document.components?.examples)).toBe(Object.prototype);
    expect(isNothingFrozen(examples)).toBe(true);
    await expectValidOpenAPI(document);
  });

  it("checks every $ref a component holds, written by the caller", () => {
    const error = catchError(() => openapi({ info, parameters: { P: { $ref: "#/components/parameters/Gone" } }, paths: { "GET /a": { parameters: ["P"] } } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toContain('$ref "#/components/parameters/Gone" points to nothing in the document');
  });
});

describe("reusable components: how they meet the rest", () => {
  it("writes no plain path parameter for one a registered parameter declares", async () => {
    const document = openapi({
      info,
      parameters: { Id: { name: "id", in: "path", required: true, schema: z.string().uuid() } },
      paths: { "GET /things/{id}": { parameters: ["Id"], 200: null } },
    });
    expect(document.paths["/things/{id}"]?.get?.parameters).toEqual([{ $ref: "#/components/parameters/Id" }]);
    await expectValidOpenAPI(document);
  });

  it("keeps what the builder registered as it was when registered", () => {
    const example = { summary: "First", value: 1 };
    const api = new OpenAPI({ info }).example("E", example).route("GET /a", { 200: { schema: z.number(), examples: { e: "E" } } });
    example.summary = "Changed";
    expect(api.document().components?.examples?.E).toEqual({ summary: "First", value: 1 });
    expect(isNothingFrozen(example)).toBe(true);
  });

  it("lets transformSchema visit the schemas of components, callbacks, a path's parameters and headers from a schema", async () => {
    const seen: string[] = [];
    const document = openapi({
      info,
      parameters: { Size: { name: "size", in: "query", schema: z.number() } },
      paths: {
        "/a/{id}": { params: z.object({ id: z.string() }) },
        "POST /a/{id}": {
          parameters: ["Size"],
          callbacks: { done: { "POST {$request.body#/url}": { body: z.object({ ok: z.boolean() }), 204: null } } },
          200: { headers: z.object({ "X-Count": z.number() }) },
        },
      },
      plugins: [{ name: "mark", transformSchema: (schema, context) => (seen.push(context.location), { ...schema, "x-seen": true }) }],
    });
    expect(seen.sort()).toEqual(["body", "header", "path", "query"]);
    expect(document.components?.parameters?.Size).toMatchObject({ schema: { type: "number", "x-seen": true } });
    expect(isDeepFrozen(document)).toBe(true);
    await expectValidOpenAPI(document);
  });
});

it("tells a builder caller who passes components as options which method registers them", () => {
  expect(catchError(() => new OpenAPI({ info, parameters: {} } as never)).message).toContain("register parameters with .parameter()");
  expect(catchError(() => new OpenAPI({ info, requestBodies: {} } as never)).message).toContain("register requestBodies with .requestBody()");
});
