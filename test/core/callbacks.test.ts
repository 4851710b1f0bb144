import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAPI, openapi, type OperationObject, type PathItemObject, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI, isDeepFrozen } from "../helpers/document";
import { catchError } from "../helpers/errors";
import { allVersions, forms } from "../fixtures/definition-forms";

const info = { title: "Callbacks", version: "1" };
const URL_KEY = "POST {$request.body#/callbackUrl}";

describe.each(forms)("callbacks ($name)", (lib) => {
  const definition = (version: (typeof allVersions)[number]): SpecloomDefinition => ({
    openapi: version,
    info,
    callbacks: { Ping: { "GET {$request.body#/callbackUrl}/ping": { 204: null } } },
    paths: {
      "POST /subscriptions": {
        body: lib.subscription,
        callbacks: { onEvent: { [URL_KEY]: { body: lib.event, 204: null } }, ping: "Ping" },
        201: lib.subscription,
      },
    },
  });

  it.each(allVersions)('converts the schemas of a callback\'s operations like any route\'s ("a map of possible out-of band callbacks related to the parent operation") (%s)', async (version) => {
    const document = openapi(definition(version));
    const operation = document.paths["/subscriptions"]?.post as OperationObject;
    const callback = operation.callbacks?.onEvent as Record<string, PathItemObject>;
    const event = callback["{$request.body#/callbackUrl}"]?.post as OperationObject;
    expect(event.operationId).toBe("postSubscriptionsOnEvent");
    expect(event.requestBody).toMatchObject({ required: true, content: { "application/json": { schema: { type: "object", properties: { event: { type: "string" }, at: { type: "string" } } } } } });
    expect(event.responses).toEqual({ 204: { description: "No Content" } });
    expect(operation.callbacks?.ping).toEqual({ $ref: "#/components/callbacks/Ping" });
    expect(document.components?.callbacks?.Ping).toEqual({ "{$request.body#/callbackUrl}/ping": { get: { operationId: "ping", responses: { 204: { description: "No Content" } } } } });
    await expectValidOpenAPI(document);
    expect(isDeepFrozen(document)).toBe(true);
  });

  it.each(allVersions)("builds the same document through the builder (%s)", (version) => {
    const { paths, callbacks, ...options } = definition(version);
    const api = new OpenAPI(options).callback("Ping", callbacks?.Ping as never).route("POST /subscriptions", paths["POST /subscriptions"] as never);
    expect(api.document()).toEqual(openapi(definition(version)));
  });
});

