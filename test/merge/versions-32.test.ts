/**
 * Merging across 3.0, 3.1 and 3.2, both ways: a 3.2 base takes older sources (their 3.0
 * schemas converted to JSON Schema 2020-12); a 3.2 source into an older base keeps what has
 * a faithful lower form (the tag hierarchy, as x-tagGroups) and stops, naming it, at the
 * first construct that has none. Every result is validated against its version's schema.
 */
import { describe, expect, it } from "vitest";
import { createMerge, merge, openapi, type OpenAPIDocument } from "specloom";
import { libraries } from "../fixtures/libraries";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";

const [zod, arktype, valibot] = libraries as [(typeof libraries)[number], (typeof libraries)[number], (typeof libraries)[number]];
type Node = Record<string, unknown>;

const gateway = openapi({
  openapi: "3.2.0",
  info: { title: "Gateway", version: "1" },
  tags: [{ name: "search", summary: "Search", kind: "nav" }],
  paths: { "QUERY /search": { tags: ["search"], body: zod.listQuery, 200: zod.petList }, "PURGE /cache": { 204: null } },
});
const legacy30 = openapi({ openapi: "3.0.3", info: { title: "Legacy", version: "1" }, schemas: { Pet: arktype.pet }, paths: { "GET /pets": { 200: "Pet" } } });
const current31 = openapi({ openapi: "3.1.0", info: { title: "Current", version: "1" }, paths: { "POST /pets": { body: valibot.newPet, 201: valibot.pet } } });

