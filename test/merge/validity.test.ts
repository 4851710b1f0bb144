/**
 * Rule 3: the result is a valid document. operationIds stay unique (or are renamed with
 * createMerge's `operationIds: "rename"`), webhooks and components.pathItems need a 3.1 base,
 * and schemas of a source in another dialect are converted to base's.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMerge, merge, openapi, type PathItemObject } from "specloom";
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

  it("checks the operations of components.pathItems too, and renames them with the others", async () => {
    const item = (id: string) => ({ get: op(id) });
    const base = doc("A", { paths: { "/a": { get: op("status") } } }, "3.1.0");
    const source = doc("B", { paths: { "/b": { $ref: "#/components/pathItems/Status" } }, components: { pathItems: { Status: item("status") } } }, "3.1.0");
    const error = errorOf(() => merge(base, source));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toBe(
      'components.pathItems.Status.get.operationId: sources[0] ("B") gives this operation the operationId "status", which paths["/a"].get of base ("A") already has; operationIds must be unique (createMerge({ operationIds: "rename" }) renames the later one)',
    );
    // And the other way round: a path item component of base's, an operation of a source's.
    const reversed = errorOf(() => merge(doc("A", { components: { pathItems: { Status: item("status") } } }, "3.1.0"), doc("B", { paths: { "/b": item("status") } }, "3.1.0")));
    expect(reversed.message).toContain('which components.pathItems.Status.get of base ("A") already has');

    const renamed = createMerge({ operationIds: "rename" })(base, source);
    expect((renamed.components?.pathItems?.Status as PathItemObject).get?.operationId).toBe("B_status");
    expect(renamed.paths["/b"]).toEqual({ $ref: "#/components/pathItems/Status" });
    await expectValidOpenAPI(renamed);
  });

  it("counts the operations of a path item component two documents share (identical, under one name) once", async () => {
    const shared = { Health: { get: op("health") } };
    const service = (title: string) => doc(title, { paths: { "/health": { $ref: "#/components/pathItems/Health" } }, components: { pathItems: structuredClone(shared) } }, "3.1.0");
    const mount = createMerge({ components: "share-identical", pathPrefix: (d) => `/${d.info.title.toLowerCase()}` });
    const result = mount(service("A"), service("B"));
    expect(Object.keys(result.paths)).toEqual(["/a/health", "/b/health"]);
    expect(result.components?.pathItems).toEqual(shared);
    await expectValidOpenAPI(result);
    // Strict merge still reports the shared component itself.
    expect(errorOf(() => merge(service("A"), { ...service("B"), paths: {} })).message).toContain('path item "Health" is defined by both base ("A") and sources[0] ("B") (identical;');
  });

  it("rejects a path item component that is identical, but refers to a component renamed in its document: its operations would be there twice", () => {
    const service = (title: string, type: string) =>
      doc(title, {
        components: {
          schemas: { Status: { type } },
          pathItems: { Health: { get: op("health", { responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Status" } } } } } }) } },
        },
      }, "3.1.0");
    const error = errorOf(() => createMerge({ components: "rename", operationIds: "rename" })(service("A", "string"), service("B", "integer")));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.message).toBe(
      'components.pathItems.Health: path item "Health" of sources[0] ("B") is the same as the one of base ("A"), but refers to components renamed in sources[0] ("B"), so both would be kept and their operationIds would repeat; give one of them another name',
    );
  });

  it("leaves a single document's own repeats alone (they were there before merging)", async () => {
    const base = doc("A", { paths: { "/a": { get: op("same") }, "/b": { get: op("same") } } });
    const result = merge(base, doc("B"));
    expect(Object.keys(result.paths)).toEqual(["/a", "/b"]);
    await expectValidOpenAPI(result);
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
    const empty = merge(doc("A"), doc("B", { webhooks: {} }, "3.1.0"));
    expect(Object.keys(empty)).not.toContain("webhooks");
    await expectValidOpenAPI(empty);
    const result = merge(doc("A", {}, "3.1.0"), doc("B", { webhooks: { ping: { post: op("ping") } } }, "3.1.0"));
    expect(Object.keys(result.webhooks ?? {})).toEqual(["ping"]);
    await expectValidOpenAPI(result);
  });
});

describe("what only 3.1 has, from a 3.1 source into a 3.0 base", () => {
  it("drops an empty components.pathItems (3.0's Components Object has no such field), and the result is valid", async () => {
    const result = merge(doc("A"), doc("B", { components: { pathItems: {}, schemas: { S: { type: "string" } } } }, "3.1.0"));
    expect(Object.keys(result.components ?? {})).toEqual(["schemas"]);
    await expectValidOpenAPI(result);
    // Alone, too, and for every option that reads components.
    for (const options of [{}, { components: "share-identical" }, { components: "rename" }] as const) {
      const alone = createMerge(options)(doc("A", { components: { schemas: { S: { type: "string" } } } }), doc("B", { components: { pathItems: {} } }, "3.1.0"));
      expect(alone.components).toEqual({ schemas: { S: { type: "string" } } });
      await expectValidOpenAPI(alone);
    }
  });

  it("keeps 3.1's root, info and license fields out of the 3.0 result (they are base's, or 3.1's only), and the result is valid", async () => {
    const source = doc(
      "B",
      {
        info: { title: "B", version: "1", summary: "3.1 only", license: { name: "MIT", identifier: "MIT" } },
        jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
        webhooks: {},
        components: { pathItems: {}, securitySchemes: {} },
        paths: { "/b": { get: op("b") } },
      },
      "3.1.0",
    );
    const result = merge(doc("A"), source);
    expect(result.info).toEqual({ title: "A", version: "1.0.0" });
    for (const key of ["jsonSchemaDialect", "webhooks"]) expect(Object.keys(result)).not.toContain(key);
    expect(Object.keys(result.components ?? {})).not.toContain("pathItems");
    await expectValidOpenAPI(result);
  });

  it("still rejects non-empty ones and mutualTLS security schemes", () => {
    const pathItems = errorOf(() => merge(doc("A"), doc("B", { components: { pathItems: { P: { get: op("p") } } } }, "3.1.0")));
    expect(pathItems.location).toBe("sources[0].components.pathItems");
    const mutual = errorOf(() => merge(doc("A"), doc("B", { components: { securitySchemes: { m: { type: "mutualTLS" } } } }, "3.1.0")));
    expect([mutual.code, mutual.location]).toEqual(["INVALID_DEFINITION", "sources[0].components.securitySchemes.m"]);
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

  it("leaves schemas alone when only the patch version differs", async () => {
    const source = { ...withSchema("Source", schema30, "3.0.3"), openapi: "3.0.1" };
    const result = merge(doc("Base"), source);
    expect(result.components?.schemas?.Source).toEqual(schema30);
    await expectValidOpenAPI(result);
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

describe("a 3.1 source into a 3.0 base: what 3.0 has no keyword for still resolves", () => {
  const base30 = () => doc("Base");
  const source31 = (components: Record<string, unknown>, parts: Record<string, unknown> = {}) => doc("Next", { components, ...parts }, "3.1.0");

  it("hoists a component's $defs entries into components.schemas and moves the references to them", async () => {
    const D = { $defs: { X: { type: "string" } }, properties: { x: { $ref: "#/components/schemas/D/$defs/X" } } };
    const result = merge(base30(), source31({ schemas: { D } }));
    expect(result.components?.schemas).toEqual({ D: { properties: { x: { $ref: "#/components/schemas/D_X" } } }, D_X: { type: "string" } });
    await expectValidOpenAPI(result);
    // Into a 3.1 base nothing moves: $defs are JSON Schema 2020-12.
    const into31 = merge(doc("Base", {}, "3.1.0"), source31({ schemas: { D } }));
    expect(into31.components?.schemas).toEqual({ D });
    await expectValidOpenAPI(into31);
  });

  it("hoists nested $defs and definitions too, follows references with a pointer tail, and converts what it hoists", async () => {
    const D = {
      type: "object",
      $defs: { X: { type: "object", properties: { id: { type: ["integer", "null"] } }, $defs: { Y: { const: "y" } } } },
      properties: {
        id: { $ref: "#/components/schemas/D/$defs/X/properties/id" },
        y: { $ref: "#/components/schemas/D/$defs/X/$defs/Y" },
        legacy: { definitions: { Old: { type: "boolean" } }, allOf: [{ $ref: "#/components/schemas/D/properties/legacy/definitions/Old" }] },
      },
    };
    const other = { type: "array", items: { $ref: "#/components/schemas/D/%24defs/X" } };
    const result = merge(base30(), source31({ schemas: { D, List: other } }));
    expect(result.components?.schemas).toEqual({
      D: {
        type: "object",
        properties: {
          id: { $ref: "#/components/schemas/D_X/properties/id" },
          y: { $ref: "#/components/schemas/D_X_Y" },
          legacy: { allOf: [{ $ref: "#/components/schemas/D_Old" }] },
        },
      },
      List: { type: "array", items: { $ref: "#/components/schemas/D_X" } },
      D_X: { type: "object", properties: { id: { type: "integer", nullable: true } } },
      D_X_Y: { enum: ["y"] },
      D_Old: { type: "boolean" },
    });
    await expectValidOpenAPI(result);
  });

  it("names a hoisted schema uniquely in its document, and hoists $defs of schemas outside components by their own name", async () => {
    const parameterSchema = { $defs: { Limit: { type: "integer", maximum: 100 } }, $ref: "#/paths/~1items/get/parameters/0/schema/$defs/Limit" };
    const source = source31(
      { schemas: { D: { $defs: { X: { type: "string" } }, properties: { x: { $ref: "#/components/schemas/D/$defs/X" } } }, D_X: { type: "number" }, Limit: { type: "string" } } },
      { paths: { "/items": { get: op("items", { parameters: [{ name: "limit", in: "query", schema: parameterSchema }] }) } } },
    );
    const result = merge(base30(), source);
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(["D", "D_X", "Limit", "Limit2", "D_X2"]);
    expect(result.components?.schemas?.D).toEqual({ properties: { x: { $ref: "#/components/schemas/D_X2" } } });
    expect(result.paths["/items"]?.get?.parameters?.[0]).toMatchObject({ schema: { $ref: "#/components/schemas/Limit2" } });
    expect(result.components?.schemas?.Limit2).toEqual({ type: "integer", maximum: 100 });
    await expectValidOpenAPI(result);
  });

  it("resolves #name references to the schema that declares the $anchor", async () => {
    const A = { $anchor: "thing", type: "string" };
    const B = { properties: { a: { $ref: "#thing" }, node: { $ref: "#node" }, defined: { $ref: "#inDefs" } } };
    const C = {
      $defs: { Inner: { $anchor: "inDefs", type: "integer" } },
      properties: { tree: { $anchor: "node", type: "object", properties: { child: { $ref: "#node" } } } },
    };
    const result = merge(base30(), source31({ schemas: { A, B, C } }));
    expect(result.components?.schemas).toEqual({
      A: { type: "string" },
      B: { properties: { a: { $ref: "#/components/schemas/A" }, node: { $ref: "#/components/schemas/C_node" }, defined: { $ref: "#/components/schemas/C_Inner" } } },
      // A nested anchored schema stays where it is, and a copy becomes the component its anchor names.
      C: { properties: { tree: { type: "object", properties: { child: { $ref: "#/components/schemas/C_node" } } } } },
      C_Inner: { type: "integer" },
      C_node: { type: "object", properties: { child: { $ref: "#/components/schemas/C_node" } } },
    });
    await expectValidOpenAPI(result);
  });

  it("hoists under the names the component clash rules then see: shared when identical, renamed with their references when not", async () => {
    const D = { $defs: { X: { type: ["string", "null"] } }, properties: { x: { $ref: "#/components/schemas/D/$defs/X" } } };
    const twice = createMerge({ components: "share-identical" })(base30(), source31({ schemas: { D } }), { ...source31({ schemas: { D: structuredClone(D) } }), info: { title: "Again", version: "1" } });
    expect(Object.keys(twice.components?.schemas ?? {})).toEqual(["D", "D_X"]);
    await expectValidOpenAPI(twice);
    const taken = doc("Base", { components: { schemas: { D_X: { type: "boolean" } } } });
    const renamed = createMerge({ components: "rename" })(taken, source31({ schemas: { D } }));
    expect(renamed.components?.schemas).toEqual({
      D_X: { type: "boolean" },
      D: { properties: { x: { $ref: "#/components/schemas/Next_D_X" } } },
      Next_D_X: { type: "string", nullable: true },
    });
    await expectValidOpenAPI(renamed);
  });

  it("gives an operation without responses (allowed in 3.1) the default response openapi() writes for 3.0", async () => {
    const callback = { "{$request.body#/url}": { post: { description: "no responses either" } } };
    const source = doc("Next", { paths: { "/ping": { post: { operationId: "ping", callbacks: { done: callback } } } }, components: { callbacks: { Done: callback } } }, "3.1.0");
    const result = merge(base30(), source);
    const defaultResponse = { default: { description: "Default response" } };
    expect(result.paths["/ping"]?.post?.responses).toEqual(defaultResponse);
    expect((result.paths["/ping"]?.post?.callbacks?.done as Record<string, { post: { responses: unknown } }>)["{$request.body#/url}"]?.post.responses).toEqual(defaultResponse);
    expect((result.components?.callbacks?.Done as Record<string, { post: { responses: unknown } }>)["{$request.body#/url}"]?.post.responses).toEqual(defaultResponse);
    await expectValidOpenAPI(result);
    // The same as openapi() generates for a 3.0.3 route that declares no response.
    const generated = openapi({ openapi: "3.0.3", info: { title: "G", version: "1" }, paths: { "POST /ping": {} } });
    expect(generated.paths["/ping"]?.post?.responses).toEqual(defaultResponse);
    // A 3.1 openapi() result without responses, converted, is valid too.
    const generated31 = openapi({ info: { title: "G31", version: "1" }, paths: { "POST /hook": {} } });
    const converted = merge(base30(), generated31);
    expect(converted.paths["/hook"]?.post?.responses).toEqual(defaultResponse);
    await expectValidOpenAPI(converted);
  });

  it("rejects a mutualTLS security scheme, which 3.0 has no type for", () => {
    const source = source31({ securitySchemes: { clientCert: { type: "mutualTLS" } } });
    const error = errorOf(() => merge(base30(), source));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe('sources[0].components.securitySchemes.clientCert: mutualTLS security schemes need OpenAPI 3.1, and base ("Base") is 3.0.3');
  });
});
