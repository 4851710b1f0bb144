/**
 * Rule 1 (schemas and security schemes: DUPLICATE_SCHEMA), rule 2 (every other component kind,
 * same clash rule), and createMerge's `components` and `prefix` options: "share-identical",
 * "rename" with every reference rewritten ($ref, discriminator mapping, security requirement keys).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type } from "arktype";
import { createMerge, merge, openapi, type OpenAPIDocument } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { doc, errorOf, op, refsOf } from "./fixtures";

const shareIdentical = createMerge({ components: "share-identical" });
const rename = createMerge({ components: "rename" });

describe("schemas and security schemes (rule 1)", () => {
  it("adds components of different names from every document, base's first", async () => {
    const base = doc("A", { components: { schemas: { Pet: { type: "object" } }, securitySchemes: { basic: { type: "http", scheme: "basic" } } } });
    const source = doc("B", { components: { schemas: { Order: { type: "object" } }, securitySchemes: { key: { type: "apiKey", name: "k", in: "header" } } } });
    const result = merge(base, source);
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(["Pet", "Order"]);
    expect(Object.keys(result.components?.securitySchemes ?? {})).toEqual(["basic", "key"]);
    await expectValidOpenAPI(result);
  });

  it("rejects a schema name in two documents, naming kind, name and both documents", () => {
    const base = doc("A", { components: { schemas: { Pet: { type: "object" } } } });
    const source = doc("B", { components: { schemas: { Pet: { type: "string" } } } });
    const error = errorOf(() => merge(base, source));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toBe(
      'components.schemas.Pet: schema "Pet" is defined by both base ("A") and sources[0] ("B") (with different content; createMerge({ components: "rename" }) keeps both)',
    );
  });

  it("rejects even an identical security scheme under merge's strict rule, and says which option keeps one", () => {
    const bearer = { type: "http", scheme: "bearer" };
    const error = errorOf(() => merge(doc("A", { components: { securitySchemes: { bearerAuth: bearer } } }), doc("B", { components: { securitySchemes: { bearerAuth: { ...bearer } } } })));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toBe(
      'components.securitySchemes.bearerAuth: security scheme "bearerAuth" is defined by both base ("A") and sources[0] ("B") (identical; createMerge({ components: "share-identical" }) keeps one)',
    );
  });
});

/** One component kind, a value of it, a different value, and how an operation refers to it. */
interface KindCase {
  kind: string;
  singular: string;
  value: unknown;
  other: unknown;
  use: (ref: string) => Record<string, unknown>;
}

const okResponse = { "200": { description: "OK" } };
const KINDS: KindCase[] = [
  { kind: "responses", singular: "response", value: { description: "Not found" }, other: { description: "Gone" }, use: (ref) => ({ responses: { ...okResponse, "404": { $ref: ref } } }) },
  {
    kind: "parameters",
    singular: "parameter",
    value: { name: "limit", in: "query", schema: { type: "integer" } },
    other: { name: "limit", in: "query", schema: { type: "string" } },
    use: (ref) => ({ parameters: [{ $ref: ref }], responses: okResponse }),
  },
  {
    kind: "examples",
    singular: "example",
    value: { value: { id: 1 } },
    other: { value: { id: 2 } },
    use: (ref) => ({ responses: { "200": { description: "OK", content: { "application/json": { examples: { one: { $ref: ref } } } } } } }),
  },
  {
    kind: "requestBodies",
    singular: "request body",
    value: { content: { "application/json": { schema: { type: "object" } } } },
    other: { content: { "text/plain": { schema: { type: "string" } } } },
    use: (ref) => ({ requestBody: { $ref: ref }, responses: okResponse }),
  },
  {
    kind: "headers",
    singular: "header",
    value: { schema: { type: "integer" } },
    other: { schema: { type: "string" } },
    use: (ref) => ({ responses: { "200": { description: "OK", headers: { "X-Rate": { $ref: ref } } } } }),
  },
  {
    kind: "links",
    singular: "link",
    value: { operationId: "getThing" },
    other: { operationId: "getThing", description: "another" },
    use: (ref) => ({ responses: { "200": { description: "OK", links: { next: { $ref: ref } } } } }),
  },
  {
    kind: "callbacks",
    singular: "callback",
    value: { "{$request.body#/url}": { post: { responses: okResponse } } },
    other: { "{$request.body#/hook}": { post: { responses: okResponse } } },
    use: (ref) => ({ callbacks: { onEvent: { $ref: ref } }, responses: okResponse }),
  },
  {
    kind: "pathItems",
    singular: "path item",
    value: { get: { responses: okResponse } },
    other: { put: { responses: okResponse } },
    use: (ref) => ({ callbacks: { onEvent: { "{$request.body#/url}": { $ref: ref } } }, responses: okResponse }),
  },
];