describe("a 3.2 base", () => {
  it("takes 3.0, 3.1 and 3.2 sources (from Zod, ArkType and Valibot), and the result says 3.2.0", async () => {
    const result = merge(gateway, legacy30, current31);
    expect(result.openapi).toBe("3.2.0");
    expect(Object.keys(result.paths)).toEqual(["/search", "/cache", "/pets"]);
    expect(Object.keys(result.paths["/pets"] ?? {})).toEqual(["get", "post"]);
    expect(result.paths["/search"]?.query?.operationId).toBe("querySearch");
    await expectValidOpenAPI(result);
  });

  it("converts a 3.0 source's schemas to 2020-12: nullable to a type array, boolean exclusive bounds to numbers, example to examples", async () => {
    const old = {
      openapi: "3.0.3",
      info: { title: "Old", version: "1" },
      paths: {},
      components: { schemas: { Price: { type: "number", nullable: true, minimum: 0, exclusiveMinimum: true, example: 9.5 } } },
    };
    const result = merge(gateway, old);
    expect(result.components?.schemas?.Price).toEqual({ type: ["number", "null"], exclusiveMinimum: 0, examples: [9.5] });
    await expectValidOpenAPI(result);
  });

  it.each(["3.1.0", "3.2.0"])('a 3.0 nullable enum merged into a %s base keeps null in its enum (3.0.3: nullable "A true value adds null to the allowed values"; a JSON Schema enum restricts every type)', async (version) => {
    const old = {
      openapi: "3.0.3",
      info: { title: "Old", version: "1" },
      paths: {},
      components: {
        schemas: {
          Status: { type: "string", enum: ["open", "closed"], nullable: true },
          Listed: { type: "string", enum: ["a", null], nullable: true },
          Untyped: { enum: [1, 2], nullable: true },
          Strict: { type: "string", enum: ["x"], nullable: false },
        },
      },
    };
    const base = version === "3.2.0" ? gateway : current31;
    const schemas = merge(base, old).components?.schemas;
    expect(schemas?.Status).toEqual({ type: ["string", "null"], enum: ["open", "closed", null] });
    // Already allowed: not added twice (enum items SHOULD be unique).
    expect(schemas?.Listed).toEqual({ type: ["string", "null"], enum: ["a", null] });
    expect(schemas?.Untyped).toEqual({ anyOf: [{ enum: [1, 2, null] }, { type: "null" }] });
    expect(schemas?.Strict).toEqual({ type: "string", enum: ["x"] });
    await expectValidOpenAPI(merge(base, old));
  });

  it("joins QUERY and other methods of one path from two documents; the same one twice is DUPLICATE_PATH", async () => {
    const other = openapi({ openapi: "3.2.0", info: { title: "Other", version: "1" }, paths: { "GET /search": { 200: arktype.petList }, "BAN /cache": { 204: null } } });
    const result = merge(gateway, other);
    expect(Object.keys(result.paths["/search"] ?? {})).toEqual(["query", "get"]);
    expect(Object.keys(result.paths["/cache"]?.additionalOperations ?? {})).toEqual(["PURGE", "BAN"]);
    await expectValidOpenAPI(result);
    const twice = openapi({ openapi: "3.2.0", info: { title: "Twice", version: "1" }, paths: { "QUERY /search": { operationId: "q2" }, "purge /cache": { operationId: "p2" } } });
    const error = catchError(() => merge(gateway, twice));
    expect(error.code).toBe("DUPLICATE_PATH");
    // Every conflict is listed, one a line: the QUERY and the PURGE.
    expect(error.message.split("\n")).toEqual([
      'paths["/search"].query: QUERY /search is defined by both base ("Gateway") and sources[0] ("Twice"); createMerge({ pathPrefix }) can give each document paths of its own',
      'paths["/cache"].additionalOperations.PURGE: PURGE /cache is defined by both base ("Gateway") and sources[0] ("Twice"); createMerge({ pathPrefix }) can give each document paths of its own',
    ]);
    const purge = openapi({ openapi: "3.2.0", info: { title: "Purge", version: "1" }, paths: { "PURGE /cache": { operationId: "p2" } } });
    expect(catchError(() => merge(gateway, purge)).location).toBe('paths["/cache"].additionalOperations.PURGE');
  });

  it("keeps operationIds unique across additional operations too (createMerge's operationIds rename works there)", async () => {
    const clash = openapi({ openapi: "3.2.0", info: { title: "Clash", version: "1" }, paths: { "PURGE /other": { operationId: "purgeCache" } } });
    expect(catchError(() => merge(gateway, clash)).message).toMatch(/gives this operation the operationId "purgeCache", which paths\["\/cache"\]\.additionalOperations\.PURGE of base/);
    const result = createMerge({ operationIds: "rename" })(gateway, clash);
    expect(result.paths["/other"]?.additionalOperations?.PURGE?.operationId).toBe("Clash_purgeCache");
    await expectValidOpenAPI(result);
  });

  it("createMerge's components rename and pathPrefix reach references inside QUERY and additional operations", async () => {
    const base = openapi({ openapi: "3.2.0", info: { title: "Base", version: "1" }, schemas: { Pet: zod.pet }, paths: { "GET /pets": { 200: "Pet" } } });
    const other = openapi({ openapi: "3.2.0", info: { title: "Other", version: "1" }, schemas: { Pet: arktype.newPet }, paths: { "QUERY /pets": { 200: "Pet" }, "COPY /pets": { 201: "Pet" } } });
    const result = createMerge({ components: "rename", pathPrefix: (_doc, index) => (index === 1 ? "/other" : undefined) })(base, other);
    const ref = (response: unknown) => (response as { content: Record<string, { schema: unknown }> }).content["application/json"]?.schema;
    expect(ref(result.paths["/other/pets"]?.query?.responses?.["200"])).toEqual({ $ref: "#/components/schemas/Other_Pet" });
    expect(ref(result.paths["/other/pets"]?.additionalOperations?.COPY?.responses?.["201"])).toEqual({ $ref: "#/components/schemas/Other_Pet" });
    expect(ref(result.paths["/pets"]?.get?.responses?.["200"])).toEqual({ $ref: "#/components/schemas/Pet" });
    await expectValidOpenAPI(result);
  });

  it("createMerge's security per-operation reaches QUERY and additional operations", async () => {
    const secured = openapi({
      openapi: "3.1.0",
      info: { title: "Secured", version: "1" },
      securitySchemes: { key: { type: "apiKey", name: "k", in: "header" } },
      security: [{ key: [] }],
      paths: { "GET /secret": { 200: null } },
    });
    const result = createMerge({ security: "per-operation" })(gateway, secured);
    expect(result.security).toEqual([{ key: [] }]);
    // The gateway's operations were public and stay so.
    expect(result.paths["/search"]?.query?.security).toEqual([]);
    expect(result.paths["/cache"]?.additionalOperations?.PURGE?.security).toEqual([]);
    await expectValidOpenAPI(result);
  });
});

const tagged = openapi({
  openapi: "3.2.0",
  info: { title: "Tagged", version: "1" },
  tags: [{ name: "store", summary: "Store", kind: "nav" }, { name: "pets", parent: "store" }, { name: "cats", parent: "pets" }],
  paths: { "GET /cats": { tags: ["cats"], 200: valibot.petList } },
});

