/**
 * The `remove` action (1.0.0 and 1.1.0), `remove` together with `update` in 1.0, and 1.1's
 * `copy`, with the specification's own examples where it has them.
 */
import { describe, expect, it } from "vitest";
import { applyOverlay } from "specloom/overlay";
import { expectValidOpenAPI } from "../helpers/document";
import { errorOf } from "../merge/fixtures";
import { VERSIONS, at, oaiExample, overlay, twilio } from "./fixtures";

describe.each(VERSIONS)("Overlay %s remove", (version) => {
  it('"the target object is to be removed from the the map or array it is contained in": internal paths leave the document', async () => {
    const document = twilio("twilio_accounts_v1.json");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths['/v1/Credentials/AWS','/v1/Credentials/AWS/{Sid}']", remove: true }]));
    expect(Object.keys(result.paths ?? {})).toEqual(Object.keys(document.paths ?? {}).filter((path) => !path.startsWith("/v1/Credentials/AWS")));
    await expectValidOpenAPI(result);
  });

  it("the array modification example: a filter removes the matching array items, the others keep their order", async () => {
    const document = oaiExample("petstore-expanded.yaml");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths.*.get.parameters[?@.name == 'tags']", remove: true }]));
    expect((at(result, "paths", "/pets", "get", "parameters") as { name: string }[]).map((parameter) => parameter.name)).toEqual(["limit"]);
    await expectValidOpenAPI(result);
  });

  it("removing many items of one array, selected together, removes exactly those", async () => {
    const document = twilio("twilio_accounts_v1.json");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths.*.get.parameters[0:2]", remove: true }]));
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (item.get?.parameters === undefined) continue;
      expect(at(result, "paths", path, "get", "parameters")).toEqual(item.get.parameters.slice(2));
    }
    await expectValidOpenAPI(result);
  });

  it("a node and a node inside it, selected together, are both gone", async () => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(document, overlay(version, [{ target: "$..[?@.operationId == 'createPets' || @.name == 'limit']", remove: true }]));
    expect(at(result, "paths", "/pets", "post")).toBeUndefined();
    expect(at(result, "paths", "/pets", "get", "parameters")).toEqual([]);
    await expectValidOpenAPI(result);
  });

  it("the root is in no map or array, so removing it is an error", () => {
    const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay(version, [{ target: "$", remove: true }])));
    expect(error.message).toBe("overlays[0].actions[0].target: selects the root of the document, which no map or array contains, so it cannot be removed");
  });

  it('"remove: false" is the default: with an update, the update applies', async () => {
    const result = applyOverlay(oaiExample("petstore.yaml"), overlay(version, [{ target: "$.info", update: { description: "kept" }, remove: false }]));
    expect(result.info.description).toBe("kept");
    await expectValidOpenAPI(result);
  });
});

describe("remove with update", () => {
  it.each(VERSIONS)('%s: update "has no impact if the remove field of this action object is true" (the OAI test sets\' actions-update-with-remove)', async (version) => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(document, overlay(version, [{ target: "$.paths['/pets'].get.parameters", update: { name: "newParam", in: "query" }, remove: true }]));
    expect(at(result, "paths", "/pets", "get", "parameters")).toBeUndefined();
    expect(at(result, "paths", "/pets", "get", "operationId")).toBe("listPets");
    expect(JSON.stringify(result)).not.toContain("newParam");
    await expectValidOpenAPI(result);
  });

  it('1.1: copy "has no impact if the remove field of this action object is true"', async () => {
    const result = applyOverlay(oaiExample("petstore.yaml"), overlay("1.1.0", [{ target: "$.paths['/pets/{petId}']", copy: "$.paths['/pets']", remove: true }]));
    expect(Object.keys(result.paths ?? {})).toEqual(["/pets"]);
    await expectValidOpenAPI(result);
  });

  it("1.0: a remove takes any node, a string too, as the OAI compliant set remove-example does", async () => {
    const result = applyOverlay(oaiExample("petstore.yaml"), overlay("1.0.0", [{ target: "$.paths.*.get.tags[?@ == 'pets']", remove: true }, { target: "$.paths['/pets'].get.summary", remove: true }]));
    expect(at(result, "paths", "/pets", "get", "tags")).toEqual([]);
    expect(at(result, "paths", "/pets", "get")).not.toHaveProperty("summary");
    expect(at(result, "paths", "/pets", "post", "tags")).toEqual(["pets"]);
    await expectValidOpenAPI(result);
  });

  it("1.0: an update of a primitive is still an error, as every update target selects objects or arrays", () => {
    const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay("1.0.0", [{ target: "$.paths.*.get.tags[?@ == 'pets']", update: "animals" }])));
    expect(error.message).toMatch(/^overlays\[0\]\.actions\[0\]\.target: selects the string "pets" at \$\['paths'\]\['\/pets'\]\['get'\]\['tags'\]\[0\]; in Overlay 1\.0/);
  });

  it("both versions: removing the root is an error whatever else the action has", () => {
    for (const version of VERSIONS) {
      const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay(version, [{ target: "$", update: { info: {} }, remove: true }])));
      expect(error.message).toBe("overlays[0].actions[0].target: selects the root of the document, which no map or array contains, so it cannot be removed");
    }
  });

  it('1.1: "This also works for primitive target nodes": a tag leaves its array', async () => {
    const document = oaiExample("petstore.yaml");
    const tagged = applyOverlay(document, overlay("1.1.0", [{ target: "$.paths.*.get.tags", update: ["dummy", "public"] }]));
    const result = applyOverlay(tagged, overlay("1.1.0", [{ target: "$.paths.*.get.tags[?@ == 'dummy']", remove: true }]));
    expect(at(result, "paths", "/pets", "get", "tags")).toEqual(["pets", "public"]);
    expect(at(result, "paths", "/pets/{petId}", "get", "tags")).toEqual(["pets", "public"]);
    await expectValidOpenAPI(result);
  });
});