describe("callbacks: what is refused", () => {
  const build = (callbacks: unknown, extra: Partial<SpecloomDefinition> = {}) => openapi({ info, ...extra, paths: { "POST /s": { callbacks: callbacks as never, 201: null } } });

  it("names the exact place of an unknown field in a callback's route", () => {
    const error = catchError(() => build({ onEvent: { [URL_KEY]: { bodyy: z.string() } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(/^paths\["POST \/s"\]\.callbacks\.onEvent\["POST \{\$request\.body#\/callbackUrl\}"\]\.bodyy: unknown field of a route/);
  });

  it.each([
    [{ onEvent: "Nope" }, "SCHEMA_RESOLUTION_FAILED", 'paths["POST /s"].callbacks.onEvent: "Nope" names no registered callback (no callbacks are registered)'],
    [{ onEvent: { "{$request.body#/url}": {} } }, "INVALID_ROUTE_KEY", 'paths["POST /s"].callbacks.onEvent["{$request.body#/url}"]: callback key'],
    [{ onEvent: { "FETCH {$request.body#/url}": {} } }, "INVALID_ROUTE_KEY", "the method FETCH needs OpenAPI 3.2.0"],
    [{ onEvent: { [URL_KEY]: { callbacks: {} } } }, "INVALID_DEFINITION", "a callback's operation cannot declare callbacks of its own"],
    [{ onEvent: [] }, "INVALID_DEFINITION", 'paths["POST /s"].callbacks.onEvent: expected a callback'],
    [[], "INVALID_DEFINITION", 'paths["POST /s"].callbacks: expected a map of callback names'],
  ])("refuses %j", (callbacks, code, message) => {
    const error = catchError(() => build(callbacks));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('refuses an operationId a route already has ("unique among all operations described in the API")', () => {
    const error = catchError(() => openapi({ info, paths: { "GET /a": {}, "POST /s": { callbacks: { onEvent: { [URL_KEY]: { operationId: "getA" } } } } } }));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toContain('callbacks.onEvent["POST {$request.body#/callbackUrl}"].operationId: operationId "getA" is already used');
  });

  it("makes a callback operation's id around the ids later callbacks give themselves", async () => {
    const document = openapi({
      info,
      paths: {
        "POST /s": { callbacks: { onEvent: { [URL_KEY]: { 204: null } } } },
        "POST /t": { callbacks: { onEvent: { [URL_KEY]: { operationId: "postSOnEvent", 204: null } } } },
      },
    });
    const idOf = (path: string) => (document.paths[path]?.post?.callbacks?.onEvent as Record<string, PathItemObject>)["{$request.body#/callbackUrl}"]?.post?.operationId;
    expect([idOf("/s"), idOf("/t")]).toEqual(["postSOnEvent2", "postSOnEvent"]);
    await expectValidOpenAPI(document);
  });

  it("keeps a callback called __proto__ as a name, and the caller's objects unchanged and unfrozen", async () => {
    const route = { callbacks: { ["__proto__"]: { [URL_KEY]: { 204: null } } }, 201: null };
    const document = openapi({ info, paths: { "POST /s": route } });
    const callbacks = document.paths["/s"]?.post?.callbacks as object;
    expect(Object.keys(callbacks)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(callbacks)).toBe(Object.prototype);
    expect(Object.isFrozen(route.callbacks)).toBe(false);
    expect(Object.keys(route.callbacks.__proto__)).toEqual([URL_KEY]);
    await expectValidOpenAPI(document);
  });

  it("checks a callback operation's security requirement against the declared schemes", () => {
    const error = catchError(() => build({ onEvent: { [URL_KEY]: { security: [{ nope: [] }] } } }));
    expect(error.message).toContain('the security requirement names "nope"');
  });
});

describe("a callback's request body is what the API sends", () => {
  // A default makes `at` optional in what a client sends (input) and always there in what the API sends (output).
  const Event = z.object({ event: z.string(), at: z.string().default("now") });

  it.each(allVersions)("is written in the schema's output form, where the route's own body is in its input form (%s)", async (version) => {
    const document = openapi({
      openapi: version,
      info,
      paths: { "POST /subscriptions": { body: Event, callbacks: { onEvent: { [URL_KEY]: { body: Event, 204: null } } }, 201: null } },
    });
    await expectValidOpenAPI(document);
    const operation = document.paths["/subscriptions"]?.post as OperationObject;
    const sent = (operation.callbacks?.onEvent as Record<string, PathItemObject>)["{$request.body#/callbackUrl}"]?.post as OperationObject;
    const schemaOf = (body: unknown) => (body as { content: Record<string, { schema: { required?: string[] } }> }).content["application/json"]?.schema;
    expect(schemaOf(sent.requestBody)?.required).toEqual(["event", "at"]);
    expect(schemaOf(operation.requestBody)?.required).toEqual(["event"]);
  });

  it("registered, the callback's body is the component and the route's body its input form", () => {
    const document = openapi({ info, schemas: { Event }, paths: { "POST /subscriptions": { body: Event, callbacks: { onEvent: { [URL_KEY]: { body: Event, 204: null } } }, 201: null } } });
    const operation = document.paths["/subscriptions"]?.post as OperationObject;
    const sent = (operation.callbacks?.onEvent as Record<string, PathItemObject>)["{$request.body#/callbackUrl}"]?.post as OperationObject;
    expect(sent.requestBody).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/Event" } } } });
    expect(operation.requestBody).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/EventInput" } } } });
  });
});
