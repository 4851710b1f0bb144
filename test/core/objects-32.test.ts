/**
 * The objects OpenAPI 3.2.0 added or extended, through the object model: nested tags (and
 * their `x-tagGroups` lowering for 3.1.0 and 3.0.3), `$self`, `Server.name`, response
 * `summary`, Example `dataValue`/`serializedValue`, the device authorization flow,
 * `oauth2MetadataUrl`, a deprecated security scheme, `components.mediaTypes`. Every document
 * is validated against the schema of its version.
 */
import { describe, expect, it } from "vitest";
import { openapi, type OpenAPIDocument, type SpecloomDefinition } from "specloom";
import { libraries } from "../fixtures/libraries";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";

const info = { title: "3.2 objects", version: "1" };
const EARLIER = ["3.1.0", "3.0.3"] as const;

const tags = [
  { name: "store", summary: "Store", description: "Everything sold", kind: "nav" },
  { name: "pets", summary: "Pets", parent: "store", kind: "nav" },
  { name: "cats", parent: "pets" },
  { name: "orders", parent: "store" },
  { name: "beta", kind: "badge" },
];

describe.each(libraries)("nested tags with $name", (lib) => {
  const build = (version: SpecloomDefinition["openapi"], extra: Partial<SpecloomDefinition> = {}): OpenAPIDocument =>
    openapi({ openapi: version, info, tags, paths: { "GET /cats": { tags: ["cats", "beta"], 200: lib.petList } }, ...extra });

  it("3.2.0 keeps summary, parent and kind on each Tag Object, in the specification's field order", async () => {
    const doc = build("3.2.0");
    expect(doc.tags).toEqual(tags);
    expect(Object.keys(doc.tags?.[0] ?? {})).toEqual(["name", "summary", "description", "kind"]);
    expect(Object.keys(doc.tags?.[1] ?? {})).toEqual(["name", "summary", "parent", "kind"]);
    expect(doc).not.toHaveProperty("x-tagGroups");
    await expectValidOpenAPI(doc);
  });

  it.each(EARLIER)("%s writes the hierarchy as x-tagGroups, one group per top-level tag and every tag in one (Redocly: \"a tag that is not in a group is not displayed at all\"), dropping summary and kind", async (version) => {
    const doc = build(version);
    expect(doc.tags).toEqual([{ name: "store", description: "Everything sold" }, { name: "pets" }, { name: "cats" }, { name: "orders" }, { name: "beta" }]);
    expect(doc["x-tagGroups"]).toEqual([
      { name: "store", tags: ["store", "pets", "cats", "orders"] },
      { name: "beta", tags: ["beta"] },
    ]);
    await expectValidOpenAPI(doc);
  });

  it.each(EARLIER)("%s: tags without a parent get no x-tagGroups", async (version) => {
    const doc = openapi({ openapi: version, info, tags: [{ name: "a", summary: "A" }], paths: { "GET /a": { tags: ["a"], 200: lib.text } } });
    expect(doc.tags).toEqual([{ name: "a" }]);
    expect(doc).not.toHaveProperty("x-tagGroups");
    await expectValidOpenAPI(doc);
  });

  it.each(EARLIER)("%s: a parent together with an x-tagGroups of your own is INVALID_DEFINITION (one hierarchy, not two)", (version) => {
    const error = catchError(() => build(version, { "x-tagGroups": [] }));
    expect(error.message).toMatch(/^x-tagGroups: tags with a parent are written as x-tagGroups/);
  });
});

