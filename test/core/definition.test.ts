import { describe, expect, it } from "vitest";
import { openapi, OpenAPI, type SpecloomDefinition, type SpecloomPlugin } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { libraries, versions } from "../fixtures/libraries";

describe.each(libraries)("openapi() with $name", (lib) => {
  describe.each(versions)("OpenAPI %s", (version) => {
    const seen: string[] = [];
    const plugin: SpecloomPlugin = {
      name: "marker",
      transformDocument: (document) => {
        seen.push(document.openapi);
        return { ...document, "x-marked": true };
      },
    };
    const definition: SpecloomDefinition = {
      openapi: version,
      info: {
        title: "Petstore",
        version: "1.2.3",
        description: "All about **pets**",
        termsOfService: "https://example.com/terms",
        contact: { name: "Pet team", url: "https://example.com", email: "pets@example.com" },
        license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
      },
      servers: [{ url: "https://{region}.example.com", description: "Production", variables: { region: { default: "eu", enum: ["eu", "us"] } } }],
      security: [{ bearerAuth: [] }],
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        apiKey: { type: "apiKey", name: "X-API-Key", in: "header" },
      },
      tags: [{ name: "pets", description: "Pet operations", externalDocs: { url: "https://example.com/pets" } }],
      externalDocs: { url: "https://example.com/docs", description: "Guide" },
      schemas: { Pet: lib.pet },
      plugins: [plugin],
      paths: {
        "GET /pets": { tags: ["pets"], query: lib.listQuery, 200: lib.petList },
        "POST /pets": { tags: ["pets"], body: lib.newPet, 201: lib.pet, security: [{ apiKey: [] }] },
      },
      ...(version === "3.1.0" ? { webhooks: { "POST newPet": { body: lib.pet, 200: null } } } : {}),
    };
    const document = openapi(definition);

    it("produces a valid document whose $refs resolve", async () => {
      await expectValidOpenAPI(document);
    });

    it("writes the requested version and every metadata field as given", () => {
      expect(document.openapi).toBe(version);
      expect(document.info).toEqual(definition.info);
      expect(document.servers).toEqual(definition.servers);
      expect(document.security).toEqual([{ bearerAuth: [] }]);
      expect(document.components?.securitySchemes).toEqual(definition.securitySchemes);
      expect(document.tags).toEqual(definition.tags);
      expect(document.externalDocs).toEqual(definition.externalDocs);
    });

    it("places named schemas under components.schemas and refers to them", () => {
      expect(Object.keys(document.components?.schemas ?? {})).toContain("Pet");
      const created = document.paths["/pets"]?.post?.responses?.["201"] as { content: Record<string, { schema: unknown }> };
      expect(created.content["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Pet" });
    });

    it("builds every path, and webhooks where the version has them", () => {
      expect(Object.keys(document.paths)).toEqual(["/pets"]);
      expect(Object.keys(document.paths["/pets"] ?? {})).toEqual(["get", "post"]);
      if (version === "3.1.0") expect(Object.keys(document.webhooks?.newPet ?? {})).toEqual(["post"]);
      else expect(document.webhooks).toBeUndefined();
    });

    it("runs the plugins", () => {
      expect(seen).toEqual([version]);
      expect(document["x-marked"]).toBe(true);
    });

    it("puts root fields in the OpenAPI specification's order", () => {
      const expected = ["openapi", "info", "servers", "paths", ...(version === "3.1.0" ? ["webhooks"] : []), "components", "security", "tags", "externalDocs", "x-marked"];
      expect(Object.keys(document)).toEqual(expected);
      expect(Object.keys(document.info)).toEqual(["title", "description", "termsOfService", "contact", "license", "version"]);
    });
  });
});

describe("openapi() defaults", () => {
  it("writes OpenAPI 3.1.0 when no version is given, with an empty paths object for no routes", async () => {
    const document = openapi({ info: { title: "Empty", version: "0" }, paths: {} });
    expect(document).toEqual({ openapi: "3.1.0", info: { title: "Empty", version: "0" }, paths: {} });
    await expectValidOpenAPI(document);
  });

  it("keeps info fields 3.1 adds (summary, license identifier) for 3.1.0 and rejects them for 3.0.3", async () => {
    const info = { title: "T", version: "1", summary: "Short", license: { name: "MIT", identifier: "MIT" } };
    const current = openapi({ info, paths: {} });
    expect(current.info).toEqual(info);
    await expectValidOpenAPI(current);
    expect(() => openapi({ openapi: "3.0.3", info, paths: {} })).toThrow(/info\.summary: this field needs OpenAPI 3\.1\.0/);
  });
});

describe("root extensions", () => {
  it.each(versions)("copies x- keys of the definition and of builder options to the document's root (%s)", async (version) => {
    const logo = { url: "https://example.com/logo.png" };
    const definition = { openapi: version, info: { title: "X", version: "1" }, "x-logo": logo, paths: { "GET /a": { 200: null } } };
    const document = openapi(definition);
    expect(document["x-logo"]).toEqual(logo);
    expect(document["x-logo"]).not.toBe(logo);
    expect(Object.keys(document).at(-1)).toBe("x-logo");
    expect(new OpenAPI({ openapi: version, info: { title: "X", version: "1" }, "x-logo": logo }).route("GET /a", { 200: null }).document()).toEqual(document);
    await expectValidOpenAPI(document);
  });

  it("names a root extension's bad value by its key, from openapi() and the builder alike", () => {
    const logo = { url: () => "https://example.com/logo.png" };
    const expected = /^x-logo\.url: expected JSON data, found a function/;
    expect(() => openapi({ info: { title: "X", version: "1" }, "x-logo": logo, paths: {} })).toThrow(expected);
    expect(() => new OpenAPI({ info: { title: "X", version: "1" }, "x-logo": logo }).document()).toThrow(expected);
  });

  it("still rejects an unknown field that is not an extension", () => {
    expect(() => openapi({ info: { title: "X", version: "1" }, paths: {}, titel: "typo" } as never)).toThrow(/^titel: unknown field of a definition \(expected .*, or an x- extension\)$/);
  });
});
