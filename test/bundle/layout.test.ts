/**
 * Bundling a real modular API (test/bundle/fixtures/shop: 27 files across paths/, webhooks/
 * and components/*, with cycles between files, shared files, fragments into YAML and JSON,
 * `{}` and spaces in file names, nested folders and `../`), once as 3.1 and once as 3.0.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bundle } from "specloom";
import { bundleFile } from "specloom/node";
import { describe, expect, it } from "vitest";
import { refsOf } from "../helpers/refs";
import { expectValidOpenAPI, isDeepFrozen } from "../helpers/document";

const shop = join(import.meta.dirname, "fixtures", "shop");

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const v31 = (await bundleFile(join(shop, "openapi.yaml"))) as Json;
const v30 = (await bundleFile(join(shop, "openapi-3.0.yaml"))) as Json;

it("the layout is a real modular API of more than 20 files", () => {
  const files = readdirSync(shop, { recursive: true, encoding: "utf8" }).filter((entry) => /\.(ya?ml|json)$/.test(entry));
  expect(files.length).toBeGreaterThanOrEqual(20);
  expect(files).toContain(join("paths", "owners", "owner {ownerId}.yaml"));
});

describe.each([
  ["3.1", v31],
  ["3.0", v30],
])("the %s bundle", (_version, document) => {
  it("is valid, every $ref resolves, and every $ref is local", async () => {
    await expectValidOpenAPI(document);
    for (const ref of refsOf(document)) expect(ref.startsWith("#/")).toBe(true);
  });

  it("is deeply frozen", () => {
    expect(isDeepFrozen(document)).toBe(true);
  });

  it("inlines the path items `paths` refers to, files with `{}` in their names included", () => {
    expect(document.paths["/pets"].get.operationId).toBe("listPets");
    expect(document.paths["/pets/{petId}"].get.operationId).toBe("getPet");
    expect(document.paths["/pets"].$ref).toBeUndefined();
  });

  it("puts each reference in the section of what its position holds", () => {
    const pets = document.paths["/pets"];
    expect(pets.get.parameters[0]).toEqual({ $ref: "#/components/parameters/limit" });
    expect(pets.get.responses.default).toEqual({ $ref: "#/components/responses/Problem" });
    expect(pets.get.responses["200"].headers["X-Rate-Limit"]).toEqual({ $ref: "#/components/headers/RateLimit" });
    expect(pets.post.requestBody).toEqual({ $ref: "#/components/requestBodies/NewPet" });
    expect(pets.post.responses["201"].content["application/json"].examples.rex).toEqual({ $ref: "#/components/examples/pet-rex" });
    expect(document.paths["/pets/{petId}"].get.responses["200"].links.owner).toEqual({ $ref: "#/components/links/GetOwner" });
    expect(document.paths["/orders"].post.callbacks.orderEvent).toEqual({ $ref: "#/components/callbacks/orderEvent" });
    expect(document.components.links.GetOwner.operationId).toBe("getOwner");
    expect(document.components.examples["pet-rex"].value).toEqual({ id: 1, name: "Rex" });
  });

  it("names a component after its file, or after the fragment's last segment", () => {
    const schemas = document.components.schemas;
    // components/schemas/Pet.yaml is Pet; common.yaml#/Id is Id; errors.json#/Problem is Problem.
    expect(schemas.Pet.required).toEqual(["id", "name"]);
    expect(schemas.Id).toEqual({ type: "integer", format: "int64" });
    expect(schemas.Problem.required).toEqual(["title"]);
    // A pointer inside a fragment file resolves in that file: errors.json#/Detail.
    expect(schemas.Problem.properties.detail).toEqual({ $ref: "#/components/schemas/Detail" });
    expect(schemas.Detail).toEqual({ type: "string", maxLength: 500 });
  });

  it("renames a clash in one section with the first free number, in the order references are met", () => {
    // schemas/Order.yaml is met first (its `previous` property refers to legacy/Order.yaml).
    const schemas = document.components.schemas;
    expect(schemas.Order.properties.previous).toEqual({ $ref: "#/components/schemas/Order2" });
    expect(schemas.Order2.description).toBe("An order as the first version of the API wrote it.");
    // Problem is both a schema and a response: different sections, no clash.
    expect(document.components.responses.Problem.description).toBe("Something went wrong");
  });

  it("makes a file referenced from many places, in many spellings, one component", () => {
    // Pet.yaml is reached as ../components/schemas/Pet.yaml, ./Pet.yaml and Pet.yaml.
    const petRefs = refsOf(document).filter((ref) => ref.startsWith("#/components/schemas/Pet"));
    expect(new Set(petRefs)).toEqual(new Set(["#/components/schemas/Pet"]));
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith("Pet"))).toEqual(["Pet"]);
  });

  it("bundles cycles between files and a file's reference to itself", () => {
    const schemas = document.components.schemas;
    expect(schemas.Pet.properties.owner).toEqual({ $ref: "#/components/schemas/Owner" });
    expect(schemas.Owner.properties.pets.items).toEqual({ $ref: "#/components/schemas/Pet" });
    // `$ref: "#"` in Category.yaml and `$ref: Category.yaml` both mean the whole file.
    expect(schemas.Category.properties.parent).toEqual({ $ref: "#/components/schemas/Category" });
    expect(schemas.Category.properties.children.items).toEqual({ $ref: "#/components/schemas/Category" });
  });

  it("gives an entry component that is only a $ref its file's content, under the entry's name", () => {
    expect(document.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
  });

  it("is the same document every time", async () => {
    const again = await bundleFile(join(shop, document.openapi === "3.1.0" ? "openapi.yaml" : "openapi-3.0.yaml"));
    expect(JSON.stringify(again)).toBe(JSON.stringify(document));
  });
});

describe("3.1", () => {
  it('keeps a Reference Object\'s `description`, which 3.1 allows beside $ref ("override the description")', () => {
    expect(v31.paths["/owners/{ownerId}"].get.responses["404"]).toEqual({ $ref: "#/components/responses/NotFound", description: "No owner with this id" });
  });

  it("inlines webhooks' path items and puts a callback's path item in components.pathItems", () => {
    expect(v31.webhooks.newPet.post.operationId).toBe("newPetWebhook");
    expect(v31.components.callbacks.orderEvent["{$request.body#/callbackUrl}"]).toEqual({ $ref: "#/components/pathItems/orderStatus" });
    expect(v31.components.pathItems.orderStatus.post.operationId).toBe("orderStatusChanged");
  });

  it("turns a file's reference back into the entry document into a local one", () => {
    // paths/orders.json refers to ../openapi.yaml#/components/parameters/traceId.
    expect(v31.paths["/orders"].post.parameters[0]).toEqual({ $ref: "#/components/parameters/traceId" });
    expect(Object.keys(v31.components.parameters)).toEqual(["traceId", "limit", "petId", "ownerId"]);
  });
});

describe("3.0", () => {
  it("inlines a callback's path item: 3.0 has no components.pathItems", () => {
    expect(v30.components.pathItems).toBeUndefined();
    expect(v30.components.callbacks.orderEvent["{$request.body#/callbackUrl}"].post.operationId).toBe("orderStatusChanged");
  });

  it("bundles openapi.yaml#/... as a file like any other when another document is the entry", () => {
    // The 3.0 entry has a traceId parameter of its own, so the 3.1 document's becomes traceId2.
    expect(v30.paths["/orders"].post.parameters[0]).toEqual({ $ref: "#/components/parameters/traceId2" });
    expect(v30.components.parameters.traceId2.name).toBe("X-Trace-Id");
  });
});

it("makes a reference elsewhere to an entry component's file, spelled otherwise, that component", async () => {
  const files: Record<string, unknown> = {
    "https://specs.example/api/openapi.json": {
      openapi: "3.1.0",
      info: { title: "Pets", version: "1" },
      paths: { "/pet": { get: { responses: { "200": { description: "A pet", content: { "application/json": { schema: { $ref: "./schemas/../schemas/Pet.json" } } } } } } } },
      components: { schemas: { Animal: { $ref: "schemas/Pet.json" } } },
    },
    "https://specs.example/api/schemas/Pet.json": { type: "object", properties: { name: { type: "string" } } },
  };
  const document = (await bundle("https://specs.example/api/openapi.json", { load: (url) => files[url] })) as Json;
  expect(document.paths["/pet"].get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Animal" });
  expect(document.components.schemas).toEqual({ Animal: { type: "object", properties: { name: { type: "string" } } } });
  await expectValidOpenAPI(document);
});

it('tells a file from its member named "": RFC 6901\'s "" is "the whole document", "/" the member named ""', async () => {
  const files: Record<string, unknown> = {
    "https://specs.example/openapi.json": {
      openapi: "3.1.0",
      info: { title: "Names", version: "1" },
      paths: {
        "/name": {
          get: {
            responses: {
              "200": {
                description: "A name",
                content: { "application/json": { schema: { $ref: "name.json" } }, "text/plain": { schema: { $ref: "name.json#/" } } },
              },
            },
          },
        },
      },
    },
    "https://specs.example/name.json": { type: "object", "": { type: "string" } },
  };
  const document = (await bundle("https://specs.example/openapi.json", { load: (url) => files[url] })) as Json;
  const content = document.paths["/name"].get.responses["200"].content;
  expect(content["application/json"].schema).toEqual({ $ref: "#/components/schemas/name" });
  expect(content["text/plain"].schema).toEqual({ $ref: "#/components/schemas/name2" });
  expect(document.components.schemas).toEqual({ name: { type: "object", "": { type: "string" } }, name2: { type: "string" } });
  await expectValidOpenAPI(document);
});

it("leaves the files as they were", () => {
  const text = readFileSync(join(shop, "components", "schemas", "Pet.yaml"), "utf8");
  expect(text).toContain("$ref: Owner.yaml");
});
