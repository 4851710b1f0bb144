/**
 * Arrays of user-chosen size never go through an argument spread (`push(...items)`), which
 * passes every item as an argument and overflows the call stack at a few hundred thousand:
 * a 200,000-value `enum` beside `#anchor` references builds, merges and validates.
 */
import { describe, expect, it } from "vitest";
import { merge, openapi, type OpenAPIDocument, type StandardJSONSchemaV1 } from "specloom";
import { runCli } from "../cli/helpers";
import { expectValidOpenAPI } from "../helpers/document";

const SIZE = 200_000;
const info = { title: "Large", version: "1.0.0" };
const many = (): number[] => Array.from({ length: SIZE }, (_, i) => i);

/** A Standard JSON Schema answering `json` (a fresh copy) for every side and target. */
function answering(json: () => Record<string, unknown>): StandardJSONSchemaV1 {
  return { "~standard": { version: 1, vendor: "hand-made", jsonSchema: { input: () => json(), output: () => json() } } };
}

/** A schema whose `code` property has 200,000 allowed values and an anchor, referred to by `again`. */
const anchored = () => ({
  type: "object",
  properties: { code: { $anchor: "Code", type: "integer", enum: many() }, again: { $ref: "#Code" } },
});

function enumOf(document: OpenAPIDocument, name: string): unknown[] {
  const schema = (document.components?.schemas?.[name] ?? {}) as { properties?: Record<string, { enum?: unknown[] }> };
  return schema.properties?.code?.enum ?? [];
}

describe("200,000-item arrays with #anchor references", () => {
  it("openapi(): a written 3.1 schema whose `#Code` reference resolves through `$anchor` beside a 200,000-value enum", async () => {
    const document = openapi({
      info,
      paths: { "GET /codes": { 200: { description: "OK", content: { "application/json": { schema: anchored() } } } } },
    });
    const schema = document.paths["/codes"]?.get?.responses?.["200"] as unknown as { content: Record<string, { schema: { properties: Record<string, { enum?: unknown[] }> } }> };
    expect(schema.content["application/json"]?.schema.properties.code?.enum).toHaveLength(SIZE);
    await expectValidOpenAPI(document);
  });

  it.each(["3.0.3", "3.1.0"] as const)("openapi() %s: a library answer whose `#Code` reference names the `$anchor` beside a 200,000-value enum", async (version) => {
    const Codes = answering(anchored);
    const document = openapi({ openapi: version, info, schemas: { Codes }, paths: { "GET /codes": { 200: Codes } } });
    const properties = (document.components?.schemas?.Codes as { properties: Record<string, { enum?: unknown[] }> }).properties;
    // The reference is resolved by the import (the anchored schema is inlined there), so no anchor is left to name.
    expect(properties.again?.enum).toHaveLength(SIZE);
    expect(JSON.stringify(document)).not.toContain("$anchor");
    await expectValidOpenAPI(document);
  });

  it("openapi(): a library answer with a 200,000-value enum, used as a component and as parameters", async () => {
    const Codes = answering(() => ({ type: "object", properties: { code: { type: "integer", enum: many() } }, required: ["code"] }));
    const document = openapi({ info, schemas: { Codes }, paths: { "GET /codes": { query: Codes, 200: Codes } } });
    expect(enumOf(document, "Codes")).toHaveLength(SIZE);
    await expectValidOpenAPI(document);
  });

  it("merge(): a 3.1 source whose components use `#Code` into a 3.0 base and into a 3.1 base", async () => {
    const source = { openapi: "3.1.0", info, paths: {}, components: { schemas: { Codes: anchored() } } } as unknown as OpenAPIDocument;
    for (const openapiVersion of ["3.0.3", "3.1.0"]) {
      const base = { openapi: openapiVersion, info, paths: {} } as OpenAPIDocument;
      const merged = merge(base, source);
      expect(enumOf(merged, "Codes")).toHaveLength(SIZE);
      await expectValidOpenAPI(merged);
    }
  });

  it("merge(): a schema with 200,000 `$defs` entries hoisted into a 3.0 base", async () => {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < SIZE; i++) $defs[`D${i}`] = { type: "integer", const: i };
    const source = { openapi: "3.1.0", info, paths: {}, components: { schemas: { Many: { type: "object", $defs, properties: { first: { $ref: "#/components/schemas/Many/$defs/D0" } } } } } } as unknown as OpenAPIDocument;
    const merged = merge({ openapi: "3.0.3", info, paths: {} } as OpenAPIDocument, source);
    expect(Object.keys(merged.components?.schemas ?? {})).toHaveLength(SIZE + 1);
    await expectValidOpenAPI(merged);
  });

  it("specloom validate: a 3.1 document whose `#Code` reference names an `$anchor` beside a 200,000-value enum", async () => {
    const document = { openapi: "3.1.0", info, paths: {}, components: { schemas: { Codes: anchored(), Loose: { $ref: "#Nowhere" } } } };
    const run = await runCli(["validate", "-"], { input: JSON.stringify(document) });
    // One problem, the reference nobody declares; the 200,000 values are walked without a stack overflow.
    const output = run.stdout + run.stderr;
    expect(output).toContain('/components/schemas/Loose/$ref: $ref "#Nowhere" points to nothing');
    expect(output).toContain("(1 problem)");
    expect(output).not.toContain("RangeError");
    expect(run.code).toBe(1);
  });
});