const doc32 = (title: string) => ({ openapi: "3.2.0", info: { title, version: "1" } });
/** A 3.2 document whose one response has this media type object. */
const withContent = (media: Node) => ({ ...doc32("C"), paths: { "/a": { get: { responses: { "200": { description: "OK", content: { "application/json": media } } } } } } }) as never as OpenAPIDocument;
const content = 'sources[0].paths["/a"].get.responses["200"].content["application/json"]';
/** A 3.2 document with these components. */
const withComponents = (components: Node) => ({ ...doc32("K"), paths: {}, components }) as never as OpenAPIDocument;

describe.each(["3.1.0", "3.0.3"] as const)("a 3.2 source into a %s base", (version) => {
  const base = openapi({ openapi: version, info: { title: "Base", version: "1" }, tags: [{ name: "base" }], paths: { "GET /base": { 200: zod.pet } } });

  it("writes the tag hierarchy as x-tagGroups and drops summary and kind", async () => {
    const result = merge(base, tagged);
    expect(result.openapi).toBe(version);
    expect(result.tags).toEqual([{ name: "base" }, { name: "store" }, { name: "pets" }, { name: "cats" }]);
    expect(result["x-tagGroups"]).toEqual([
      { name: "base", tags: ["base"] },
      { name: "store", tags: ["store", "pets", "cats"] },
    ]);
    await expectValidOpenAPI(result);
  });

  const stops: [string, OpenAPIDocument, string, RegExp][] = [
    ["a QUERY operation", gateway, 'sources[0].paths["/search"].query', /^a QUERY operation needs OpenAPI 3\.2/],
    ["an additional operation", openapi({ openapi: "3.2.0", info: { title: "P", version: "1" }, paths: { "PURGE /cache": {} } }), 'sources[0].paths["/cache"].additionalOperations', /^an additional operation/],
    ["itemSchema", openapi({ openapi: "3.2.0", info: { title: "S", version: "1" }, paths: { "GET /events": { 200: { contentType: "text/event-stream", itemSchema: arktype.pet } } } }), 'sources[0].paths["/events"].get.responses["200"].content["text/event-stream"].itemSchema', /^itemSchema needs OpenAPI 3\.2/],
    ["a querystring parameter", openapi({ openapi: "3.2.0", info: { title: "Q", version: "1" }, paths: { "GET /find": { querystring: valibot.listQuery } } }), 'sources[0].paths["/find"].get.parameters[0].in', /^a querystring parameter needs OpenAPI 3\.2/],
    ["$self", openapi({ openapi: "3.2.0", $self: "https://a.example/openapi.json", info: { title: "Self", version: "1" }, paths: {} }), "sources[0].$self", /^\$self needs OpenAPI 3\.2/],
    ["components.mediaTypes", openapi({ openapi: "3.2.0", info: { title: "M", version: "1" }, mediaTypes: { Lines: { itemSchema: { type: "string" } } }, paths: {} }), "sources[0].components.mediaTypes", /^components\.mediaTypes needs/],
    ["a Response summary", { ...doc32("R"), paths: { "/a": { get: { responses: { "200": { summary: "x" } } } } } } as never, 'sources[0].paths["/a"].get.responses["200"].summary', /^a Response summary needs OpenAPI 3\.2/],
    ["a Response without a description", { ...doc32("R"), paths: { "/a": { get: { responses: { "204": {} } } } } } as never, 'sources[0].paths["/a"].get.responses["204"]', /^a Response without a description needs OpenAPI 3\.2/],
    ["a deprecated security scheme", openapi({ openapi: "3.2.0", info: { title: "D", version: "1" }, securitySchemes: { k: { type: "apiKey", name: "k", in: "query", deprecated: true } }, paths: {} }), "sources[0].components.securitySchemes.k.deprecated", /^a deprecated security scheme needs/],
    ["a Media Type description", withContent({ description: "One pet" }), `${content}.description`, /^a Media Type description needs OpenAPI 3\.2/],
    ["prefixEncoding", withContent({ prefixEncoding: [{ contentType: "text/plain" }] }), `${content}.prefixEncoding`, /^prefixEncoding needs OpenAPI 3\.2/],
    ["itemEncoding", withContent({ itemEncoding: { contentType: "text/plain" } }), `${content}.itemEncoding`, /^itemEncoding needs OpenAPI 3\.2/],
    ["a Reference Object in place of a Media Type", withContent({ $ref: "#/components/mediaTypes/Json" }), `${content}.$ref`, /^a Reference Object in place of a Media Type needs OpenAPI 3\.2/],
    ["an Example dataValue", withComponents({ examples: { e: { dataValue: { id: 1 } } } }), "sources[0].components.examples.e.dataValue", /^an Example dataValue needs OpenAPI 3\.2/],
    ["an Example serializedValue", withComponents({ examples: { e: { serializedValue: "id=1" } } }), "sources[0].components.examples.e.serializedValue", /^an Example serializedValue needs OpenAPI 3\.2/],
    ["oauth2MetadataUrl", withComponents({ securitySchemes: { o: { type: "oauth2", oauth2MetadataUrl: "https://a.example/.well-known/oauth-authorization-server", flows: { clientCredentials: { tokenUrl: "https://a.example/token", scopes: {} } } } } }), "sources[0].components.securitySchemes.o.oauth2MetadataUrl", /^oauth2MetadataUrl needs OpenAPI 3\.2/],
    ["the deviceAuthorization OAuth flow", withComponents({ securitySchemes: { o: { type: "oauth2", flows: { deviceAuthorization: { deviceAuthorizationUrl: "https://a.example/device", tokenUrl: "https://a.example/token", scopes: {} } } } } }), "sources[0].components.securitySchemes.o.flows.deviceAuthorization", /^the deviceAuthorization OAuth flow needs OpenAPI 3\.2/],
    ["a Discriminator defaultMapping", withComponents({ schemas: { Cat: { type: "object" }, Pet: { oneOf: [{ $ref: "#/components/schemas/Cat" }], discriminator: { propertyName: "kind", defaultMapping: "#/components/schemas/Cat" } } } }), "sources[0].components.schemas.Pet.discriminator.defaultMapping", /^a Discriminator defaultMapping needs OpenAPI 3\.2/],
    ["a Server name on the document", { ...doc32("N"), servers: [{ url: "https://a.example", name: "production" }], paths: {} } as never, "sources[0].servers[0].name", /^a Server name needs OpenAPI 3\.2/],
    ["a Server name on a path item", { ...doc32("N"), paths: { "/a": { servers: [{ url: "https://a.example" }, { url: "https://b.example", name: "b" }] } } } as never, 'sources[0].paths["/a"].servers[1].name', /^a Server name needs OpenAPI 3\.2/],
    ["a Server name on an operation", { ...doc32("N"), paths: { "/a": { get: { servers: [{ url: "https://a.example", name: "a" }], responses: { "200": { description: "OK" } } } } } } as never, 'sources[0].paths["/a"].get.servers[0].name', /^a Server name needs OpenAPI 3\.2/],
  ];
  it.each(stops)("stops at %s, which the lower version has no form for: INVALID_DEFINITION naming it", (_what, source, location, message) => {
    const error = catchError(() => merge(base, source));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe(location);
    expect(error.message.slice(location.length + 2)).toMatch(message);
    expect(error.message).toContain(`and base ("Base") is ${version}`);
  });

  it("a 3.1 or 3.0 source into a 3.2 base is the other way round, and works", async () => {
    const result = merge(tagged, base);
    expect(result.openapi).toBe("3.2.0");
    expect(result.tags?.map((tag) => tag.name)).toEqual(["store", "pets", "cats", "base"]);
    expect(result).not.toHaveProperty("x-tagGroups");
    await expectValidOpenAPI(result);
  });
});

describe("tag parents across documents", () => {
  it('a merged tag whose parent no document lists is INVALID_DEFINITION ("The named tag MUST exist in the API description")', () => {
    const orphan = { openapi: "3.2.0", info: { title: "Orphan", version: "1" }, paths: {}, tags: [{ name: "kittens", parent: "cats" }] };
    const error = catchError(() => merge(gateway, orphan));
    expect(error.message).toBe('sources[0].tags[0].parent: the parent tag "cats" is not in tags; a parent must be a tag of the document');
    const result = merge(gateway, orphan, tagged) as unknown as Node;
    expect((result.tags as Node[]).map((tag) => tag.name)).toEqual(["search", "kittens", "store", "pets", "cats"]);
  });
});