function kindDoc(title: string, c: KindCase, value: unknown, path: string, operationId: string): OpenAPIDocument {
  const ref = `#/components/${c.kind}/Shared`;
  return doc(title, { paths: { [path]: { post: op(operationId, c.use(ref)) } }, components: { [c.kind]: { Shared: value } } }, "3.1.0");
}

describe.each(KINDS)("components.$kind (rule 2: no kind is dropped)", (c) => {
  it("keeps every document's entries", async () => {
    const base = doc("A", { paths: { "/thing": { get: op("getThing") } }, components: { [c.kind]: { First: c.value } } }, "3.1.0");
    const source = doc("B", { components: { [c.kind]: { Second: c.other } } }, "3.1.0");
    const result = merge(base, source);
    expect((result.components as Record<string, unknown>)[c.kind]).toEqual({ First: c.value, Second: c.other });
    await expectValidOpenAPI(result);
  });

  it(`rejects one name in two documents with DUPLICATE_SCHEMA naming the ${c.singular}`, () => {
    const error = errorOf(() => merge(kindDoc("A", c, c.value, "/a", "a"), kindDoc("B", c, c.other, "/b", "b")));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toContain(`components.${c.kind}.Shared: ${c.singular} "Shared" is defined by both base ("A") and sources[0] ("B")`);
  });

  it("shares an identical one, and renames a different one with its references", async () => {
    const shared = shareIdentical(kindDoc("A", c, c.value, "/a", "a"), kindDoc("B", c, structuredClone(c.value), "/b", "b"));
    expect(Object.keys((shared.components as Record<string, object>)[c.kind] as object)).toEqual(["Shared"]);
    await expectValidOpenAPI(shared);

    const renamed = rename(kindDoc("A", c, c.value, "/a", "a"), kindDoc("B", c, c.other, "/b", "b"));
    expect((renamed.components as Record<string, unknown>)[c.kind]).toEqual({ Shared: c.value, B_Shared: c.other });
    expect(refsOf(renamed.paths["/a"])).toEqual([`#/components/${c.kind}/Shared`]);
    expect(refsOf(renamed.paths["/b"])).toEqual([`#/components/${c.kind}/B_Shared`]);
    await expectValidOpenAPI(renamed);
  });
});

describe('components: "share-identical"', () => {
  it("keeps one of two deep-equal components, whatever their key order", async () => {
    const base = doc("A", { components: { schemas: { Pet: { type: "object", properties: { id: { type: "integer" } } } } } });
    const source = doc("B", { components: { schemas: { Pet: { properties: { id: { type: "integer" } }, type: "object" } } } });
    const result = shareIdentical(base, source);
    expect(result.components?.schemas).toEqual({ Pet: { type: "object", properties: { id: { type: "integer" } } } });
    await expectValidOpenAPI(result);
  });

  it("still rejects two different components of one name", () => {
    const base = doc("A", { components: { schemas: { Pet: { type: "object" } } } });
    const error = errorOf(() => shareIdentical(base, doc("B", { components: { schemas: { Pet: { type: "object", description: "differs" } } } })));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toBe(
      'components.schemas.Pet: schema "Pet" is defined by both base ("A") and sources[0] ("B") (with different content; createMerge({ components: "rename" }) keeps both, renaming the later one)',
    );
  });
});

