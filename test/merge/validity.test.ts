/**
 * Rule 3: the result is a valid document. operationIds stay unique (or are renamed with
 * createMerge's `operationIds: "rename"`), webhooks and components.pathItems need a 3.1 base,
 * and schemas of a source in another dialect are converted to base's.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMerge, merge, openapi } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { doc, errorOf, op } from "./fixtures";

describe("operationIds across documents", () => {
  it("rejects one operationId in two documents, naming both operations and both documents", () => {
    const base = doc("A", { paths: { "/a": { get: op("list") } } });
    const source = doc("B", { paths: { "/b": { get: op("list") } } });
    const error = errorOf(() => merge(base, source));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toBe(
      'paths["/b"].get.operationId: sources[0] ("B") gives this operation the operationId "list", which paths["/a"].get of base ("A") already has; operationIds must be unique (createMerge({ operationIds: "rename" }) renames the later one)',
    );
  });

  it("checks webhooks' operations too", () => {
    const base = doc("A", { paths: { "/a": { get: op("ping") } } }, "3.1.0");
    const source = doc("B", { webhooks: { ping: { post: op("ping") } } }, "3.1.0");
    expect(errorOf(() => merge(base, source)).location).toBe("webhooks.ping.post.operationId");
  });

  it("leaves a single document's own repeats alone (they were there before merging)", () => {
    const base = doc("A", { paths: { "/a": { get: op("same") }, "/b": { get: op("same") } } });
    expect(Object.keys(merge(base, doc("B")).paths)).toEqual(["/a", "/b"]);
  });
});

describe('operationIds: "rename"', () => {
  const renameIds = createMerge({ operationIds: "rename" });
  const base = doc("A", { paths: { "/a": { get: op("list") } }, components: { links: { First: { operationId: "list" } } } });
  const source = doc("Pet Store", {
    paths: {
      "/pets": {
        get: op("list", { responses: { "200": { description: "OK", links: { self: { operationId: "list" }, other: { $ref: "#/components/links/Again" } } } } }),
        post: op("create"),
      },
    },
    components: { links: { Again: { operationId: "list", description: "to the list" } } },
  });

  it("gives the later operation its document's prefix and rewrites that document's links to it", async () => {
    const result = renameIds(base, source);
    expect(result.paths["/a"]?.get?.operationId).toBe("list");
    expect(result.paths["/pets"]?.get?.operationId).toBe("PetStore_list");
    expect(result.paths["/pets"]?.post?.operationId).toBe("create");
    expect(result.paths["/pets"]?.get?.responses?.["200"]).toMatchObject({ links: { self: { operationId: "PetStore_list" } } });
    expect(result.components?.links).toEqual({ First: { operationId: "list" }, Again: { operationId: "PetStore_list", description: "to the list" } });
    await expectValidOpenAPI(result);
  });

  it("rejects a renamed id that is taken as well", () => {
    const taken = doc("A", { paths: { "/a": { get: op("list") }, "/c": { get: op("B_list") } } });
    const error = errorOf(() => renameIds(taken, doc("B", { paths: { "/b": { get: op("list") } } })));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toContain('so it was renamed "B_list", but paths["/c"].get of base ("A") already has that id');
  });

  it("renames the operationIds two generated services share", async () => {
    const Pet = z.object({ id: z.string() });
    const a = openapi({ info: { title: "Pets", version: "1" }, paths: { "GET /pets": { 200: Pet, operationId: "fetch" } } });
    const b = openapi({ info: { title: "Toys", version: "1" }, paths: { "GET /toys": { 200: Pet, operationId: "fetch" } } });
    expect(errorOf(() => merge(a, b)).code).toBe("DUPLICATE_PATH");
    const result = renameIds(a, b);
    expect(result.paths["/toys"]?.get?.operationId).toBe("Toys_fetch");
    await expectValidOpenAPI(result);
  });
});

describe("webhooks and components.pathItems need a 3.1 base", () => {
  it("rejects source webhooks into a 3.0 base", () => {
    const error = errorOf(() => merge(doc("A"), doc("B", { webhooks: { ping: { post: op("ping") } } }, "3.1.0")));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe('sources[0].webhooks: webhooks need OpenAPI 3.1, and base ("A") is 3.0.3');
  });

  it("rejects source components.pathItems into a 3.0 base", () => {
    const error = errorOf(() => merge(doc("A"), doc("B", { components: { pathItems: { P: { get: op("p") } } } }, "3.1.0")));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe("sources[0].components.pathItems");
  });

  it("accepts an empty webhooks map into a 3.0 base, and webhooks into a 3.1 base", async () => {
    expect(Object.keys(merge(doc("A"), doc("B", { webhooks: {} }, "3.1.0")))).not.toContain("webhooks");
    const result = merge(doc("A", {}, "3.1.0"), doc("B", { webhooks: { ping: { post: op("ping") } } }, "3.1.0"));
    expect(Object.keys(result.webhooks ?? {})).toEqual(["ping"]);
    await expectValidOpenAPI(result);
  });
});

describe("schemas of a source in another dialect are converted to base's", () => {
  const schema31 = {
    type: "object",
    properties: {
      name: { type: ["string", "null"] },
      kind: { const: "cat" },
      age: { type: "integer", exclusiveMinimum: 0 },
      tags: { type: "array", items: { type: "string" }, examples: [["a"]] },
    },
  };
  const schema30 = {
    type: "object",
    properties: {
      name: { type: "string", nullable: true },
      kind: { enum: ["cat"] },
      age: { type: "integer", minimum: 0, exclusiveMinimum: true },
      tags: { type: "array", items: { type: "string" }, example: ["a"] },
    },
  };
  const nullable31 = (type: string) => ({ type: [type, "null"] });
  const nullable30 = (type: string) => ({ type, nullable: true });
  const withSchema = (title: string, schema: unknown, openapiVersion: string) => {
    const nullable = openapiVersion.startsWith("3.0") ? nullable30 : nullable31;
    return doc(
      title,
      {
        paths: {
          [`/${title.toLowerCase()}`]: {
            get: op(title, {
              parameters: [{ name: "q", in: "query", schema: nullable("string") }],
              responses: { "200": { description: "OK", headers: { "X-N": { schema: nullable("integer") } }, content: { "application/json": { schema } } } },
            }),
          },
        },
        components: { schemas: { [title]: schema } },
      },
      openapiVersion,
    );
  };

  it("3.1 into 3.0: type arrays to nullable, const to enum, numeric exclusive bounds to boolean ones, everywhere a schema sits", async () => {
    const result = merge(doc("Base"), withSchema("Source", schema31, "3.1.0"));
    expect(result.components?.schemas?.Source).toEqual(schema30);
    const get = result.paths["/source"]?.get;
    expect(get?.parameters).toEqual([{ name: "q", in: "query", schema: { type: "string", nullable: true } }]);
    expect(get?.responses?.["200"]).toEqual({
      description: "OK",
      headers: { "X-N": { schema: { type: "integer", nullable: true } } },
      content: { "application/json": { schema: schema30 } },
    });
    await expectValidOpenAPI(result);
  });

  it("3.0 into 3.1: nullable to type arrays, boolean exclusive bounds to numeric ones", async () => {
    const source = withSchema("Source", schema30, "3.0.3");
    const result = merge(doc("Base", {}, "3.1.0"), source);
    const converted = result.components?.schemas?.Source as { properties: Record<string, unknown> };
    expect(converted.properties.name).toEqual({ type: ["string", "null"] });
    expect(converted.properties.age).toEqual({ type: "integer", exclusiveMinimum: 0 });
    expect(result.paths["/source"]?.get?.parameters).toEqual([{ name: "q", in: "query", schema: { type: ["string", "null"] } }]);
    expect(result.paths["/source"]?.get?.responses?.["200"]).toMatchObject({ headers: { "X-N": { schema: { type: ["integer", "null"] } } } });
    await expectValidOpenAPI(result);
  });

  it("leaves schemas alone when only the patch version differs", () => {
    const source = { ...withSchema("Source", schema30, "3.0.3"), openapi: "3.0.1" };
    expect(merge(doc("Base"), source).components?.schemas?.Source).toEqual(schema30);
  });

  it("converts and renames at once: references inside converted schemas follow the rename", async () => {
    const rename = createMerge({ components: "rename" });
    const base = doc("Base", { components: { schemas: { Pet: { type: "object" } } } });
    const source = doc("Next", { components: { schemas: { Pet: { type: ["object", "null"] }, Owner: { type: "object", properties: { pet: { $ref: "#/components/schemas/Pet" }, alias: { type: ["string", "null"] } } } } } }, "3.1.0");
    const result = rename(base, source);
    expect(result.components?.schemas).toEqual({
      Pet: { type: "object" },
      Next_Pet: { type: "object", nullable: true },
      Owner: { type: "object", properties: { pet: { $ref: "#/components/schemas/Next_Pet" }, alias: { type: "string", nullable: true } } },
    });
    await expectValidOpenAPI(result);
  });

  it("converts an openapi() 3.1 result into a 3.0.3 base generated from the same Zod schema", async () => {
    const Pet = z.object({ id: z.string(), nickname: z.string().nullable() });
    const base = openapi({ openapi: "3.0.3", info: { title: "Pets 3.0", version: "1" }, paths: { "GET /pets": { 200: Pet } } });
    const source = openapi({ info: { title: "Pets 3.1", version: "1" }, paths: { "GET /pets/{id}": { params: z.object({ id: z.string() }), 200: Pet, operationId: "getPet" } } });
    const result = merge(base, source);
    // The converted 3.1 schema equals the one Specloom generates for 3.0.3 directly.
    const direct = (base.paths["/pets"]?.get?.responses?.["200"] as { content: Record<string, { schema: unknown }> }).content["application/json"]?.schema;
    const converted = (result.paths["/pets/{id}"]?.get?.responses?.["200"] as { content: Record<string, { schema: unknown }> }).content["application/json"]?.schema;
    expect(converted).toEqual(direct);
    await expectValidOpenAPI(result);
  });
});
