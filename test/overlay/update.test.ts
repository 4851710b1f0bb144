/**
 * The `update` action and the order of actions, in Overlay 1.0.0 and 1.1.0, on the OAI
 * examples and the Twilio corpus. Each test quotes the rule of the specification it checks.
 */
import { describe, expect, it } from "vitest";
import { applyOverlay } from "specloom/overlay";
import { expectValidOpenAPI } from "../helpers/document";
import { errorOf } from "../merge/fixtures";
import { VERSIONS, at, oaiExample, overlay, plain, twilio } from "./fixtures";

describe.each(VERSIONS)("Overlay %s update", (version) => {
  it('"The list of actions MUST be applied in sequential order": a path removed by one action is re-created by the next', async () => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(
      document,
      overlay(version, [
        { target: "$.paths['/pets/{petId}']", remove: true },
        { target: "$.paths", update: { "/pets/{petId}": { get: { operationId: "showPetById", parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string" } }], responses: { "200": { description: "The pet" } } } } } },
      ]),
    );
    expect(at(result, "paths", "/pets/{petId}", "get", "responses")).toEqual({ "200": { description: "The pet" } });
    expect(Object.keys(result.paths ?? {})).toEqual(["/pets", "/pets/{petId}"]);
    await expectValidOpenAPI(result);
  });

  it('a target that selects nothing: "zero or more" nodes, and the document is unchanged', async () => {
    const document = twilio("twilio_accounts_v1.json");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths['/v9/Nothing'].get", update: { summary: "never used" } }]));
    expect(result).toEqual(document);
    await expectValidOpenAPI(result);
  });

  it('an object node: "properties in the merge object replace properties in the target object with the same name and new properties are appended"', async () => {
    const document = twilio("twilio_accounts_v1.json");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths.*.get", update: { summary: "Public summary", "x-safe": true } }]));
    const gets = Object.entries(result.paths ?? {}).filter(([, item]) => item.get !== undefined);
    expect(gets.length).toBeGreaterThan(3);
    for (const [path, item] of gets) {
      expect(item.get?.summary).toBe("Public summary");
      expect((item.get as Record<string, unknown>)["x-safe"]).toBe(true);
      // Everything else of the operation is still there.
      expect(item.get?.responses).toEqual(document.paths?.[path]?.get?.responses);
      expect(item.get?.operationId).toBe(document.paths?.[path]?.get?.operationId);
    }
    // Operations the target does not select keep no trace of the update.
    expect(at(result, "paths", "/v1/Credentials/AWS", "post", "summary")).toBe(at(document, "paths", "/v1/Credentials/AWS", "post", "summary"));
    await expectValidOpenAPI(result);
  });

  it("the structured overlay example: one update at $ that mirrors the document merges recursively (info.title is kept)", async () => {
    const document = oaiExample("petstore-expanded.yaml");
    const result = applyOverlay(
      document,
      overlay(version, [{ target: "$", update: { info: { "x-overlay-applied": "structured-overlay" }, paths: { "/pets": { get: { summary: "Retrieve a list of pets", "x-rate-limit": 100 } } } } }]),
    );
    expect(result.info).toEqual({ ...document.info, "x-overlay-applied": "structured-overlay" });
    expect(at(result, "paths", "/pets", "get", "summary")).toBe("Retrieve a list of pets");
    expect(at(result, "paths", "/pets", "get", "operationId")).toBe("findPets");
    expect(at(result, "paths", "/pets", "post")).toEqual(at(document, "paths", "/pets", "post"));
    await expectValidOpenAPI(result);
  });

  it('an array node: "the value of this field should be an entry to append to the array" (the array modification example)', async () => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths.*.get.parameters", update: { name: "newParam", in: "query", schema: { type: "string" } } }]));
    for (const path of ["/pets", "/pets/{petId}"]) {
      const before = at(document, "paths", path, "get", "parameters") as unknown[];
      expect(at(result, "paths", path, "get", "parameters")).toEqual([...before, { name: "newParam", in: "query", schema: { type: "string" } }]);
    }
    await expectValidOpenAPI(result);
  });

  it('the wildcard example: a filter "[?@.name==\'limit\' && @.in==\'query\']" selects the one parameter to merge into', async () => {
    const document = oaiExample("petstore-expanded.yaml");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths.*.get.parameters[?@.name=='limit' && @.in=='query']", update: { description: "At most this many pets", example: 20 } }]));
    const limit = (at(result, "paths", "/pets", "get", "parameters") as Record<string, unknown>[]).find((parameter) => parameter.name === "limit");
    expect(limit).toMatchObject({ name: "limit", in: "query", description: "At most this many pets", example: 20 });
    const tags = (at(result, "paths", "/pets", "get", "parameters") as Record<string, unknown>[]).find((parameter) => parameter.name === "tags");
    expect(tags).toEqual((at(document, "paths", "/pets", "get", "parameters") as Record<string, unknown>[]).find((parameter) => parameter.name === "tags"));
    await expectValidOpenAPI(result);
  });

  it('merging: "A property that only exists in the target object is left unchanged", one only in the update "is inserted", "A primitive value ... replaces a primitive value"', async () => {
    const document = twilio("twilio_accounts_v1.json");
    const result = applyOverlay(document, overlay(version, [{ target: "$.info", update: { title: "Accounts (public)", "x-audience": "public", contact: { name: "API team" } } }]));
    expect(result.info.title).toBe("Accounts (public)");
    expect(result.info.version).toBe(document.info.version);
    expect(result.info.contact).toEqual({ ...document.info.contact, name: "API team" });
    expect(at(result, "info", "x-audience")).toBe("public");
    await expectValidOpenAPI(result);
  });

  it('merging: "An array value of the update ... is concatenated with an array value of the target property"', async () => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths['/pets'].get", update: { tags: ["public"] } }]));
    expect(at(result, "paths", "/pets", "get", "tags")).toEqual(["pets", "public"]);
    await expectValidOpenAPI(result);
  });

  it('merging: "Other property value combinations are incompatible and result in an error" (an object onto a string)', () => {
    const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay(version, [{ target: "$.info", update: { title: { text: "no" } } }])));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(/^overlays\[0\]\.actions\[0\]\.update\.title: cannot merge an object into the string "Swagger Petstore" at \$\['info'\]\.title/);
  });

  it("update on an object node with a value that is not an object is an error naming the node", () => {
    const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay(version, [{ target: "$.info", update: "Title" }])));
    expect(error.message).toBe(`overlays[0].actions[0].update: the target selects an object at $['info'], so this MUST be an object to merge into it; found the string "Title"`);
  });

  it("descendant segments, slices and quoted names select what RFC 9535 says", async () => {
    const document = twilio("twilio_accounts_v1.json");
    const result = applyOverlay(
      document,
      overlay(version, [
        { target: "$..parameters[?@.name == 'PageSize']", update: { description: "Page size" } },
        { target: "$.servers[0:1]", update: { description: "Production" } },
        { target: "$.paths['/v1/Credentials/AWS']", update: { summary: "AWS credentials" } },
      ]),
    );
    const pageSizes = JSON.stringify(result).match(/"name":"PageSize"/g) ?? [];
    expect(pageSizes.length).toBeGreaterThan(1);
    expect(JSON.stringify(result).match(/"name":"PageSize","in":"query","description":"Page size"/g)?.length).toBe(pageSizes.length);
    expect(result.servers).toEqual([{ url: "https://accounts.twilio.com", description: "Production" }]);
    expect(at(result, "paths", "/v1/Credentials/AWS", "summary")).toBe("AWS credentials");
    await expectValidOpenAPI(result);
  });

  it("several overlays apply in argument order, each to the result of the one before", async () => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(
      document,
      overlay(version, [{ target: "$.info", update: { title: "First" } }]),
      overlay(version, [{ target: "$.info", update: { description: "After First" } }, { target: "$.info", update: { title: "Second" } }]),
    );
    expect(result.info).toMatchObject({ title: "Second", description: "After First" });
    await expectValidOpenAPI(result);
  });

  it("extends is kept as information: never fetched, and it changes nothing", async () => {
    const document = oaiExample("petstore.yaml");
    const actions = [{ target: "$.info", update: { "x-logo": "logo.png" } }];
    const withExtends = applyOverlay(document, overlay(version, actions, { extends: "https://example.com/openapi/petstore.yaml" }));
    expect(withExtends).toEqual(applyOverlay(document, overlay(version, actions)));
    expect(applyOverlay(document, overlay(version, actions, { extends: "./petstore.yaml" }))).toEqual(withExtends);
    await expectValidOpenAPI(withExtends);
  });

  it("an action with only a target (and a description) changes nothing", () => {
    const document = oaiExample("petstore.yaml");
    expect(applyOverlay(document, overlay(version, [{ target: "$.info", description: "A note for reviewers" }]))).toEqual(document);
  });

  it("returns a new, deeply frozen document; the document and the overlays are neither changed nor frozen", () => {
    const document = twilio("twilio_accounts_v1.json");
    const before = plain(document);
    const update = { description: "Shared", "x-tags": ["a"] };
    const theOverlay = overlay(version, [{ target: "$.paths.*.get", update }]);
    const overlayBefore = plain(theOverlay);
    const result = applyOverlay(document, theOverlay);
    expect(document).toEqual(before);
    expect(theOverlay).toEqual(overlayBefore);
    expect(Object.isFrozen(document) || Object.isFrozen(document.info) || Object.isFrozen(update) || Object.isFrozen(update["x-tags"])).toBe(false);
    const stack: unknown[] = [result];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== "object") continue;
      expect(Object.isFrozen(node)).toBe(true);
      for (const value of Object.values(node)) stack.push(value);
    }
    // Each selected node got its own copy of the update.
    const gets = Object.values(result.paths ?? {}).flatMap((item) => (item.get ? [item.get as Record<string, unknown>] : []));
    expect(gets[0]?.["x-tags"]).not.toBe(gets[1]?.["x-tags"]);
    expect(gets[0]?.["x-tags"]).not.toBe(update["x-tags"]);
  });
});