describe('components: "rename"', () => {
  const Pet = { type: "object", properties: { name: { type: "string" } } };
  const OtherPet = { type: "object", properties: { id: { type: "integer" } } };
  const ErrorSchema = { type: "object", properties: { message: { type: "string" } } };
  const base = doc("Shop", {
    paths: { "/shop/pets": { get: op("shopPets", { responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } } } }) } },
    components: { schemas: { Pet, Error: ErrorSchema }, securitySchemes: { auth: { type: "http", scheme: "bearer" } } },
    security: [{ auth: [] }],
  });
  const source = doc("Pet Store", {
    paths: {
      "/pets": {
        get: op("listPets", {
          security: [{ auth: [] }],
          responses: {
            "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/PetList" } } } },
            default: { description: "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
          },
        }),
      },
    },
    components: {
      schemas: {
        Pet: OtherPet,
        Error: structuredClone(ErrorSchema),
        Cat: { allOf: [{ $ref: "#/components/schemas/Pet" }, { type: "object", properties: { kind: { type: "string" } } }] },
        PetList: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
        PetId: { $ref: "#/components/schemas/Pet/properties/id" },
        Animal: {
          oneOf: [{ $ref: "#/components/schemas/Pet" }, { $ref: "#/components/schemas/Cat" }],
          discriminator: { propertyName: "kind", mapping: { pet: "#/components/schemas/Pet", petByName: "Pet" } },
        },
      },
      securitySchemes: { auth: { type: "apiKey", name: "X-Key", in: "header" } },
    },
    security: [{ auth: [] }],
  });

  it("renames the later document's different components with its prefix and rewrites every reference to them", async () => {
    const result = rename(base, source);
    const schemas = result.components?.schemas as Record<string, Record<string, unknown>>;
    expect(Object.keys(schemas)).toEqual(["Pet", "Error", "PetStore_Pet", "Cat", "PetList", "PetId", "Animal"]);
    expect(schemas.Pet).toEqual(Pet);
    expect(schemas.PetStore_Pet).toEqual(OtherPet);
    // References with a JSON pointer tail follow too.
    expect(schemas.PetId).toEqual({ $ref: "#/components/schemas/PetStore_Pet/properties/id" });
    expect(schemas.Cat?.allOf).toEqual([{ $ref: "#/components/schemas/PetStore_Pet" }, { type: "object", properties: { kind: { type: "string" } } }]);
    expect(schemas.PetList).toEqual({ type: "array", items: { $ref: "#/components/schemas/PetStore_Pet" } });
    // Base's own references are untouched; the identical Error is shared.
    expect(refsOf(result.paths["/shop/pets"])).toEqual(["#/components/schemas/Pet"]);
    expect(refsOf(result.paths["/pets"]).sort()).toEqual(["#/components/schemas/Error", "#/components/schemas/PetList"]);
    await expectValidOpenAPI(result);
  });

  it("rewrites discriminator mapping values, and maps the old name of a renamed oneOf branch explicitly", async () => {
    const result = rename(base, source);
    await expectValidOpenAPI(result);
    const animal = (result.components?.schemas as Record<string, Record<string, unknown>>).Animal;
    expect(animal?.oneOf).toEqual([{ $ref: "#/components/schemas/PetStore_Pet" }, { $ref: "#/components/schemas/Cat" }]);
    // A payload with kind "Pet" matched the schema named Pet by name; it still must.
    expect(animal?.discriminator).toEqual({
      propertyName: "kind",
      mapping: { pet: "#/components/schemas/PetStore_Pet", petByName: "PetStore_Pet", Pet: "#/components/schemas/PetStore_Pet" },
    });
  });

  it("renames a different security scheme and the security requirement keys that name it", async () => {
    const result = rename(base, source);
    expect(result.components?.securitySchemes).toEqual({ auth: { type: "http", scheme: "bearer" }, PetStore_auth: { type: "apiKey", name: "X-Key", in: "header" } });
    expect(result.paths["/pets"]?.get?.security).toEqual([{ PetStore_auth: [] }]);
    expect(result.security).toEqual([{ auth: [] }]);
    await expectValidOpenAPI(result);
  });

  it("renames a component that is identical but refers to a renamed one (until nothing changes)", async () => {
    const a = doc("A", { components: { schemas: { Item: { type: "object", properties: { tag: { $ref: "#/components/schemas/Tag" } } }, Tag: { type: "string" } } } });
    const b = doc("B", { components: { schemas: { Item: { type: "object", properties: { tag: { $ref: "#/components/schemas/Tag" } } }, Tag: { type: "integer" } } } });
    const result = rename(a, b);
    expect(result.components?.schemas).toEqual({
      Item: { type: "object", properties: { tag: { $ref: "#/components/schemas/Tag" } } },
      Tag: { type: "string" },
      B_Item: { type: "object", properties: { tag: { $ref: "#/components/schemas/B_Tag" } } },
      B_Tag: { type: "integer" },
    });
    await expectValidOpenAPI(result);
  });

  it("numbers the default prefix where documents share a title", async () => {
    const pet = (type: string) => doc("Chat", { components: { schemas: { Pet: { type } } } });
    const result = rename(pet("object"), pet("string"), pet("integer"));
    expect(result.components?.schemas).toEqual({ Pet: { type: "object" }, Chat2_Pet: { type: "string" }, Chat3_Pet: { type: "integer" } });
    await expectValidOpenAPI(result);
  });

  it("uses a prefix(document, index) function, called once and only for documents that need a rename", async () => {
    const calls: [string, number][] = [];
    const custom = createMerge({ components: "rename", prefix: (document, index) => (calls.push([document.info.title, index]), `v${index}.`) });
    const result = custom(doc("A", { components: { schemas: { Pet: { type: "object" }, Tag: {} } } }), doc("B", { components: { schemas: { Other: {} } } }), doc("C", { components: { schemas: { Pet: { type: "string" }, Tag: { type: "string" } } } }));
    expect(calls).toEqual([["C", 2]]);
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(["Pet", "Tag", "Other", "v2.Pet", "v2.Tag"]);
    await expectValidOpenAPI(result);
  });

  it("rejects a prefix that cannot start a component name, and wraps what a prefix function throws", () => {
    const pets = [doc("A", { components: { schemas: { Pet: {} } } }), doc("B", { components: { schemas: { Pet: { type: "string" } } } })] as const;
    const spaced = errorOf(() => createMerge({ components: "rename", prefix: () => "my prefix " })(...pets));
    expect(spaced.code).toBe("INVALID_DEFINITION");
    expect(spaced.message).toContain('createMerge options.prefix: returned "my prefix " for sources[0] ("B"), which cannot start a component name');
    const failure = new Error("no prefix for you");
    const thrown = errorOf(() => createMerge({ components: "rename", prefix: () => { throw failure; } })(...pets));
    expect(thrown.message).toBe('createMerge options.prefix: threw for sources[0] ("B"): no prefix for you');
    expect(thrown.cause).toBe(failure);
  });

  it("rejects a rename whose new name is taken", () => {
    const a = doc("A", { components: { schemas: { Pet: { type: "object" }, B_Pet: { type: "boolean" } } } });
    const error = errorOf(() => rename(a, doc("B", { components: { schemas: { Pet: { type: "string" } } } })));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toBe(
      'components.schemas.B_Pet: schema "Pet" of sources[0] ("B") differs from the one already merged, so it was renamed "B_Pet", but base ("A") already defines that name; choose another prefix with createMerge({ prefix })',
    );
  });
});

