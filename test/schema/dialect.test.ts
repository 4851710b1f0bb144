/**
 * The Schema Object dialects (issue point 1). Two kinds of test:
 *
 * - Meaning, through the public API: a hand-made vendor returns a JSON Schema 2020-12
 *   schema; the document's position must accept every value the original accepts (3.0.3 may
 *   widen only where 3.0 lacks a keyword; "exact" cases may not widen at all), and in 3.1.0
 *   accept exactly what the original accepts. Acceptance is read with support.ts `accepts`.
 * - Form, through `rebuildSchema` with the dialect hooks: each conversion the issue lists.
 */
import { describe, expect, it } from "vitest";
import { toOpenAPI30Node } from "../../src/schema/dialect-30";
import { toOpenAPI31Node } from "../../src/schema/dialect-31";
import { rebuildSchema } from "../../src/schema/rebuild";
import {
  accepts,
  bodySchema,
  build,
  component,
  componentNames,
  deref,
  expectCleanDocument,
  fixed,
  handMade,
  jsonSchemaAccepts,
  responseSchema,
  VERSIONS,
  type Node,
} from "./support";

interface Case {
  name: string;
  schema: Node;
  values: unknown[];
  /** In 3.0.3, reject exactly what the original rejects (no keyword 3.0 lacks is involved). */
  exact30: boolean;
}

const thing = { Thing: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } };

const cases: Case[] = [
  { name: "type array with null", schema: { type: ["string", "null"], minLength: 2 }, values: ["ab", "a", null, 1], exact30: true },
  { name: "type array of two types", schema: { type: ["string", "number"] }, values: ["a", 1, null, true], exact30: true },
  { name: "type array of two types and null", schema: { type: ["string", "number", "null"] }, values: ["a", 1, null, true, {}], exact30: true },
  { name: "type null", schema: { type: "null" }, values: [null, "null", 0], exact30: true },
  {
    name: "anyOf of an object and null",
    schema: { anyOf: [{ type: "object", properties: { a: { type: "string" } }, required: ["a"] }, { type: "null" }] },
    values: [{ a: "x" }, null, {}, "x"],
    exact30: true,
  },
  { name: "oneOf of two types and null", schema: { oneOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] }, values: ["a", 1, null, 1.5, true], exact30: true },
  { name: "anyOf of two enums and null", schema: { anyOf: [{ const: "a" }, { const: "b" }, { type: "null" }] }, values: ["a", "b", null, "c"], exact30: true },
  {
    name: "nullable reference to a named definition",
    schema: { type: "object", properties: { p: { anyOf: [{ $ref: "#/$defs/Thing" }, { type: "null" }] } }, required: ["p"], $defs: thing },
    values: [{ p: null }, { p: { id: 1 } }, { p: {} }, { p: "x" }, {}],
    exact30: true,
  },
  {
    name: "nullable reference to a generated (inlined) definition",
    schema: { type: "object", properties: { p: { anyOf: [{ $ref: "#/$defs/0" }, { type: "null" }] } }, required: ["p"], $defs: { "0": thing.Thing } },
    values: [{ p: null }, { p: { id: 1 } }, { p: {} }],
    exact30: true,
  },
  { name: "const string", schema: { const: "a" }, values: ["a", "b", null], exact30: true },
  { name: "const null", schema: { const: null }, values: [null, "a", 0], exact30: true },
  { name: "const object", schema: { const: { x: 1 } }, values: [{ x: 1 }, { x: 2 }, {}], exact30: true },
  { name: "const beside an enum", schema: { type: "string", enum: ["a", "b"], const: "b" }, values: ["a", "b", "c"], exact30: true },
  { name: "nullable enum", schema: { type: ["string", "null"], enum: ["a", "b", null] }, values: ["a", null, "c"], exact30: true },
  { name: "untyped enum with null", schema: { enum: ["a", null] }, values: ["a", null, "b"], exact30: true },
  { name: "exclusive bounds", schema: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10 }, values: [0, 0.1, 9.9, 10, -1], exact30: true },
  { name: "minimum stricter than exclusiveMinimum", schema: { type: "number", minimum: 5, exclusiveMinimum: 3 }, values: [3.5, 5, 6], exact30: true },
  { name: "exclusiveMinimum stricter than minimum", schema: { type: "number", minimum: 3, exclusiveMinimum: 5 }, values: [3, 5, 5.1], exact30: true },
  { name: "equal minimum and exclusiveMinimum", schema: { type: "number", minimum: 5, exclusiveMinimum: 5 }, values: [5, 5.5], exact30: true },
  { name: "maximum and exclusiveMaximum", schema: { type: "integer", maximum: -5, exclusiveMaximum: 0 }, values: [-6, -5, -4, 0], exact30: true },
  { name: "examples", schema: { type: "string", examples: ["x", "y"] }, values: ["x", 1], exact30: true },
  {
    name: "$ref with sibling keywords",
    schema: { type: "object", properties: { p: { $ref: "#/$defs/Thing", description: "the thing", minProperties: 2 } }, $defs: thing },
    values: [{ p: { id: 1 } }, { p: { id: 1, x: 2 } }, { p: { id: "1", x: 2 } }, {}],
    exact30: true,
  },
  {
    name: "$ref to a generated definition beside its own allOf",
    schema: { $ref: "#/$defs/0", allOf: [{ minProperties: 1 }], $defs: { "0": { type: "object" } } },
    values: [{}, { a: 1 }, "x"],
    exact30: true,
  },
  { name: "boolean subschemas", schema: { type: "object", properties: { anything: true, nothing: false } }, values: [{ anything: 1 }, { nothing: 1 }, {}], exact30: true },
  { name: "array without items", schema: { type: "array", minItems: 1 }, values: [[1], [], "x"], exact30: true },
  { name: "multipleOf and format", schema: { type: "integer", multipleOf: 2, format: "int32" }, values: [2, 3, 4.0], exact30: true },
  { name: "propertyNames", schema: { type: "object", propertyNames: { pattern: "^a" } }, values: [{ a1: 1 }, { b: 1 }, 1], exact30: false },
  { name: "not around a keyword 3.0 lacks", schema: { not: { type: "object", propertyNames: { pattern: "^a" } } }, values: [{ b: 1 }, { a: 1 }, "x"], exact30: false },
  {
    name: "oneOf whose branches lose a keyword",
    schema: { oneOf: [{ type: "object", propertyNames: { pattern: "^a" } }, { type: "object", propertyNames: { pattern: "^b" } }] },
    values: [{ a: 1 }, { b: 1 }, { c: 1 }, "x"],
    exact30: false,
  },
  { name: "if/then", schema: { type: "object", if: { required: ["a"] }, then: { required: ["b"] } }, values: [{ a: 1, b: 1 }, { a: 1 }, {}, "x"], exact30: false },
  {
    name: "tuple",
    schema: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false, minItems: 2 },
    values: [["a", 1], [1, "a"], ["a", 1, 2], ["a"], "x"],
    exact30: false,
  },
  {
    name: "patternProperties with no other properties",
    schema: { type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties: false },
    values: [{ "x-a": "s" }, { y: 1 }, { "x-a": 1 }],
    exact30: false,
  },
  { name: "dependentRequired", schema: { type: "object", dependentRequired: { a: ["b"] } }, values: [{ a: 1, b: 1 }, { a: 1 }, {}], exact30: false },
  { name: "contains", schema: { type: "array", contains: { type: "number" } }, values: [[1], ["a"], []], exact30: false },
];

describe("what a converted schema accepts", () => {
  describe.each(VERSIONS)("OpenAPI %s", (version) => {
    it.each(cases)("$name", async ({ schema, values, exact30 }) => {
      const doc = build(version, { "POST /case": { body: fixed(schema), 200: fixed(schema) } });
      await expectCleanDocument(doc);
      for (const position of [bodySchema(doc, "POST /case"), responseSchema(doc, "POST /case")]) {
        for (const value of values) {
          const original = jsonSchemaAccepts(schema, value);
          const converted = accepts(doc, position, value);
          if (original) expect(converted, `${JSON.stringify(value)} is accepted by the original, so it must be accepted in ${version}`).toBe(true);
          else if (version !== "3.0.3" || exact30) expect(converted, `${JSON.stringify(value)} is rejected by the original, so it must be rejected in ${version}`).toBe(false);
        }
      }
    });
  });
});

