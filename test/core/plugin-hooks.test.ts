import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, OpenAPI, SpecloomError, type SpecloomPlugin } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError, versions } from "../fixtures/libraries";

const info = { title: "Hooks", version: "1" };

describe("plugin hooks", () => {
  it.each(versions)("run in array order: transformRoute on every route and webhook before expansion, then transformDocument (%s)", async (version) => {
    const log: string[] = [];
    const tagger = (name: string): SpecloomPlugin => ({
      name,
      transformRoute: (route) => {
        log.push(`${name} route ${route.method} ${route.path}`);
        return { ...route, tags: [...(route.tags ?? []), name], 500: { description: "Server error" } };
      },
      transformDocument: (document) => {
        log.push(`${name} document`);
        return document;
      },
    });
    const document = openapi({
      openapi: version,
      info,
      plugins: [tagger("first"), tagger("second")],
      paths: { "GET /a": {}, "POST /b": {} },
      ...(version === "3.1.0" ? { webhooks: { "POST hook": {} } } : {}),
    });
    expect(log).toEqual([
      "first route get /a", "second route get /a",
      "first route post /b", "second route post /b",
      ...(version === "3.1.0" ? ["first route post hook", "second route post hook"] : []),
      "first document", "second document",
    ]);
    // Routes were changed before they became operations: tags and the added response are there.
    expect(document.paths["/a"]?.get?.tags).toEqual(["first", "second"]);
    expect(document.paths["/a"]?.get?.responses?.["500"]).toEqual({ description: "Server error" });
    await expectValidOpenAPI(document);
  });

  it("transformRoute may change the path; the new path is checked and used", async () => {
    const prefix: SpecloomPlugin = { name: "prefix", transformRoute: (route) => ({ ...route, path: `/v1${route.path}` }) };
    const prefixed = openapi({ info, plugins: [prefix], paths: { "GET /a/:id": {} } });
    expect(Object.keys(prefixed.paths)).toEqual(["/v1/a/{id}"]);
    await expectValidOpenAPI(prefixed);
    const broken: SpecloomPlugin = { name: "broken", transformRoute: (route) => ({ ...route, path: "no-slash" }) };
    const brokenPath = catchError(() => openapi({ info, plugins: [broken], paths: { "GET /a": {} } }));
    expect(brokenPath.code).toBe("INVALID_ROUTE_KEY");
    expect(brokenPath.message).toBe('plugin "broken" (transformRoute) on paths["GET /a"]: path "no-slash" must start with "/"');
    const badMethod: SpecloomPlugin = { name: "fetcher", transformRoute: (route) => ({ ...route, method: "fetch" as never }) };
    const brokenMethod = catchError(() => openapi({ info, plugins: [prefix, badMethod], paths: { "GET /a": {} } }));
    expect(brokenMethod.code).toBe("INVALID_ROUTE_KEY");
    expect(brokenMethod.location).toBe('plugin "fetcher" (transformRoute) on paths["GET /a"]');
    const collapse: SpecloomPlugin = { name: "collapse", transformRoute: (route) => ({ ...route, path: "/same" }) };
    expect(catchError(() => openapi({ info, plugins: [collapse], paths: { "GET /a": {}, "GET /b": {} } })).code).toBe("DUPLICATE_PATH");
  });

  it("transformSchema sees request body and response schemas with their location", async () => {
    const seen: string[] = [];
    const describeAll: SpecloomPlugin = {
      name: "describe",
      transformSchema: (schema, context) => {
        seen.push(context.location);
        return { ...schema, description: `a ${context.location}` };
      },
    };
    const document = openapi({ info, plugins: [describeAll], paths: { "POST /a": { body: z.object({ x: z.string() }), 200: z.string() } } });
    expect(seen.sort()).toEqual(["body", "response"]);
    expect(document.paths["/a"]?.post?.requestBody).toMatchObject({ content: { "application/json": { schema: { description: "a body" } } } });
    await expectValidOpenAPI(document);
  });

  it("the builder runs the same hooks", async () => {
    const plugin: SpecloomPlugin = { name: "tag", transformRoute: (route) => ({ ...route, tags: ["t"] }) };
    const document = new OpenAPI({ info, plugins: [plugin] }).route("GET /a", {}).document();
    expect(document.paths["/a"]?.get?.tags).toEqual(["t"]);
    await expectValidOpenAPI(document);
  });

  describe("failures", () => {
    const failing = (plugin: SpecloomPlugin) => catchError(() => openapi({ info, plugins: [plugin], paths: { "GET /a": { 200: z.string() } } }));

    it("a hook that throws is a SpecloomError naming the plugin, the hook and the subject, with the original as cause", () => {
      const original = new Error("boom");
      const error = failing({ name: "exploder", transformRoute: () => { throw original; } });
      expect(error).toBeInstanceOf(SpecloomError);
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toBe('plugin "exploder" (transformRoute) on GET /a: threw: boom');
      expect(error.cause).toBe(original);
    });

    it.each([
      ["transformRoute", { transformRoute: () => null }, "returned null, not an object"],
      ["transformSchema", { transformSchema: () => "string" }, 'returned the string "string", not an object'],
      ["transformDocument", { transformDocument: () => undefined }, "returned undefined, not an object"],
      ["transformDocument", { transformDocument: () => Promise.resolve({}) }, "returned a Promise; hooks are synchronous"],
      ["transformDocument", { transformDocument: () => ({ openapi: "3.1.0" }) }, "returned an object that is not an OpenAPI document"],
    ])("%s returning something that is not its result is an error naming it", (hook, hooks, message) => {
      const error = failing({ name: "bad", ...(hooks as object) } as SpecloomPlugin);
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toContain(`plugin "bad" (${hook})`);
      expect(error.message).toContain(message);
    });

    it("a plugin without a name, or with a hook that is not a function, is rejected", () => {
      expect(catchError(() => openapi({ info, plugins: [{} as SpecloomPlugin], paths: {} })).message).toBe("plugins[0].name: a plugin needs a non-empty string name, found undefined");
      expect(catchError(() => openapi({ info, plugins: [{ name: "x", transformRoute: 1 } as never], paths: {} })).message).toBe('plugin "x" (transformRoute): expected a function, found a number (1)');
    });

    it("a transformDocument result that breaks a $ref is caught", () => {
      const error = failing({
        name: "dangling",
        transformDocument: (doc) => ({ ...doc, paths: { "/a": { get: { responses: { 200: { $ref: "#/components/responses/Gone" } } } } } }),
      });
      expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
      // The operation is the one the route "GET /a" made, so the message names the route.
      expect(error.message).toBe('paths["GET /a"].responses[200].$ref: $ref "#/components/responses/Gone" points to nothing in the document');
    });
  });
});
