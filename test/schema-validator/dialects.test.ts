import { describe, expect, it } from "vitest";
import { SpecloomError } from "specloom";
import { DocumentSchemas, MAX_SCHEMA_NESTING } from "../../src/schema-validator/index";

function validator(document: Record<string, unknown>, pointer = "#/components/schemas/S", direction: "request" | "response" = "response") {
  const schemas = new DocumentSchemas(document, direction);
  const tokens = pointer.slice(2).split("/");
  let node: unknown = document;
  for (const token of tokens) node = (node as Record<string, unknown>)[token];
  return schemas.validator(node, pointer);
}

const doc30 = (schemas: Record<string, unknown>) => ({ openapi: "3.0.3", components: { schemas } });
const doc31 = (schemas: Record<string, unknown>) => ({ openapi: "3.1.0", components: { schemas } });

describe("OpenAPI 3.0's Schema Object", () => {
  it("nullable: true admits null, with a type or around an allOf of a $ref", () => {
    const check = validator(doc30({ S: { type: "object", properties: { a: { type: "string", nullable: true }, b: { allOf: [{ $ref: "#/components/schemas/B" }], nullable: true }, c: { type: "string" } } }, B: { type: "integer" } }));
    expect(check({ a: null, b: null })).toBeUndefined();
    expect(check({ c: null })).toEqual([{ path: ["c"], message: "expected a string, found null" }]);
  });

  it("boolean exclusiveMinimum/exclusiveMaximum make minimum/maximum exclusive", () => {
    const check = validator(doc30({ S: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false } }));
    expect(check(0)).toEqual([{ path: [], message: "expected a number above 0, found 0" }]);
    expect(check(10)).toBeUndefined();
  });

  it("a $ref's siblings are ignored, and example is an annotation", () => {
    const check = validator(doc30({ S: { $ref: "#/components/schemas/B", minimum: 5 }, B: { type: "integer", example: "not an integer" } }));
    expect(check(1)).toBeUndefined();
    expect(check("x")).toHaveLength(1);
  });

  it("a required readOnly property is not required in a request, a writeOnly one not in a response", () => {
    const document = doc30({ S: { type: "object", required: ["id", "password"], properties: { id: { type: "integer", readOnly: true }, password: { type: "string", writeOnly: true } } } });
    expect(validator(document, undefined, "request")({ password: "x" })).toBeUndefined();
    expect(validator(document, undefined, "request")({ id: 1 })).toEqual([{ path: ["password"], message: "required" }]);
    expect(validator(document, undefined, "response")({ id: 1 })).toBeUndefined();
  });
});

describe("OpenAPI 3.1 and 3.2 (JSON Schema 2020-12)", () => {
  it("reads $ref siblings, $defs inside a component, and null in a type list", () => {
    const check = validator(doc31({ S: { $defs: { n: { type: ["integer", "null"] } }, properties: { a: { $ref: "#/components/schemas/S/$defs/n", minimum: 2 } } } }));
    expect(check({ a: null })).toBeUndefined();
    expect(check({ a: 1 })).toEqual([{ path: ["a"], message: "expected a number at least 2, found 1" }]);
  });

  it("resolves a $ref inside a schema with an $id against that schema, and anchors by name", () => {
    const check = validator({ openapi: "3.2.0", components: { schemas: { S: { $id: "https://example.test/s", $defs: { n: { $anchor: "num", type: "integer" } }, properties: { a: { $ref: "#/$defs/n" }, b: { $ref: "#num" }, c: { $ref: "https://example.test/s#/$defs/n" } } } } } });
    expect(check({ a: 1, b: 2, c: 3 })).toBeUndefined();
    expect(check({ a: "x", b: "y", c: "z" })).toHaveLength(3);
  });

  it("checks the common formats and leaves others as annotations", () => {
    const check = validator(doc31({ S: { type: "array", items: { anyOf: [{ format: "date-time" }, { format: "email" }, { format: "uuid" }, { format: "ipv4" }] } }, T: { format: "made-up" } }));
    expect(check(["2024-02-29T10:00:00Z", "ada@example.com", "123e4567-e89b-12d3-a456-426614174000", "10.0.0.1"])).toBeUndefined();
    expect(check(["2023-02-29T10:00:00Z"])?.[0]?.message).toBe('matches none of the 4 schemas of "anyOf"');
    expect(validator(doc31({ S: { format: "made-up" } }))("anything")).toBeUndefined();
  });

  it("names the closest branch's issues when no branch of anyOf/oneOf matches", () => {
    const check = validator(doc31({ S: { oneOf: [{ type: "object", required: ["cat"], properties: { cat: { type: "string" } } }, { type: "array" }] } }));
    expect(check({ cat: 1 })).toEqual([
      { path: [], message: 'matches none of the 2 schemas of "oneOf"' },
      { path: ["cat"], message: "expected a string, found an integer" },
    ]);
  });
});

describe("the document's mistakes are thrown when the validator is built", () => {
  const thrown = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(SpecloomError);
      return (error as SpecloomError).message;
    }
    throw new Error("nothing thrown");
  };

  it("a $ref to nothing, naming where it is", () => {
    expect(thrown(() => validator(doc31({ S: { properties: { a: { $ref: "#/components/schemas/Missing" } } } })))).toBe(
      '#/components/schemas/S/properties/a/$ref: "#/components/schemas/Missing" names nothing in the document (bundle a document\'s external references into it first)',
    );
  });

  it("a loop of references that never moves into the value", () => {
    expect(thrown(() => validator(doc31({ S: { allOf: [{ $ref: "#/components/schemas/T" }] }, T: { anyOf: [{ $ref: "#/components/schemas/S" }] } })))).toMatch(/applies itself to the same value without end/);
    // A loop through a property is a recursive schema, which is fine.
    expect(validator(doc31({ S: { properties: { next: { $ref: "#/components/schemas/S" } } } }))({ next: { next: {} } })).toBeUndefined();
  });

  it("a bad pattern, and a schema nested past the limit", () => {
    expect(thrown(() => validator(doc31({ S: { pattern: "(" } })))).toMatch(/^#\/components\/schemas\/S\/pattern: "\(" is not a regular expression/);
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i <= MAX_SCHEMA_NESTING; i++) deep = { items: deep };
    expect(thrown(() => validator(doc31({ S: deep })))).toMatch(/nests deeper than 256 levels/);
  });
});