describe("a vendor's own openapi-3.0 output is normalised too", () => {
  const openapi30 = (json: Node) => handMade((_side, target) => (target === "openapi-3.0" ? structuredClone(json) : { not: {} }));

  it("examples arrays (Zod writes them for openapi-3.0) become example", async () => {
    const doc = build("3.0.3", { "POST /z": { body: openapi30({ type: "object", properties: { s: { type: "string", examples: ["a", "b"] } } }) } });
    await expectCleanDocument(doc);
    expect((bodySchema(doc, "POST /z").properties as Record<string, Node>).s).toEqual({ type: "string", example: "a" });
  });

  it("type null with enum [null] (Zod's z.literal(null) for openapi-3.0) becomes a 3.0 null-only schema", async () => {
    const doc = build("3.0.3", { "POST /z": { body: openapi30({ type: "null", enum: [null] }) } });
    await expectCleanDocument(doc);
    expect(accepts(doc, bodySchema(doc, "POST /z"), null)).toBe(true);
    expect(accepts(doc, bodySchema(doc, "POST /z"), "null")).toBe(false);
  });

  it("a $ref with nullable beside it (Valibot for openapi-3.0) keeps both", async () => {
    const doc = build("3.0.3", {
      "POST /z": { body: openapi30({ type: "object", properties: { p: { $ref: "#/$defs/Thing", nullable: true } }, required: ["p"], $defs: thing }) },
    });
    await expectCleanDocument(doc);
    const body = bodySchema(doc, "POST /z");
    expect(accepts(doc, body, { p: { id: 1 } })).toBe(true);
    expect(accepts(doc, body, { p: {} })).toBe(false);
    expect(accepts(doc, body, { p: null }), "nullable beside the $ref means the property may be null").toBe(true);
  });

  it("definitions (Zod's container for openapi-3.0) are hoisted like $defs", async () => {
    const doc = build("3.0.3", { "GET /z": { 200: openapi30({ type: "array", items: { $ref: "#/definitions/Thing" }, definitions: thing }) } });
    await expectCleanDocument(doc);
    expect(componentNames(doc)).toEqual(["Thing"]);
    expect(deref(doc, (responseSchema(doc, "GET /z").items as Node))).toEqual(component(doc, "Thing"));
  });
});

describe("identifiers and nested definitions", () => {
  it.each(VERSIONS)("%s: $schema and $id anywhere in the vendor's output do not reach the document", async (version) => {
    const Noisy = fixed({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://example.com/noisy",
      type: "object",
      properties: { a: { $id: "https://example.com/a", $schema: "https://json-schema.org/draft/2020-12/schema", type: "string" } },
    });
    const doc = build(version, { "POST /n": { body: Noisy, 200: Noisy } });
    await expectCleanDocument(doc);
  });

  it.each(VERSIONS)("%s: a $defs inside a subschema does not reach the document", async (version) => {
    const Nested = fixed({ type: "object", properties: { a: { type: "string", $defs: { Unused: { type: "number" } } } } });
    const doc = build(version, { "POST /n": { body: Nested, 200: Nested } });
    await expectCleanDocument(doc);
  });

  it.each(VERSIONS)("%s: draft-07 output (tuples as items arrays, dependencies) keeps its meaning", async (version) => {
    const Draft07 = handMade((_side, target) => {
      if (target !== "draft-07") throw new Error("draft-07 only");
      return {
        type: "object",
        properties: { pair: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false, minItems: 2 } },
        dependencies: { a: ["b"] },
      };
    });
    const doc = build(version, { "POST /d": { body: Draft07 } });
    await expectCleanDocument(doc);
    const body = bodySchema(doc, "POST /d");
    expect(accepts(doc, body, { pair: ["x", 1] })).toBe(true);
    expect(accepts(doc, body, { pair: ["x"] })).toBe(false);
    if (version !== "3.0.3") {
      expect(accepts(doc, body, { pair: [1, "x"] })).toBe(false);
      expect(accepts(doc, body, { a: 1 })).toBe(false);
      expect(accepts(doc, body, { a: 1, b: 2 })).toBe(true);
    }
  });
});

