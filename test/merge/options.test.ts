/** createMerge's `pathPrefix`, `servers: "per-path"` and `security: "per-operation"`. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { createMerge, merge, openapi, type PathItemObject } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { doc, errorOf, op, operationsOf } from "./fixtures";

describe("pathPrefix(document, index)", () => {
  const users = (title: string) =>
    doc(title, {
      paths: {
        "/users": {
          get: op(`${title}List`, {
            responses: {
              "200": { description: "OK", links: { first: { operationRef: "#/paths/~1users/get" } } },
              default: { $ref: "#/paths/~1users/get/responses/200" },
            },
          }),
        },
      },
    });
  const byIndex = createMerge({ pathPrefix: (_document, index) => ["", "/billing", "/crm/"][index] });

  it("prefixes every path of a document, and rewrites references into its paths", async () => {
    const result = byIndex(users("A"), users("B"), users("C"));
    expect(operationsOf(result)).toEqual(["GET /users", "GET /billing/users", "GET /crm/users"]);
    const billing = result.paths["/billing/users"]?.get?.responses;
    expect(billing?.default).toEqual({ $ref: "#/paths/~1billing~1users/get/responses/200" });
    expect(billing?.["200"]).toEqual({ description: "OK", links: { first: { operationRef: "#/paths/~1billing~1users/get" } } });
    expect(result.paths["/users"]?.get?.responses?.default).toEqual({ $ref: "#/paths/~1users/get/responses/200" });
    await expectValidOpenAPI(result);
  });

  it("without a prefix, the same path in two documents is still DUPLICATE_PATH", () => {
    expect(errorOf(() => merge(users("A"), users("B"))).code).toBe("DUPLICATE_PATH");
    expect(errorOf(() => createMerge({ pathPrefix: () => undefined })(users("A"), users("B"))).code).toBe("DUPLICATE_PATH");
  });

  it("rejects a prefix that does not start with /, and wraps what the function throws", () => {
    const error = errorOf(() => createMerge({ pathPrefix: () => "billing" })(users("A"), users("B")));
    expect(error.message).toBe('createMerge options.pathPrefix: expected a string starting with "/" (or "" for none) for base ("A"), found the string "billing"');
    const thrown = errorOf(() => createMerge({ pathPrefix: (d) => (d.servers as never as string[])[0] })(users("A"), users("B")));
    expect(thrown.code).toBe("INVALID_DEFINITION");
    expect(thrown.message).toMatch(/^createMerge options\.pathPrefix: threw for base \("A"\): /);
    expect(thrown.cause).toBeInstanceOf(TypeError);
  });

  it("mounts two generated services under their own prefixes", async () => {
    const health = { "GET /health": { 200: z.object({ ok: z.boolean() }) } };
    const a = openapi({ info: { title: "Orders", version: "1" }, paths: { ...health, "GET /orders": { 200: z.array(z.string()) } } });
    const b = openapi({ info: { title: "Stock", version: "1" }, paths: { ...health } });
    expect(errorOf(() => merge(a, b)).code).toBe("DUPLICATE_PATH");
    const mount = createMerge({ pathPrefix: (document) => `/${document.info.title.toLowerCase()}`, operationIds: "rename" });
    const result = mount(a, b);
    expect(operationsOf(result)).toEqual(["GET /orders/health", "GET /orders/orders", "GET /stock/health"]);
    await expectValidOpenAPI(result);
  });
});

describe('servers: "per-path"', () => {
  const a = [{ url: "https://a.example.com" }];
  const b = [{ url: "https://b.example.com", description: "B" }];
  const own = [{ url: "https://own.example.com" }];
  const documents = () =>
    [
      doc("A", { servers: a, paths: { "/a": { get: op("a") } } }),
      doc("B", { servers: b, paths: { "/b": { get: op("b") }, "/b/own": { servers: own, get: op("bOwn") } } }),
      doc("C", { servers: structuredClone(a), paths: { "/c": { get: op("c") } } }),
      doc("D", { paths: { "/d": { get: op("d") } } }),
    ] as const;

  it("keeps base's root servers and puts a document's own servers on its path items when they differ", async () => {
    const result = createMerge({ servers: "per-path" })(...documents());
    expect(result.servers).toEqual(a);
    expect(result.paths["/a"]?.servers).toBeUndefined();
    expect(result.paths["/b"]?.servers).toEqual(b);
    // A path item's own servers already override the root's: kept.
    expect(result.paths["/b/own"]?.servers).toEqual(own);
    // Same servers as the root: nothing to add. No servers at all: the root's apply.
    expect(result.paths["/c"]?.servers).toBeUndefined();
    expect(result.paths["/d"]?.servers).toBeUndefined();
    await expectValidOpenAPI(result);
  });

  it("by default (\"base\"), a source's own servers are not kept", async () => {
    const result = merge(...documents());
    expect(result.servers).toEqual(a);
    expect(result.paths["/b"]?.servers).toBeUndefined();
    await expectValidOpenAPI(result);
    expect(errorOf(() => createMerge({ servers: "per-operation" } as never)).message).toBe('createMerge options.servers: expected "base" or "per-path", found the string "per-operation"');
  });

  it("moves them into the operations when a document's path joins another's", async () => {
    const base = doc("A", { servers: a, paths: { "/x": { get: op("a") } } });
    const source = doc("B", { servers: b, paths: { "/x": { post: op("b") } } });
    const result = createMerge({ servers: "per-path" })(base, source);
    expect(result.paths["/x"]?.servers).toBeUndefined();
    expect(result.paths["/x"]?.get?.servers).toBeUndefined();
    expect(result.paths["/x"]?.post?.servers).toEqual(b);
    await expectValidOpenAPI(result);
  });

  it("keeps each generated service's server", async () => {
    const Item = z.object({ id: z.string() });
    const x = openapi({ info: { title: "X", version: "1" }, servers: [{ url: "https://x.example.com" }], paths: { "GET /x": { 200: Item } } });
    const y = openapi({ info: { title: "Y", version: "1" }, servers: [{ url: "https://y.example.com" }], paths: { "GET /y": { 200: Item } } });
    const result = createMerge({ servers: "per-path", components: "share-identical" })(x, y);
    expect(result.paths["/y"]?.servers).toEqual([{ url: "https://y.example.com" }]);
    expect(result.paths["/x"]).toBe(x.paths["/x"]);
    await expectValidOpenAPI(result);
  });

  it("puts them on the document's own path item component when its path is a $ref to one", async () => {
    const source = doc("B", { servers: b, paths: { "/b": { $ref: "#/components/pathItems/B" } }, components: { pathItems: { B: { get: op("b") } } } }, "3.1.0");
    const result = createMerge({ servers: "per-path" })(doc("A", { servers: a }, "3.1.0"), source);
    expect(result.paths["/b"]).toEqual({ $ref: "#/components/pathItems/B" });
    expect(result.components?.pathItems?.B).toEqual({ servers: b, get: op("b") });
    await expectValidOpenAPI(result);
  });

  it("puts them on that component under its new name when rename renamed it", async () => {
    const item = (id: string) => ({ B: { get: op(id) } });
    const base = doc("A", { servers: a, components: { pathItems: item("a") } }, "3.1.0");
    const source = doc("B", { servers: b, paths: { "/b": { $ref: "#/components/pathItems/B" } }, components: { pathItems: item("b") } }, "3.1.0");
    const result = createMerge({ servers: "per-path", components: "rename" })(base, source);
    expect(result.paths["/b"]).toEqual({ $ref: "#/components/pathItems/B_B" });
    expect(result.components?.pathItems).toEqual({ B: { get: op("a") }, B_B: { servers: b, get: op("b") } });
    await expectValidOpenAPI(result);
  });

  it("takes a document without servers to mean wherever the merged API is served: base without servers gets the first source's", async () => {
    const result = createMerge({ servers: "per-path" })(doc("A", { paths: { "/a": { get: op("a") } } }), doc("B", { servers: b, paths: { "/b": { get: op("b") } } }));
    expect(result.servers).toEqual(b);
    expect(result.paths["/a"]?.servers).toBeUndefined();
    expect(result.paths["/b"]?.servers).toBeUndefined();
    await expectValidOpenAPI(result);
  });
});

describe('security: "per-operation"', () => {
  const schemes = { securitySchemes: { basic: { type: "http", scheme: "basic" }, key: { type: "apiKey", name: "k", in: "header" } } };
  const documents = () =>
    [
      doc("A", { security: [{ basic: [] }], paths: { "/a": { get: op("a") } }, components: schemes }),
      doc("B", { security: [{ key: [] }], paths: { "/b": { get: op("b"), post: op("bPublic", { security: [] }) } } }),
      doc("C", { security: [{ basic: [] }], paths: { "/c": { get: op("c") } } }),
    ] as const;

  it("copies a document's differing root security onto each of its operations that has none", async () => {
    const result = createMerge({ security: "per-operation" })(...documents());
    expect(result.security).toEqual([{ basic: [] }]);
    expect(result.paths["/a"]?.get?.security).toBeUndefined();
    expect(result.paths["/b"]?.get?.security).toEqual([{ key: [] }]);
    // An operation's own security (here: none required) stays.
    expect(result.paths["/b"]?.post?.security).toEqual([]);
    expect(result.paths["/c"]?.get?.security).toBeUndefined();
    await expectValidOpenAPI(result);
  });

  it("by default (\"base\"), a source's root security is not kept: its operations fall under base's", async () => {
    const result = merge(...documents());
    expect(result.paths["/b"]?.get?.security).toBeUndefined();
    await expectValidOpenAPI(result);
    expect(errorOf(() => createMerge({ security: true } as never)).code).toBe("INVALID_DEFINITION");
  });

  it("copies the renamed requirement when the document's scheme was renamed", async () => {
    const a = doc("A", { security: [{ auth: [] }], paths: { "/a": { get: op("a") } }, components: { securitySchemes: { auth: { type: "http", scheme: "basic" } } } });
    const b = doc("B", { security: [{ auth: [] }], paths: { "/b": { get: op("b") } }, components: { securitySchemes: { auth: { type: "http", scheme: "bearer" } } } });
    const result = createMerge({ components: "rename", security: "per-operation" })(a, b);
    expect(result.paths["/b"]?.get?.security).toEqual([{ B_auth: [] }]);
    expect(result.paths["/a"]?.get?.security).toBeUndefined();
    await expectValidOpenAPI(result);
  });

  it("keeps a public document's operations public: security [] where the result's root security is not theirs", async () => {
    const publicBase = doc("Public", { paths: { "/open": { get: op("open"), post: op("guarded", { security: [{ key: [] }] }) } } });
    const secured = doc("Secured", { security: [{ key: [] }], paths: { "/closed": { get: op("closed") } }, components: schemes });
    const alsoPublic = doc("Also public", { paths: { "/free": { get: op("free") } } });
    const result = createMerge({ security: "per-operation" })(publicBase, secured, alsoPublic);
    expect(result.security).toEqual([{ key: [] }]);
    expect(result.paths["/open"]?.get?.security).toEqual([]);
    expect(result.paths["/open"]?.post?.security).toEqual([{ key: [] }]);
    expect(result.paths["/closed"]?.get?.security).toBeUndefined();
    expect(result.paths["/free"]?.get?.security).toEqual([]);
    await expectValidOpenAPI(result);
    // The default ("base") leaves them as they were: the root security now covers them.
    const strict = merge(publicBase, secured, alsoPublic);
    expect(strict.paths["/open"]?.get?.security).toBeUndefined();
    await expectValidOpenAPI(strict);
    // No root security anywhere: nothing to write.
    const open = createMerge({ security: "per-operation" })(publicBase, alsoPublic);
    expect(open.paths["/open"]?.get?.security).toBeUndefined();
    await expectValidOpenAPI(open);
  });

  it("puts it on the operations of the document's own path item components that its paths and webhooks use whole", async () => {
    const a = doc("A", { security: [{ basic: [] }], paths: { "/a": { get: op("a") } }, components: schemes }, "3.1.0");
    const b = doc(
      "B",
      {
        security: [{ key: [] }],
        paths: { "/b": { $ref: "#/components/pathItems/Item" } },
        webhooks: { event: { $ref: "#/components/pathItems/Hook" } },
        components: { pathItems: { Item: { get: op("b"), put: op("bOpen", { security: [] }) }, Hook: { post: op("hook") }, Unused: { get: op("unused") } } },
      },
      "3.1.0",
    );
    const result = createMerge({ security: "per-operation" })(a, b);
    const items = result.components?.pathItems as Record<string, PathItemObject>;
    expect(items?.Item?.get?.security).toEqual([{ key: [] }]);
    expect(items?.Item?.put?.security).toEqual([]);
    expect(items?.Hook?.post?.security).toEqual([{ key: [] }]);
    expect(items?.Unused?.get?.security).toBeUndefined();
    expect(result.paths["/b"]).toEqual({ $ref: "#/components/pathItems/Item" });
    expect(result.webhooks?.event).toEqual({ $ref: "#/components/pathItems/Hook" });
    await expectValidOpenAPI(result);
  });

  it("keeps a Valibot service's API key next to a Zod service's bearer token", async () => {
    const Note = toStandardJsonSchema(v.object({ text: v.string() }));
    const notes = openapi({
      info: { title: "Notes", version: "1" },
      securitySchemes: { apiKey: { type: "apiKey", name: "X-Key", in: "header" } },
      security: [{ apiKey: [] }],
      paths: { "GET /notes": { 200: Note } },
    });
    const users = openapi({
      info: { title: "Users", version: "1" },
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      security: [{ bearer: [] }],
      paths: { "GET /users": { 200: z.array(z.string()) } },
    });
    const result = createMerge({ security: "per-operation" })(users, notes);
    expect(result.security).toEqual([{ bearer: [] }]);
    expect(result.paths["/notes"]?.get?.security).toEqual([{ apiKey: [] }]);
    expect(result.paths["/users"]?.get?.security).toBeUndefined();
    await expectValidOpenAPI(result);
  });
});