describe("Overlay 1.1.0 copy", () => {
  // The specification's copy examples use this source description.
  const source = () => ({
    openapi: "3.1.0",
    info: { title: "Example API", version: "1.0.0" },
    paths: {
      "/items": { get: { responses: { "200": { description: "OK" } } } },
      "/some-items": { delete: { responses: { "200": { description: "OK" } } } },
    },
  });

  it('simple copy: "copies recursively all elements from the items path item to the new some-items path item"', async () => {
    const result = applyOverlay(source(), overlay("1.1.0", [{ target: '$.paths["/some-items"]', copy: '$.paths["/items"]' }]));
    expect(result.paths["/some-items"]).toEqual({ delete: { responses: { "200": { description: "OK" } } }, get: { responses: { "200": { description: "OK" } } } });
    expect(result.paths["/items"]).toEqual(source().paths["/items"]);
    // A copy, not the same object: the result is a tree.
    expect(at(result, "paths", "/some-items", "get")).not.toBe(at(result, "paths", "/items", "get"));
    await expectValidOpenAPI(result);
  });

  it("ensure the target exists, then copy", async () => {
    const result = applyOverlay(
      source(),
      overlay("1.1.0", [
        { target: "$.paths", update: { "/other-items": {} } },
        { target: '$.paths["/other-items"]', copy: '$.paths["/items"]' },
      ]),
    );
    expect(at(result, "paths", "/other-items")).toEqual({ get: { responses: { "200": { description: "OK" } } } });
    await expectValidOpenAPI(result);
  });

  it('the move example: "rename the items path item to new-items using a sequence of overlay actions"', async () => {
    const result = applyOverlay(
      source(),
      overlay("1.1.0", [
        { target: "$.paths", update: { "/new-items": {} } },
        { target: '$.paths["/new-items"]', copy: '$.paths["/items"]' },
        { target: '$.paths["/items"]', remove: true },
      ]),
    );
    expect(result.paths).toEqual({ "/some-items": source().paths["/some-items"], "/new-items": source().paths["/items"] });
    await expectValidOpenAPI(result);
  });

  it("copy takes the value as it is when the action runs, into every target, with the update merge rules", async () => {
    const document = twilio("twilio_accounts_v1.json");
    const result = applyOverlay(
      document,
      overlay("1.1.0", [
        { target: "$.components", update: { responses: { "429": { description: "Too many requests", content: { "application/json": { schema: { type: "object" } } } } } } },
        { target: "$.paths.*.*.responses", copy: "$.components.responses" },
      ]),
    );
    for (const item of Object.values(result.paths ?? {})) {
      for (const operation of [item.get, item.post, item.delete]) if (operation) expect(operation.responses?.["429"]).toEqual({ description: "Too many requests", content: { "application/json": { schema: { type: "object" } } } });
    }
    await expectValidOpenAPI(result);
  });

  it("copy of an array into arrays concatenates; copy of a node into itself merges a snapshot", async () => {
    const document = oaiExample("petstore.yaml");
    const result = applyOverlay(
      document,
      overlay("1.1.0", [
        { target: "$.paths['/pets/{petId}'].get.tags", copy: "$.paths['/pets'].post.tags" },
        { target: "$.paths['/pets'].get.tags", copy: "$.paths['/pets'].get.tags" },
      ]),
    );
    expect(at(result, "paths", "/pets/{petId}", "get", "tags")).toEqual(["pets", "pets"]);
    expect(at(result, "paths", "/pets", "get", "tags")).toEqual(["pets", "pets"]);
    await expectValidOpenAPI(result);
  });

  it('copy is "A JSONPath expression selecting a single node": none or two are an error', () => {
    const none = errorOf(() => applyOverlay(source(), overlay("1.1.0", [{ target: "$.paths['/items']", copy: "$.paths['/missing']" }])));
    expect(none.message).toBe("overlays[0].actions[0].copy: selects 0 nodes; copy takes its value from exactly one");
    const two = errorOf(() => applyOverlay(source(), overlay("1.1.0", [{ target: "$.paths['/items']", copy: "$.paths.*" }])));
    expect(two.message).toBe("overlays[0].actions[0].copy: selects 2 nodes; copy takes its value from exactly one");
  });

  it("copy into a target that selects nothing changes nothing, even when the source is missing", () => {
    expect(applyOverlay(source(), overlay("1.1.0", [{ target: "$.paths['/nothing']", copy: "$.paths['/missing']" }]))).toEqual(source());
  });
});
