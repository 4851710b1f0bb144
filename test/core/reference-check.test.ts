import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, SpecloomError, type SpecloomPlugin } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../fixtures/libraries";

/**
 * A generated document is whole on its own: every `$ref` a caller or a plugin writes must
 * name something inside it. OpenAPI resolves a relative reference "using the referring
 * document as the Base URI", so `other.json#/x` is another document, `#` and `""` are the
 * whole document (never a schema, response or component), and a `$ref` "MUST be in the
 * form of a URI", which `http://[bad` is not.
 */

const info = { title: "Refs", version: "1" };
const versions = ["3.0.3", "3.1.0", "3.2.0"] as const;

const outside = [
  ["another file", "other.json#/components/schemas/Pet", "points outside the document"],
  ["a file without a fragment", "pet.yaml", "points outside the document"],
  ["a URL", "https://example.com/schemas/pet.json", "points outside the document"],
  ["text that is no URI", "http://[bad", "points outside the document"],
  ["the empty reference (the whole document)", "", "points to the whole document"],
  ["# (the whole document)", "#", "points to the whole document"],
  ["a fragment that is neither a pointer nor a name", "#not a name", 'neither a JSON pointer ("#/...") nor an anchor name'],
  ["a pointer into nothing", "#/components/schemas/Gone", "points to nothing in the document"],
] as const;

/** A plugin writing `ref` as the 200 response's schema, through the hook named. */
function writer(hook: "transformSchema" | "transformDocument", ref: string): SpecloomPlugin {
  if (hook === "transformSchema") return { name: "writer", transformSchema: () => ({ $ref: ref }) };
  return {
    name: "writer",
    transformDocument: (document) => ({ ...document, paths: { "/a": { get: { responses: { 200: { description: "OK", content: { "application/json": { schema: { $ref: ref } } } } } } } } }),
  };
}

describe("every $ref of a generated document resolves inside it", () => {
  for (const version of versions) {
    describe(version, () => {
      it.each(outside)("a transformSchema result whose $ref is %s is SCHEMA_RESOLUTION_FAILED at that $ref", (_label, ref, reason) => {
        const error = catchError(() => openapi({ openapi: version, info, plugins: [writer("transformSchema", ref)], paths: { "GET /a": { 200: z.string() } } }));
        expect(error).toBeInstanceOf(SpecloomError);
        expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
        expect(error.message).toBe(`paths["GET /a"].responses[200].content["application/json"].schema.$ref: ${expectedMessage(ref, reason)}`);
      });

      it.each(outside)("a transformDocument result whose $ref is %s is SCHEMA_RESOLUTION_FAILED at that $ref", (_label, ref, reason) => {
        const error = catchError(() => openapi({ openapi: version, info, plugins: [writer("transformDocument", ref)], paths: {} }));
        expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
        expect(error.message).toBe(`#/paths/~1a/get/responses/200/content/application~1json/schema/$ref: ${expectedMessage(ref, reason)}`);
      });

      it("a response $ref a caller writes to another file is refused, naming the route and status", () => {
        const error = catchError(() => openapi({ openapi: version, info, paths: { "GET /a": { 404: { $ref: "common.yaml#/components/responses/NotFound" } } } }));
        expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
        expect(error.message).toMatch(/^paths\["GET \/a"\]\.responses\[404\]\.\$ref: \$ref "common\.yaml#\/components\/responses\/NotFound" points outside the document/);
      });

      it("a $ref a plugin writes to a component of the document is kept, and the document is valid", async () => {
        const document = openapi({
          openapi: version,
          info,
          plugins: [writer("transformSchema", "#/components/schemas/Pet")],
          schemas: { Pet: z.object({ name: z.string() }) },
          paths: { "GET /a": { 200: z.number() } },
        });
        expect(document.paths["/a"]?.get?.responses?.["200"]).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } });
        await expectValidOpenAPI(document);
      });
    });
  }

  it('a 3.1 "#name" reference resolves through a schema\'s $anchor, and one no schema declares is refused', async () => {
    const anchored: SpecloomPlugin = {
      name: "anchored",
      transformDocument: (document) => ({
        ...document,
        components: { schemas: { Node: { $anchor: "node", type: "object", properties: { next: { $ref: "#node" } } } } },
      }),
    };
    const document = openapi({ info, plugins: [anchored], paths: {} });
    await expectValidOpenAPI(document);
    const error = catchError(() => openapi({ info, plugins: [writer("transformDocument", "#nowhere")], paths: {} }));
    expect(error.message).toBe('#/paths/~1a/get/responses/200/content/application~1json/schema/$ref: $ref "#nowhere" points to nothing in the document');
  });
});

function expectedMessage(ref: string, reason: string): string {
  if (reason === "points outside the document") return `$ref "${ref}" points outside the document; every $ref must resolve inside it (bundle other files in first)`;
  if (reason === "points to the whole document") return `$ref "${ref}" points to the whole document, not to a component or schema in it`;
  if (reason === "points to nothing in the document") return `$ref "${ref}" points to nothing in the document`;
  return `$ref "${ref}" is ${reason} ("#name")`;
}