describe("the conversions the issue lists, one node at a time", () => {
  const to30 = (schema: unknown) => rebuildSchema(structuredClone(schema), toOpenAPI30Node).value;
  const to31 = (schema: unknown, from: "draft-2020-12" | "draft-07" | "openapi-3.0" = "draft-2020-12") => rebuildSchema(structuredClone(schema), toOpenAPI31Node(from)).value;

  it("type: [T, \"null\"] becomes type: T with nullable: true", () => {
    expect(to30({ type: ["integer", "null"], minimum: 1 })).toEqual({ type: "integer", minimum: 1, nullable: true });
  });

  it("anyOf/oneOf with { type: \"null\" } and one other branch becomes that branch with nullable: true", () => {
    expect(to30({ anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] })).toEqual({ type: "string", maxLength: 3, nullable: true });
    expect(to30({ oneOf: [{ type: "null" }, { type: "boolean" }] })).toEqual({ type: "boolean", nullable: true });
  });

  it("const becomes a one-value enum", () => {
    expect(to30({ type: "string", const: "on" })).toEqual({ type: "string", enum: ["on"] });
  });

  it("numeric exclusive bounds become minimum/maximum with boolean exclusives", () => {
    expect(to30({ type: "number", exclusiveMinimum: 1, exclusiveMaximum: 2 })).toEqual({ type: "number", minimum: 1, exclusiveMinimum: true, maximum: 2, exclusiveMaximum: true });
  });

  it("examples becomes example (its first value)", () => {
    expect(to30({ type: "string", examples: ["a", "b"] })).toEqual({ type: "string", example: "a" });
  });

  it("$ref with sibling keywords is wrapped in allOf", () => {
    const converted = to30({ $ref: "#/$defs/X", description: "d" }) as Node;
    expect(converted.description).toBe("d");
    expect(converted.allOf).toEqual([{ $ref: "#/$defs/X" }]);
    expect(converted).not.toHaveProperty("$ref");
  });

  it('nullable applies "only if type is explicitly defined": a nullable $ref becomes a union with exactly null, and what describes the value stays outside it', () => {
    const described = { description: "d", externalDocs: { url: "https://example.com/x" }, xml: { name: "x" }, "x-note": 1 };
    const converted = to30({ $ref: "#/$defs/X", nullable: true, minProperties: 1, ...described });
    // externalDocs ("Additional external documentation for this schema"), xml and extensions describe, like the annotations.
    expect(converted).toEqual({
      ...described,
      anyOf: [{ minProperties: 1, allOf: [{ $ref: "#/$defs/X" }] }, { type: "string", nullable: true, enum: [null] }],
    });
    expect(to30({ $ref: "#/$defs/X", nullable: true, title: "t" })).toEqual({ title: "t", anyOf: [{ $ref: "#/$defs/X" }, { type: "string", nullable: true, enum: [null] }] });
  });

  it("a nested $schema/$id never survives a conversion", () => {
    const nested = { type: "array", items: { $id: "x", $schema: "y", type: "string" } };
    expect(JSON.stringify(to30(nested))).not.toMatch(/\$id|\$schema/);
    expect(JSON.stringify(to31(nested))).not.toMatch(/\$id|\$schema/);
  });

  it("3.1 from openapi-3.0 (written by hand in a 3.1 document): nullable and boolean exclusives become 2020-12", () => {
    expect(to31({ type: "string", nullable: true }, "openapi-3.0")).toEqual({ type: ["string", "null"] });
    expect(to31({ type: "number", minimum: 0, exclusiveMinimum: true }, "openapi-3.0")).toEqual({ type: "number", exclusiveMinimum: 0 });
  });

  it("3.1 from draft-07: tuple items become prefixItems, dependencies are split", () => {
    expect(to31({ type: "array", items: [{ type: "string" }], additionalItems: { type: "number" } }, "draft-07")).toEqual({ type: "array", prefixItems: [{ type: "string" }], items: { type: "number" } });
    expect(to31({ dependencies: { a: ["b"], c: { required: ["d"] } } }, "draft-07")).toEqual({ dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["d"] } } });
  });
});
