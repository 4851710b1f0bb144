/**
 * Schema Objects that do not come from a library (written in a ResponseObject by hand, or
 * returned by a plugin's transformSchema) are checked like a library's answer: one that is
 * not JSON Schema is INVALID_DEFINITION naming where it sits and the keyword's pointer,
 * never a document the validator rejects.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type SpecloomPlugin } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";

const info = { title: "Hand-written schemas", version: "1.0.0" };

/** A plugin whose transformSchema answers `schema` for every body. */
function answeringBodies(schema: unknown): SpecloomPlugin {
  return { name: "rewrite", transformSchema: (current, context) => (context.location === "body" ? (schema as never) : current) };
}

describe("a plugin's transformSchema answer is checked", () => {
  it.each([
    ['"type": simpleTypes, not null', { type: null }, "/type"],
    ['"multipleOf": "exclusiveMinimum": 0', { type: "number", multipleOf: 0 }, "/multipleOf"],
    ['"items": a schema, not null', { type: "array", items: null }, "/items"],
    ['"title": a string', { title: null }, "/title"],
    ['"properties": schemas', { properties: { a: { type: 5 } } }, "/properties/a/type"],
    ["Discriminator Object: propertyName is REQUIRED", { oneOf: [{ type: "object" }], discriminator: { $ref: "#/nowhere" } }, "/discriminator"],
  ])("%s", (_rule, schema, pointer) => {
    for (const version of ["3.0.3", "3.1.0"] as const) {
      const error = catchError(() =>
        openapi({ openapi: version, info, plugins: [answeringBodies(schema)], paths: { "POST /a": { body: z.object({ a: z.string() }), 204: null } } }),
      );
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toContain(`not a valid Schema Object at ${pointer}`);
      expect(error.message).toContain('paths["POST /a"]');
    }
  });

  it("a $ref inside a keyword JSON Schema does not define is refused in 3.1.0, where it would reach the document", () => {
    const plugin = answeringBodies({ type: "object", see: { $ref: "#/nowhere" } });
    const error = catchError(() => openapi({ info, plugins: [plugin], paths: { "POST /a": { body: z.object({ a: z.string() }), 204: null } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toContain("not a valid Schema Object at /see/$ref");
  });

  it("an empty tuple's prefixItems: [] is what it means, and the document is valid", async () => {
    const document = openapi({ info, plugins: [answeringBodies({ type: "array", prefixItems: [] })], paths: { "POST /a": { body: z.object({}), 204: null } } });
    const body = document.paths["/a"]?.post?.requestBody as { content: Record<string, { schema: unknown }> };
    expect(body.content["application/json"]?.schema).toEqual({ type: "array" });
    await expectValidOpenAPI(document);
  });
});

describe("a hand-written schema in a ResponseObject is checked", () => {
  it('"minLength": a non-negative integer', () => {
    const error = catchError(() =>
      openapi({ info, paths: { "GET /a": { 200: { description: "OK", content: { "text/plain": { schema: { type: "string", minLength: -1 } } } } } } }),
    );
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toContain("not a valid Schema Object at /minLength");
  });

  it("3.0.3's own boolean exclusiveMinimum is accepted in a 3.0.3 document", async () => {
    const schema = { type: "number", minimum: 0, exclusiveMinimum: true };
    const document = openapi({ openapi: "3.0.3", info, paths: { "GET /a": { 200: { description: "OK", content: { "application/json": { schema } } } } } });
    const response = document.paths["/a"]?.get?.responses?.["200"] as { content: Record<string, { schema: unknown }> };
    expect(response.content["application/json"]?.schema).toEqual(schema);
    await expectValidOpenAPI(document);
  });
});
