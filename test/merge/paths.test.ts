/**
 * Rule 1 (paths and webhooks by path, then method), rule 2 (path-item fields survive; differing
 * path-level parameters and servers move into the operations) and rule 6 (order), on
 * hand-made documents and on openapi() results.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMerge, merge, openapi } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { doc, errorOf, op, operationsOf } from "./fixtures";

const idParam = { name: "id", in: "path", required: true, schema: { type: "string" } };

describe("paths: by path, then by method", () => {
  it("joins different methods on one path into one path item and keeps every operation as it was", async () => {
    const getUsers = op("listUsers");
    const postUsers = op("createUser", { summary: "Create" });
    const base = doc("Users", { paths: { "/users": { get: getUsers } } });
    const source = doc("Accounts", { paths: { "/users": { post: postUsers }, "/accounts": { get: op("listAccounts") } } });
    const result = merge(base, source);
    expect(operationsOf(result)).toEqual(["GET /users", "POST /users", "GET /accounts"]);
    expect(result.paths["/users"]?.get).toEqual(getUsers);
    expect(result.paths["/users"]?.post).toEqual(postUsers);
    await expectValidOpenAPI(result);
  });

  it("rejects the same method on the same path in two documents, naming path, method and both documents", () => {
    const base = doc("Users", { paths: { "/users": { get: op("a") } } });
    const source = doc("Accounts", { paths: { "/users": { get: op("b") } } });
    const error = errorOf(() => merge(base, source));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.location).toBe('paths["/users"].get');
    expect(error.message).toBe(
      'paths["/users"].get: GET /users is defined by both base ("Users") and sources[0] ("Accounts"); createMerge({ pathPrefix }) can give each document paths of its own',
    );
  });

  it("names the document that brought the method, not the first owner of the path", () => {
    const base = doc("A", { paths: { "/x": { get: op("a") } } });
    const first = doc("B", { paths: { "/x": { post: op("b") } } });
    const second = doc("C", { paths: { "/x": { post: op("c") } } });
    const error = errorOf(() => merge(base, first, second));
    expect(error.message).toContain('POST /x is defined by both sources[0] ("B") and sources[1] ("C")');
  });

  it("treats /users/{id} and /users/{userId} from two documents as one path and refuses to keep both", async () => {
    const base = doc("A", { paths: { "/users/{id}": { get: op("a", { parameters: [idParam] }) } } });
    const source = doc("B", { paths: { "/users/{userId}": { delete: op("b", { parameters: [{ ...idParam, name: "userId" }] }) } } });
    const error = errorOf(() => merge(base, source));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.location).toBe('paths["/users/{userId}"]');
    expect(error.message).toContain('sources[0] ("B") defines this path and base ("A") defines paths["/users/{id}"]');
    // Same parameter names: one path, joined.
    const same = doc("B", { paths: { "/users/{id}": { delete: op("b", { parameters: [idParam] }) } } });
    const joined = merge(base, same);
    expect(operationsOf(joined)).toEqual(["GET /users/{id}", "DELETE /users/{id}"]);
    await expectValidOpenAPI(joined);
  });

  it("cannot join a path item that is a $ref with another document's item", () => {
    const base = doc("A", { paths: { "/x": { $ref: "#/components/pathItems/X" } }, components: { pathItems: { X: { get: op("a") } } } }, "3.1.0");
    const source = doc("B", { paths: { "/x": { post: op("b") } } }, "3.1.0");
    const error = errorOf(() => merge(base, source));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toContain("one of them is a $ref");
  });

  it("takes a missing paths object (allowed in 3.1) as empty", async () => {
    const base = { openapi: "3.1.0", info: { title: "Hooks only", version: "1" }, webhooks: { ping: { post: op("ping") } } };
    const source = doc("B", { paths: { "/b": { get: op("b") } } }, "3.1.0");
    delete (source as Partial<typeof source>).paths;
    const result = merge(base as never, source);
    expect(result.paths).toEqual({});
    expect(Object.keys(result.webhooks ?? {})).toEqual(["ping"]);
    await expectValidOpenAPI(result);
  });
});

describe("x- keys of the Paths Object are extensions, not paths", () => {
  it("keeps them, base's first, sources filling in; never prefixed, never joined as path items", async () => {
    const base = doc("A", { paths: { "x-internal": true, "/a": { get: op("a") }, "x-owner": { team: "a" } } });
    const source = doc("B", { paths: { "/b": { get: op("b") }, "x-owner": { team: "b" }, "x-meta": [1, 2] } });
    const result = createMerge({ pathPrefix: (_d, i) => (i === 1 ? "/b" : "") })(base, source);
    expect(result.paths).toEqual({ "/a": { get: op("a") }, "/b/b": { get: op("b") }, "x-internal": true, "x-owner": { team: "a" }, "x-meta": [1, 2] });
    expect(operationsOf(result)).toEqual(["GET /a", "GET /b/b"]);
    await expectValidOpenAPI(result);
    // Strict merge too: an x- key in two documents is no duplicate path.
    const strict = merge(base, source);
    expect(Object.keys(strict.paths)).toEqual(["/a", "/b", "x-internal", "x-owner", "x-meta"]);
    await expectValidOpenAPI(strict);
  });

  it("leaves a reference into a Paths Object extension unprefixed, while references into paths follow the prefix", async () => {
    const responses = { "200": { $ref: "#/paths/x-shared/ok" }, default: { $ref: "#/paths/~1b/get/responses/200" } };
    const source = doc("B", { paths: { "/b": { get: op("b", { responses }) }, "x-shared": { ok: { description: "OK" } } } });
    const result = createMerge({ pathPrefix: () => "/v2" })(doc("A"), source);
    expect(result.paths["/v2/b"]?.get?.responses).toEqual({ "200": { $ref: "#/paths/x-shared/ok" }, default: { $ref: "#/paths/~1v2~1b/get/responses/200" } });
    await expectValidOpenAPI(result);
  });
});

describe("webhooks: by name, then by method", () => {
  it("joins different methods of one webhook and adds new ones", async () => {
    const base = doc("A", { webhooks: { newPet: { post: op("newPetPost") } } }, "3.1.0");
    const source = doc("B", { webhooks: { newPet: { put: op("newPetPut") }, petSold: { post: op("petSold") } } }, "3.1.0");
    const result = merge(base, source);
    expect(operationsOf(result, "webhooks")).toEqual(["POST newPet", "PUT newPet", "POST petSold"]);
    await expectValidOpenAPI(result);
  });

  it("rejects the same method and name in two documents", () => {
    const base = doc("A", { webhooks: { newPet: { post: op("a") } } }, "3.1.0");
    const source = doc("B", { webhooks: { newPet: { post: op("b") } } }, "3.1.0");
    const error = errorOf(() => merge(base, source));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toBe('webhooks.newPet.post: POST newPet is defined by both base ("A") and sources[0] ("B")');
  });
});

describe("path-item fields survive a join", () => {
  it("keeps summary, description, servers and x- keys; the first document's win, the others fill in", async () => {
    const base = doc("A", { paths: { "/x": { summary: "From A", "x-owner": "a", get: op("a") } } });
    const source = doc("B", { paths: { "/x": { summary: "From B", description: "Only B has one", "x-team": "b", post: op("b") } } });
    const result = merge(base, source);
    const item = result.paths["/x"] as Record<string, unknown>;
    expect(item.summary).toBe("From A");
    expect(item.description).toBe("Only B has one");
    expect(item["x-owner"]).toBe("a");
    expect(item["x-team"]).toBe("b");
    await expectValidOpenAPI(result);
  });

  it("keeps a single document's path-level parameters and servers where they are", async () => {
    const servers = [{ url: "https://x.example.com" }];
    const base = doc("A", { paths: { "/x/{id}": { parameters: [idParam], servers, get: op("a") } } });
    const result = merge(base, doc("B", { paths: { "/y": { get: op("b") } } }));
    expect(result.paths["/x/{id}"]?.parameters).toEqual([idParam]);
    expect(result.paths["/x/{id}"]?.servers).toEqual(servers);
    await expectValidOpenAPI(result);
  });

  it("keeps identical path-level parameters of two documents at path level", async () => {
    const base = doc("A", { paths: { "/x/{id}": { parameters: [idParam], get: op("a") } } });
    const source = doc("B", { paths: { "/x/{id}": { parameters: [idParam], delete: op("b") } } });
    const result = merge(base, source);
    expect(result.paths["/x/{id}"]?.parameters).toEqual([idParam]);
    expect(result.paths["/x/{id}"]?.get?.parameters).toBeUndefined();
    await expectValidOpenAPI(result);
  });

  it("moves differing path-level parameters into each document's own operations, so none gains or loses one", async () => {
    const verbose = { name: "verbose", in: "query", schema: { type: "boolean" } };
    const intId = { ...idParam, schema: { type: "integer" } };
    const tenant = { name: "X-Tenant", in: "header", schema: { type: "string" } };
    const tenantRequired = { ...tenant, required: true };
    const base = doc("A", { paths: { "/things/{id}": { parameters: [idParam], get: op("get", { parameters: [verbose] }) } } });
    const source = doc("B", {
      paths: { "/things/{id}": { parameters: [intId, tenant], delete: op("delete", { parameters: [tenantRequired] }) } },
    });
    const result = merge(base, source);
    const item = result.paths["/things/{id}"];
    expect(item?.parameters).toBeUndefined();
    // Path-level first, then the operation's own; an operation's own parameter (same name and in) wins.
    expect(item?.get?.parameters).toEqual([idParam, verbose]);
    expect(item?.delete?.parameters).toEqual([intId, tenantRequired]);
    await expectValidOpenAPI(result);
  });

  it("moves parameters out when only one of the two documents has path-level ones", async () => {
    const base = doc("A", { paths: { "/x/{id}": { get: op("a", { parameters: [idParam] }) } } });
    const source = doc("B", { paths: { "/x/{id}": { parameters: [idParam], delete: op("b") } } });
    const result = merge(base, source);
    expect(result.paths["/x/{id}"]?.parameters).toBeUndefined();
    expect(result.paths["/x/{id}"]?.get?.parameters).toEqual([idParam]);
    expect(result.paths["/x/{id}"]?.delete?.parameters).toEqual([idParam]);
    await expectValidOpenAPI(result);
  });

  it("recognises an operation's override of a path-level $ref parameter through components", async () => {
    const tenant = { name: "X-Tenant", in: "header", schema: { type: "string" } };
    const base = doc("A", { paths: { "/x": { get: op("a") } } });
    const source = doc("B", {
      paths: { "/x": { parameters: [{ $ref: "#/components/parameters/Tenant" }], post: op("b", { parameters: [{ ...tenant, required: true }] }) } },
      components: { parameters: { Tenant: tenant } },
    });
    const result = merge(base, source);
    expect(result.paths["/x"]?.post?.parameters).toEqual([{ ...tenant, required: true }]);
    expect(result.paths["/x"]?.get?.parameters).toBeUndefined();
    await expectValidOpenAPI(result);
  });

  it("moves differing path-level servers into the operations that have none of their own", async () => {
    const a = [{ url: "https://a.example.com" }];
    const b = [{ url: "https://b.example.com" }];
    const own = [{ url: "https://own.example.com" }];
    const base = doc("A", { paths: { "/x": { servers: a, get: op("a"), put: op("a2", { servers: own }) } } });
    const source = doc("B", { paths: { "/x": { servers: b, post: op("b") } } });
    const result = merge(base, source);
    const item = result.paths["/x"];
    expect(item?.servers).toBeUndefined();
    expect(item?.get?.servers).toEqual(a);
    expect(item?.put?.servers).toEqual(own);
    expect(item?.post?.servers).toEqual(b);
    await expectValidOpenAPI(result);
  });
});

describe("order (rule 6)", () => {
  it("keeps base's paths in order, then each source's new paths in order; joined methods follow", async () => {
    const base = doc("A", { paths: { "/z": { get: op("z") }, "/a": { get: op("a") } } });
    const first = doc("B", { paths: { "/m": { get: op("m") }, "/z": { post: op("z2") } } });
    const second = doc("C", { paths: { "/b": { get: op("b") }, "/a": { delete: op("a2") } } });
    const result = merge(base, first, second);
    expect(Object.keys(result.paths)).toEqual(["/z", "/a", "/m", "/b"]);
    expect(Object.keys(result.paths["/z"] as object)).toEqual(["get", "post"]);
    expect(operationsOf(result)).toEqual(["GET /z", "POST /z", "GET /a", "DELETE /a", "GET /m", "GET /b"]);
    await expectValidOpenAPI(result);
  });
});

describe("on openapi() results", () => {
  const User = z.object({ id: z.string(), name: z.string() });
  const users = openapi({ info: { title: "Users", version: "1" }, paths: { "GET /users": { 200: z.array(User) }, "GET /users/{id}": { params: z.object({ id: z.string() }), 200: User } } });
  const admin = openapi({ info: { title: "Admin", version: "1" }, paths: { "DELETE /users/{id}": { params: z.object({ id: z.string() }), 204: null } } });

  it("joins two generated services that share a path with different methods", async () => {
    const result = merge(users, admin);
    expect(operationsOf(result)).toEqual(["GET /users", "GET /users/{id}", "DELETE /users/{id}"]);
    expect(result.paths["/users/{id}"]?.delete).toBe(admin.paths["/users/{id}"]?.delete);
    await expectValidOpenAPI(result);
  });

  it("joins two generated services' webhooks by name, then by method, and rejects the same webhook method twice", async () => {
    const Event = z.object({ id: z.string(), at: z.string() });
    const shop = openapi({ info: { title: "Shop", version: "1" }, paths: {}, webhooks: { "POST orderPlaced": { body: Event, 200: null } } });
    const stock = openapi({ info: { title: "Stock", version: "1" }, paths: {}, webhooks: { "PUT orderPlaced": { body: Event, 200: null }, "POST stockLow": { body: Event, 200: null } } });
    const result = merge(shop, stock);
    expect(operationsOf(result, "webhooks")).toEqual(["POST orderPlaced", "PUT orderPlaced", "POST stockLow"]);
    expect(result.webhooks?.stockLow).toBe(stock.webhooks?.stockLow);
    await expectValidOpenAPI(result);

    const again = openapi({ info: { title: "Shop again", version: "1" }, paths: {}, webhooks: { "POST orderPlaced": { body: Event, 200: null, operationId: "placedAgain" } } });
    const error = errorOf(() => merge(shop, again));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toBe('webhooks.orderPlaced.post: POST orderPlaced is defined by both base ("Shop") and sources[0] ("Shop again")');
  });

  it("rejects a generated 3.1 service's webhooks into a generated 3.0.3 base", () => {
    const base = openapi({ openapi: "3.0.3", info: { title: "Legacy", version: "1" }, paths: { "GET /users": { 200: z.array(User) } } });
    const hooks = openapi({ info: { title: "Hooks", version: "1" }, paths: {}, webhooks: { "POST userCreated": { body: User, 200: null } } });
    const error = errorOf(() => merge(base, hooks));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe('sources[0].webhooks: webhooks need OpenAPI 3.1, and base ("Legacy") is 3.0.3');
  });

  it("rejects two generated services that both define GET /users/{id}", () => {
    const copy = openapi({ info: { title: "Users v2", version: "2" }, paths: { "GET /users/{id}": { params: z.object({ id: z.string() }), 200: User, operationId: "fetchUser" } } });
    const error = errorOf(() => merge(users, copy));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toContain('GET /users/{id} is defined by both base ("Users") and sources[0] ("Users v2")');
  });
});