describe("Overlay 1.0.0 and 1.1.0 differ", () => {
  it('1.0: "The result of the target JSONPath expression must be zero or more objects or arrays (not primitive types or null values)"', () => {
    const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay("1.0.0", [{ target: "$.info.title", update: "Petstore" }])));
    expect(error.message).toBe(
      `overlays[0].actions[0].target: selects the string "Swagger Petstore" at $['info']['title']; in Overlay 1.0 a target selects objects or arrays (target the object that holds it, or use overlay: 1.1.0)`,
    );
  });

  it('1.1: "If the target selects primitive nodes, the value of this field MUST be a primitive value to replace each selected node" (the targeted overlay example)', async () => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(
      document,
      overlay("1.1.0", [
        { target: "$.paths['/pets'].get.summary", update: "List every pet" },
        { target: "$.paths.*.*.responses['200'].description", update: "Success" },
        { target: "$.paths['/pets'].get.tags[0]", update: "animals" },
      ]),
    );
    expect(at(result, "paths", "/pets", "get", "summary")).toBe("List every pet");
    expect(at(result, "paths", "/pets", "get", "tags")).toEqual(["animals"]);
    expect(at(result, "paths", "/pets/{petId}", "get", "responses", "200", "description")).toBe("Success");
    expect(at(result, "paths", "/pets", "post", "responses", "201", "description")).toBe(at(document, "paths", "/pets", "post", "responses", "201", "description"));
    await expectValidOpenAPI(result);
  });

  it("1.1: a primitive node with an object update is an error", () => {
    const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay("1.1.0", [{ target: "$.info.title", update: { text: "x" } }])));
    expect(error.message).toBe(`overlays[0].actions[0].update: the target selects the string "Swagger Petstore" at $['info']['title'], so this MUST be a primitive value to replace it; found an object`);
  });

  it('1.1: "If the target selects array nodes, the value of this field MUST be an array to concatenate with each selected array"', async () => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(document, overlay("1.1.0", [{ target: "$.paths.*.get.tags", update: ["public", "v1"] }]));
    expect(at(result, "paths", "/pets", "get", "tags")).toEqual(["pets", "public", "v1"]);
    expect(at(result, "paths", "/pets/{petId}", "get", "tags")).toEqual(["pets", "public", "v1"]);
    await expectValidOpenAPI(result);
  });

  it('1.1: "the selected nodes MUST be either all objects or all arrays or all primitives"', () => {
    const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay("1.1.0", [{ target: "$.info.*", update: "x" }])));
    expect(error.message).toMatch(/^overlays\[0\]\.actions\[0\]\.target: selects the string "1\.0\.0" at \$\['info'\]\['version'\] and an object at \$\['info'\]\['license'\]: "the selected nodes MUST be either all objects or all arrays or all primitives"$/);
  });

  it("1.1: the traits example's nested filter selects the operations marked paged", async () => {
    const document = oaiExample("petstore-expanded.yaml");
    const marked = applyOverlay(document, overlay("1.1.0", [{ target: "$.paths['/pets'].get", update: { "x-oai-traits": ["paged"] } }]));
    const result = applyOverlay(
      marked,
      overlay("1.1.0", [{ target: "$.paths[?(@.get['x-oai-traits'][?(@ == 'paged')])].get", update: { parameters: [{ name: "skip", in: "query", schema: { type: "integer" } }] } }]),
    );
    const names = (at(result, "paths", "/pets", "get", "parameters") as { name: string }[]).map((parameter) => parameter.name);
    expect(names).toEqual(["tags", "limit", "skip"]);
    expect(at(result, "paths", "/pets/{id}", "get", "parameters")).toEqual(at(document, "paths", "/pets/{id}", "get", "parameters"));
    await expectValidOpenAPI(result);
  });
});