describe("tag parents", () => {
  it.each(["3.2.0", ...EARLIER] as const)('%s: a parent that is not a tag is INVALID_DEFINITION ("The named tag MUST exist in the API description")', (version) => {
    const error = catchError(() => openapi({ openapi: version, info, paths: {}, tags: [{ name: "a" }, { name: "b", parent: "c" }] }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe('tags[1].parent: the parent tag "c" is not in tags; a parent must be a tag of the document');
  });

  it.each(["3.2.0", ...EARLIER] as const)('%s: "circular references between parent and child tags MUST NOT be used"', (version) => {
    const cycle = catchError(() => openapi({ openapi: version, info, paths: {}, tags: [{ name: "a", parent: "c" }, { name: "b", parent: "a" }, { name: "c", parent: "b" }] }));
    expect(cycle.message).toBe('tags[0].parent: the tag "a" is its own ancestor (a -> c -> b -> a); tag parents must not form a cycle');
    const self = catchError(() => openapi({ openapi: version, info, paths: {}, tags: [{ name: "a", parent: "a" }] }));
    expect(self.message).toBe('tags[0].parent: the tag "a" is its own ancestor (a -> a); tag parents must not form a cycle');
  });

  it("a long chain of parents is walked without recursion", async () => {
    const chain = Array.from({ length: 5000 }, (_, i) => (i === 0 ? { name: "t0" } : { name: `t${i}`, parent: `t${i - 1}` }));
    const doc = openapi({ openapi: "3.1.0", info, paths: {}, tags: chain });
    expect((doc["x-tagGroups"] as { tags: string[] }[])[0]?.tags).toHaveLength(5000);
  });
});

describe("the rest of 3.2's objects", () => {
  const oauth = {
    type: "oauth2" as const,
    oauth2MetadataUrl: "https://auth.example.com/.well-known/oauth-authorization-server",
    flows: { deviceAuthorization: { deviceAuthorizationUrl: "https://auth.example.com/device", tokenUrl: "https://auth.example.com/token", scopes: { read: "Read" } } },
  };

  it.each(libraries)("$name: $self, Server.name, response summary, Example dataValue/serializedValue, device flow, oauth2MetadataUrl, deprecated scheme, mediaTypes", async (lib) => {
    const doc = openapi({
      openapi: "3.2.0",
      $self: "https://api.example.com/openapi.json",
      info,
      servers: [{ url: "https://api.example.com", name: "production" }],
      securitySchemes: { device: oauth, legacy: { type: "apiKey", name: "key", in: "header", deprecated: true } },
      mediaTypes: { PetLines: { description: "One pet a line", itemSchema: { type: "object" } } },
      security: [{ device: ["read"] }],
      paths: {
        "GET /pets/{petId}": {
          params: lib.petParams,
          200: { summary: "The pet", description: "The pet, as stored", schema: lib.pet, examples: { rex: { dataValue: { id: 1, name: "Rex" }, serializedValue: '{"id":1,"name":"Rex"}' } } },
          404: { summary: "No such pet", content: {} },
        },
        "GET /pets.jsonl": { 200: { description: "Pets", content: { "application/jsonl": { $ref: "#/components/mediaTypes/PetLines" } as never } } },
      },
    });
    expect(Object.keys(doc).slice(0, 3)).toEqual(["openapi", "$self", "info"]);
    expect(doc.servers).toEqual([{ url: "https://api.example.com", name: "production" }]);
    const ok = doc.paths["/pets/{petId}"]?.get?.responses?.["200"] as unknown as Record<string, unknown>;
    expect(Object.keys(ok)).toEqual(["summary", "description", "content"]);
    expect((doc.paths["/pets/{petId}"]?.get?.responses?.["404"] as unknown as Record<string, unknown>).description).toBe("Not Found");
    expect(doc.components?.securitySchemes?.device).toEqual(oauth);
    expect(doc.components?.mediaTypes?.PetLines).toEqual({ description: "One pet a line", itemSchema: { type: "object" } });
    await expectValidOpenAPI(doc);
  });

  it('an Example with value and dataValue is INVALID_DEFINITION ("value" MUST NOT be present with "dataValue")', () => {
    const error = catchError(() =>
      openapi({ openapi: "3.2.0", info, paths: { "GET /a": { 200: { contentType: "text/plain", examples: { a: { value: "x", dataValue: "x" } } } } } }),
    );
    expect(error.message).toBe('paths["GET /a"][200].examples.a.dataValue: an Example has a value or a dataValue, not both');
  });

  it("$self is a URI reference without a fragment", () => {
    const error = catchError(() => openapi({ openapi: "3.2.0", $self: "https://a.example/openapi.json#top", info, paths: {} }));
    expect(error.message).toMatch(/^\$self: expected a URI reference without a fragment/);
  });

  it("a $ref to a media type component that does not exist is SCHEMA_RESOLUTION_FAILED", () => {
    const error = catchError(() => openapi({ openapi: "3.2.0", info, paths: { "GET /a": { 200: { description: "A", content: { "application/jsonl": { $ref: "#/components/mediaTypes/Nope" } as never } } } } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
  });

  const lower: [string, Partial<SpecloomDefinition>, RegExp][] = [
    ["$self", { $self: "/openapi.json" }, /^\$self: \$self needs OpenAPI 3\.2\.0/],
    ["Server.name", { servers: [{ url: "/", name: "here" }] }, /^servers\[0\]\.name: this field needs OpenAPI 3\.2\.0/],
    ["the device authorization flow", { securitySchemes: { device: { type: "oauth2", flows: oauth.flows } } }, /^securitySchemes\.device\.flows\.deviceAuthorization: this field needs OpenAPI 3\.2\.0/],
    ["oauth2MetadataUrl", { securitySchemes: { o: { type: "oauth2", oauth2MetadataUrl: "https://a.example/m", flows: { clientCredentials: { tokenUrl: "https://a.example/t", scopes: {} } } } } }, /^securitySchemes\.o\.oauth2MetadataUrl: this field needs OpenAPI 3\.2\.0/],
    ["a deprecated security scheme", { securitySchemes: { k: { type: "apiKey", name: "k", in: "query", deprecated: true } } }, /^securitySchemes\.k\.deprecated: this field needs OpenAPI 3\.2\.0/],
    ["components.mediaTypes", { mediaTypes: {} }, /^mediaTypes: components\.mediaTypes needs OpenAPI 3\.2\.0/],
    ["a response summary", { paths: { "GET /a": { 200: { summary: "A", description: "A", content: {} } } } }, /^paths\["GET \/a"\]\[200\]\.summary: this field needs OpenAPI 3\.2\.0/],
    ["an Example dataValue", { paths: { "GET /a": { 200: { contentType: "text/plain", examples: { a: { dataValue: "x" } } } } } }, /^paths\["GET \/a"\]\[200\]\.examples\.a\.dataValue: this field needs OpenAPI 3\.2\.0/],
  ];
  describe.each(EARLIER)("in %s", (version) => {
    it.each(lower)("%s is INVALID_DEFINITION naming the version it needs", (_name, extra, message) => {
      const error = catchError(() => openapi({ openapi: version, info, paths: {}, ...extra } as SpecloomDefinition));
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toMatch(message);
      expect(error.message.endsWith(`document is ${version}`)).toBe(true);
    });
  });
});
