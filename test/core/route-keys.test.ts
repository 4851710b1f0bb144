import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, OpenAPI, SpecloomError, type RouteShorthand } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../fixtures/libraries";

const info = { title: "Keys", version: "1" };
const build = (paths: Record<string, RouteShorthand>) => openapi({ info, paths });

describe("route keys", () => {
  it("accepts all eight methods in any case and writes them lowercase", async () => {
    const document = build({
      "GET /r": {}, "put /r": {}, "Post /r": {}, "DELETE /r": {},
      "options /r": {}, "HEAD /r": {}, "patch /r": {}, "TRACE /r": {},
    });
    expect(Object.keys(document.paths["/r"] ?? {})).toEqual(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
    await expectValidOpenAPI(document);
  });

  it("reads {name} and :name as path parameters and always writes {name}", async () => {
    const document = build({
      "GET /users/:userId/posts/{postId}": {},
      "GET /files/{name}.{ext}": {},
      "POST /v1/{name}:cancel": {},
    });
    expect(Object.keys(document.paths)).toEqual(["/users/{userId}/posts/{postId}", "/files/{name}.{ext}", "/v1/{name}:cancel"]);
    const parameters = document.paths["/users/{userId}/posts/{postId}"]?.get?.parameters;
    expect(parameters).toEqual([
      { name: "userId", in: "path", required: true, schema: { type: "string" } },
      { name: "postId", in: "path", required: true, schema: { type: "string" } },
    ]);
    // A colon inside a segment is literal: only `name` is a parameter of the custom-verb path.
    expect(document.paths["/v1/{name}:cancel"]?.post?.parameters?.map((p) => ("name" in p ? p.name : p))).toEqual(["name"]);
    await expectValidOpenAPI(document);
  });

  it.each([
    ["FETCH /users", /the method FETCH needs OpenAPI 3\.2\.0 \(openapi: "3\.2\.0"\); this document is 3\.1\.0/],
    ["GE(T /users", /"GE\(T" is not an HTTP method/],
    ["GET users", /path "users" must start with "\/"/],
    ["GET", /is not of the form "METHOD \/path"/],
    ["GET /users?active=true", /must not contain whitespace, a query string or a fragment/],
    ["GET /users/{id", /unbalanced/],
    ["GET /users/{}", /invalid parameter name ""/],
    ["GET /a/{id}/b/{id}", /declares the parameter "id" twice/],
    ["", /is not of the form "METHOD \/path"/],
    [" GET /users", /is not of the form "METHOD \/path" \(one space between them\)/],
    ["GET /users ", /is not of the form "METHOD \/path"/],
    ["GET  /users", /is not of the form "METHOD \/path"/],
    ["GET\t/users", /is not of the form "METHOD \/path"/],
    ["GET //users", /path "\/\/users" has an empty segment/],
    ["GET /a//b", /has an empty segment/],
    ["GET /a//", /has an empty segment/],
  ])("rejects %j with INVALID_ROUTE_KEY naming the key", (key, message) => {
    const error = catchError(() => build({ [key]: {} }));
    expect(error).toBeInstanceOf(SpecloomError);
    expect(error.code).toBe("INVALID_ROUTE_KEY");
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`paths[${JSON.stringify(key)}]`)).toBe(true);
  });

  it.each([
    [["GET /a", "get /a"], "GET /a is defined twice"],
    [["GET /u/:id", "GET /u/{id}"], "GET /u/{id} is defined twice"],
    [["GET /u/{id}", "POST /u/{userId}"], 'the paths "/u/{userId}" and "/u/{id}"'],
  ])("rejects %j, which mean the same operation or path, with DUPLICATE_PATH", (keys, message) => {
    const error = catchError(() => build(Object.fromEntries(keys.map((k) => [k, {}]))));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toContain(message);
    expect(error.message).toContain(`paths[${JSON.stringify(keys[0])}]`);
  });

  it("lets one path carry different methods with the same parameter names", async () => {
    const document = build({ "GET /u/{id}": {}, "DELETE /u/:id": {} });
    expect(Object.keys(document.paths["/u/{id}"] ?? {})).toEqual(["get", "delete"]);
    await expectValidOpenAPI(document);
  });

  it("keeps a trailing slash: /users/ is a path of its own", async () => {
    const document = openapi({ info, paths: { "GET /users": {}, "GET /users/": {} } });
    expect(Object.keys(document.paths)).toEqual(["/users", "/users/"]);
    await expectValidOpenAPI(document);
  });

  it("parses webhook keys as METHOD eventName and rejects malformed ones", async () => {
    const document = openapi({ info, paths: {}, webhooks: { "post newPet": { body: z.object({ id: z.string() }) } } });
    expect(Object.keys(document.webhooks ?? {})).toEqual(["newPet"]);
    await expectValidOpenAPI(document);
    expect(catchError(() => openapi({ info, paths: {}, webhooks: { newPet: {} } })).code).toBe("INVALID_ROUTE_KEY");
    expect(catchError(() => openapi({ info, paths: {}, webhooks: { "SEND newPet": {} } })).code).toBe("INVALID_ROUTE_KEY");
    expect(catchError(() => openapi({ info, paths: {}, webhooks: { "POST  newPet": {} } })).code).toBe("INVALID_ROUTE_KEY");
    expect(catchError(() => openapi({ info, paths: {}, webhooks: { "POST a": {}, "post a": {} } })).code).toBe("DUPLICATE_PATH");
  });

  it("applies the same rules in the builder, at the call that adds the route", () => {
    const api = new OpenAPI({ info });
    api.route("GET /a", {});
    const duplicate = catchError(() => api.route("get", "/a", {}));
    expect(duplicate.code).toBe("DUPLICATE_PATH");
    // The message points at the line of this test file that added each route.
    expect(duplicate.message).toMatch(/route-keys\.test\.ts:\d+:\d+ route\("get \/a"\): GET \/a is defined twice: this path is already defined at .*route-keys\.test\.ts:\d+:\d+ route\("GET \/a"\)/);
    expect(catchError(() => api.route("GET", "users", {})).code).toBe("INVALID_ROUTE_KEY");
    expect(catchError(() => api.route("GRAB /x", {})).code).toBe("INVALID_ROUTE_KEY");
  });
});
