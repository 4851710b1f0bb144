import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { z } from "zod";
import { openapi, type RequestBodyObject, type RouteShorthand } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError, libraries, versions } from "../fixtures/libraries";

const info = { title: "Bodies", version: "1" };
const bodyOf = (route: RouteShorthand, version: (typeof versions)[number] = "3.1.0") => {
  const document = openapi({ openapi: version, info, paths: { "POST /things": route } });
  return { document, body: document.paths["/things"]?.post?.requestBody as RequestBodyObject };
};

describe.each(libraries)("request bodies from $name", (lib) => {
  it.each(versions)("a schema is required application/json content (%s)", async (version) => {
    const { document, body } = bodyOf({ body: lib.newPet }, version);
    expect(Object.keys(body)).toEqual(["content", "required"]);
    expect(body.required).toBe(true);
    expect(Object.keys(body.content)).toEqual(["application/json"]);
    expect(body.content["application/json"]?.schema).toMatchObject({ type: "object", required: ["name"] });
    await expectValidOpenAPI(document);
  });

  it("a shorthand sets content type, description, required and examples", async () => {
    const { document, body } = bodyOf({
      body: { schema: lib.newPet, contentType: "application/x-www-form-urlencoded", description: "A new pet", required: false, example: { name: "Rex" } },
    });
    expect(body).toEqual({
      description: "A new pet",
      content: { "application/x-www-form-urlencoded": { schema: expect.objectContaining({ type: "object" }), example: { name: "Rex" } } },
      required: false,
    });
    await expectValidOpenAPI(document);
  });
});

describe("request body shorthand and pass-through", () => {
  it.each([
    ["text/plain", { type: "string" }],
    ["text/csv", { type: "string" }],
    // The functional specification: "application/octet-stream gives {type: "string", format: "binary"}".
    ["application/octet-stream", { type: "string", format: "binary" }],
  ])("infers the schema of %s when none is given", async (contentType, schema) => {
    const { document, body } = bodyOf({ body: { contentType, examples: { one: { value: "x", summary: "One" } } } });
    expect(body).toEqual({ content: { [contentType]: { schema, examples: { one: { summary: "One", value: "x" } } } }, required: true });
    await expectValidOpenAPI(document);
  });

  it("passes a RequestBodyObject through, compiling any Standard schema inside it", async () => {
    for (const version of versions) {
      const given = {
        description: "Upload",
        content: {
          "application/xml": { schema: { type: "string" } },
          "application/json": { schema: z.object({ id: z.string() }), example: { id: "a" } },
        },
        required: false,
      };
      const { document, body } = bodyOf({ body: given }, version);
      expect(body.description).toBe("Upload");
      expect(body.required).toBe(false);
      expect(body.content["application/xml"]).toEqual({ schema: { type: "string" } });
      expect(body.content["application/json"]).toEqual({
        schema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        example: { id: "a" },
      });
      await expectValidOpenAPI(document);
    }
  });

  it("uses the input type: a defaulted field is optional in the body", async () => {
    const { body, document } = bodyOf({ body: z.object({ name: z.string(), color: z.string().default("brown") }) });
    expect(body.content["application/json"]?.schema).toMatchObject({ required: ["name"] });
    await expectValidOpenAPI(document);
  });

  it("takes only Standard schemas in a shorthand's schema: a written Schema Object belongs in a RequestBodyObject", () => {
    const error = catchError(() => bodyOf({ body: { schema: { type: "string" } as never, contentType: "text/plain" } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe('paths["POST /things"].body.schema: expected a Standard JSON Schema (an object with ~standard.jsonSchema), found an object');
  });

  it("says what to do with a Valibot schema that was not wrapped", () => {
    const error = catchError(() => bodyOf({ body: v.object({ name: v.string() }) as never }));
    expect(error.message).toMatch(/found a Standard Schema from valibot that cannot produce JSON Schema .*wrap it with toStandardJsonSchema\(\)/);
  });

  it("rejects an unknown shorthand field and a body that is neither", () => {
    expect(catchError(() => bodyOf({ body: { schema: z.string(), contenType: "text/plain" } as never })).message).toMatch(
      /^paths\["POST \/things"\]\.body\.contenType: unknown field of a body shorthand/,
    );
    expect(catchError(() => bodyOf({ body: 42 as never })).message).toMatch(/^paths\["POST \/things"\]\.body: expected a schema, a RequestBodyObject or a body shorthand/);
    // A string names a registered request body.
    expect(catchError(() => bodyOf({ body: "text" })).message).toMatch(/^paths\["POST \/things"\]\.body: "text" names no registered request body \(no requestBodies are registered\)/);
  });
});