describe("on openapi() results", () => {
  const bearer = { bearerAuth: { type: "http" as const, scheme: "bearer" } };
  const User = z.object({ id: z.string(), email: z.string() });
  const users = openapi({ info: { title: "Users", version: "1" }, schemas: { User }, securitySchemes: bearer, security: [{ bearerAuth: [] }], paths: { "GET /users": { 200: "User" } } });
  const sameUser = openapi({ info: { title: "Billing", version: "1" }, schemas: { User }, securitySchemes: bearer, security: [{ bearerAuth: [] }], paths: { "GET /invoices": { 200: "User" } } });
  const ArkUser = type({ id: "number", name: "string" });
  const otherUser = openapi({
    info: { title: "Legacy Users", version: "1" },
    schemas: { User: ArkUser },
    paths: { "GET /legacy/users": { 200: "User" }, "GET /legacy/ping": { 200: type({ ok: "boolean" }) } },
  });

  it("strict merge rejects the bearerAuth every generated service declares", () => {
    const error = errorOf(() => merge(users, sameUser));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.location).toBe("components.schemas.User");
  });

  it("share-identical keeps one User and one bearerAuth", async () => {
    const result = shareIdentical(users, sameUser);
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(["User"]);
    expect(Object.keys(result.components?.securitySchemes ?? {})).toEqual(["bearerAuth"]);
    expect(result.components?.schemas?.User).toBe(users.components?.schemas?.User);
    await expectValidOpenAPI(result);
  });

  it("share-identical rejects a Zod User and an ArkType User of different shape; rename keeps both", async () => {
    expect(errorOf(() => shareIdentical(users, otherUser)).code).toBe("DUPLICATE_SCHEMA");
    const result = rename(users, otherUser);
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(["User", "LegacyUsers_User"]);
    expect(refsOf(result.paths["/legacy/users"])).toEqual(["#/components/schemas/LegacyUsers_User"]);
    expect(result.components?.schemas?.LegacyUsers_User).toEqual(otherUser.components?.schemas?.User);
    // Only what the rename touches is copied: the rest of the generated document is shared.
    expect(result.paths["/legacy/ping"]).toBe(otherUser.paths["/legacy/ping"]);
    expect(result.paths["/legacy/users"]?.get?.responses?.["200"]).not.toBe(otherUser.paths["/legacy/users"]?.get?.responses?.["200"]);
    expect(result.paths["/legacy/users"]?.get?.operationId).toBe(otherUser.paths["/legacy/users"]?.get?.operationId);
    await expectValidOpenAPI(result);
  });
});
