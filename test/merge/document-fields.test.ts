/**
 * Rule 1's root fields (tags, servers, security, openapi, info, externalDocs), rule 2's root
 * `x-` keys and jsonSchemaDialect, and rule 6 (deterministic output).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { merge, openapi } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { doc, op } from "./fixtures";

describe("tags: by name, first occurrence wins", () => {
  it("keeps base's tags, then each source's new ones, the first description of a name winning", async () => {
    const base = doc("A", { tags: [{ name: "pets", description: "From A" }, { name: "store" }] });
    const first = doc("B", { tags: [{ name: "pets", description: "From B" }, { name: "users" }] });
    const second = doc("C", { tags: [{ name: "orders" }, { name: "users", description: "From C" }] });
    const result = merge(base, first, second);
    expect(result.tags).toEqual([{ name: "pets", description: "From A" }, { name: "store" }, { name: "users" }, { name: "orders" }]);
    await expectValidOpenAPI(result);
  });

  it("has no tags when no document has any, and rejects a tag without a name", async () => {
    const untagged = merge(doc("A"), doc("B"));
    expect(untagged.tags).toBeUndefined();
    await expectValidOpenAPI(untagged);
    expect(() => merge(doc("A"), doc("B", { tags: [{ description: "nameless" }] }))).toThrow(
      'sources[0].tags[0]: expected a Tag Object with a string "name", found a tag whose name is undefined',
    );
  });
});

describe("tags and externalDocs of openapi() results", () => {
  const Item = z.object({ id: z.string() });
  const catalog = openapi({
    info: { title: "Catalog", version: "1" },
    tags: [{ name: "items", description: "Catalog items" }],
    externalDocs: { url: "https://docs.example.com/catalog" },
    paths: { "GET /items": { 200: z.array(Item), tags: ["items"] } },
  });
  const orders = openapi({
    info: { title: "Orders", version: "1" },
    tags: [{ name: "items", description: "Ordered items" }, { name: "orders" }],
    externalDocs: { url: "https://docs.example.com/orders" },
    paths: { "GET /orders": { 200: z.array(Item), tags: ["orders", "items"] } },
  });

  it("merges tags by name, base's description winning, and keeps base's externalDocs only", async () => {
    const result = merge(catalog, orders);
    expect(result.tags).toEqual([{ name: "items", description: "Catalog items" }, { name: "orders" }]);
    expect(result.externalDocs).toEqual({ url: "https://docs.example.com/catalog" });
    expect(result.paths["/orders"]?.get?.tags).toEqual(["orders", "items"]);
    await expectValidOpenAPI(result);
  });

  it("takes no externalDocs from a source when base has none", async () => {
    const plain = openapi({ info: { title: "Plain", version: "1" }, paths: { "GET /ping": { 200: z.object({ ok: z.boolean() }) } } });
    const result = merge(plain, orders);
    expect(result.externalDocs).toBeUndefined();
    expect(result.tags).toEqual(orders.tags);
    await expectValidOpenAPI(result);
  });
});

describe("servers and security: base's, else the first source that has them", () => {
  const a = [{ url: "https://a.example.com" }];
  const b = [{ url: "https://b.example.com" }];
  const schemes = (name: string) => ({ components: { securitySchemes: { [name]: { type: "http", scheme: "basic" } } } });

  it("takes base's servers and security when base has them", async () => {
    const result = merge(doc("A", { servers: a, security: [{ basicA: [] }], ...schemes("basicA") }), doc("B", { servers: b, security: [{ basicB: [] }], ...schemes("basicB") }));
    expect(result.servers).toEqual(a);
    expect(result.security).toEqual([{ basicA: [] }]);
    await expectValidOpenAPI(result);
  });

  it("takes the first source's that has them when base has none", async () => {
    const result = merge(doc("A"), doc("B"), doc("C", { servers: b, security: [{ basicC: [] }], ...schemes("basicC") }), doc("D", { servers: a }));
    expect(result.servers).toEqual(b);
    expect(result.security).toEqual([{ basicC: [] }]);
    await expectValidOpenAPI(result);
  });

  it("keeps base's empty security array: present, so it wins", async () => {
    const result = merge(doc("A", { security: [] }), doc("B", { security: [{ basicB: [] }], ...schemes("basicB") }));
    expect(result.security).toEqual([]);
    await expectValidOpenAPI(result);
  });
});

describe("openapi, info and externalDocs come from base", () => {
  it("never takes them from a source", async () => {
    const base = doc("Base", { externalDocs: { url: "https://docs.example.com/a" } });
    const source = { ...doc("Source", { externalDocs: { url: "https://docs.example.com/b" } }), openapi: "3.0.1" };
    const result = merge(base, source);
    expect(result.openapi).toBe("3.0.3");
    expect(result.info).toEqual({ title: "Base", version: "1.0.0" });
    expect(result.externalDocs).toEqual({ url: "https://docs.example.com/a" });
    const noDocs = merge(doc("NoDocs"), source);
    expect(noDocs.externalDocs).toBeUndefined();
    await expectValidOpenAPI(result);
    await expectValidOpenAPI(noDocs);
  });
});

describe("root x- keys and jsonSchemaDialect (rule 2)", () => {
  it("come from base, then sources fill in what base lacks", async () => {
    const base = doc("A", { "x-owner": "team-a", jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base" }, "3.1.0");
    const source = doc("B", { "x-owner": "team-b", "x-logo": { url: "https://example.com/logo.png" }, jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema" }, "3.1.0");
    const result = merge(base, source) as unknown as Record<string, unknown>;
    expect(result["x-owner"]).toBe("team-a");
    expect(result["x-logo"]).toEqual({ url: "https://example.com/logo.png" });
    expect(result.jsonSchemaDialect).toBe("https://spec.openapis.org/oas/3.1/dialect/base");
    await expectValidOpenAPI(result);
  });

  it("fills in jsonSchemaDialect from a source into a 3.1 base, never into a 3.0 one", async () => {
    const dialect = "https://json-schema.org/draft/2020-12/schema";
    const into31 = merge(doc("A", {}, "3.1.0"), doc("B", { jsonSchemaDialect: dialect }, "3.1.0"));
    expect((into31 as unknown as Record<string, unknown>).jsonSchemaDialect).toBe(dialect);
    await expectValidOpenAPI(into31);
    const into30 = merge(doc("A"), doc("B", { jsonSchemaDialect: dialect }, "3.1.0"));
    expect(Object.keys(into30)).not.toContain("jsonSchemaDialect");
    await expectValidOpenAPI(into30);
  });

  it("keeps x- keys of the components object too", async () => {
    const result = merge(doc("A", { components: { "x-a": 1, schemas: {} } }), doc("B", { components: { "x-a": 2, "x-b": 3 } }));
    expect(result.components).toEqual({ schemas: {}, "x-a": 1, "x-b": 3 });
    await expectValidOpenAPI(result);
  });
});

describe("determinism (rule 6)", () => {
  const make = () => [
    doc("A", { paths: { "/b": { get: op("b") }, "/a": { get: op("a") } }, components: { schemas: { Z: {}, A: {} } }, tags: [{ name: "t2" }, { name: "t1" }], "x-z": 1 }),
    doc("B", { paths: { "/c": { get: op("c") }, "/b": { post: op("b2") } }, components: { schemas: { Y: {}, B: {} }, responses: { R: { description: "r" } } }, tags: [{ name: "t0" }], "x-a": 2 }),
  ];

  it("gives byte-identical JSON for the same inputs, in base-then-sources order", async () => {
    const merged = merge(...(make() as [never, never]));
    await expectValidOpenAPI(merged);
    const first = JSON.stringify(merged);
    const second = JSON.stringify(merge(...(make() as [never, never])));
    expect(first).toBe(second);
    const result = JSON.parse(first);
    expect(Object.keys(result)).toEqual(["openapi", "info", "paths", "components", "tags", "x-z", "x-a"]);
    expect(Object.keys(result.paths)).toEqual(["/b", "/a", "/c"]);
    expect(Object.keys(result.components.schemas)).toEqual(["Z", "A", "Y", "B"]);
    expect(result.tags).toEqual([{ name: "t2" }, { name: "t1" }, { name: "t0" }]);
  });

  it("merging a document alone gives a copy equal to it", async () => {
    const [base] = make();
    const result = merge(base as never);
    expect(result).toEqual(base);
    await expectValidOpenAPI(result);
  });
});
