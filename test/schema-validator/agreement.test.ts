/**
 * The JSON Schema engine agrees with Ajv (the reference validator, 2020-12 draft) on every
 * keyword it implements: the same verdict for seeded random values drawn from a small
 * vocabulary (so objects, arrays and strings hit the keywords' edges), and for chosen ones.
 */
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DocumentSchemas } from "../../src/schema-validator/index";

// Not "constructor" or "__proto__": Ajv's unevaluatedProperties reads them from Object.prototype (tested below).
const keys = ["a", "b", "c", "x-1"];
const scalars = [0, 1, 2, 1.5, -1, 10, 0.3, "", "a", "ab", "abc", "😀😀", "2020-01-01", true, false, null];
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...scalars),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...keys), tie("value"), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

/** Each schema with values worth checking beside the random ones. */
const cases: [string, Record<string, unknown>, unknown[]][] = [
  ["type list", { type: ["integer", "string"] }, [1, 1.0, 1.5, "x", null]],
  ["enum and const", { anyOf: [{ enum: [1, "a", null, [1], { a: 1 }] }, { const: { b: [2] } }] }, [[1], { a: 1 }, { b: [2] }, { b: [3] }, 2]],
  ["numeric bounds", { minimum: 0, exclusiveMaximum: 10, multipleOf: 0.5 }, [0, 9.5, 10, 0.3, -1, "x"]],
  ["multipleOf a fraction", { multipleOf: 0.1 }, [0.3, 0.35, 1, 10]],
  ["string lengths in code points", { minLength: 2, maxLength: 3 }, ["😀😀", "a", "abcd", "ab", 5]],
  ["pattern", { pattern: "^a+b?$" }, ["aab", "ba", "", 1]],
  ["properties, required, additionalProperties false", { properties: { a: { type: "integer" }, b: { type: "string" } }, required: ["a"], additionalProperties: false }, [{ a: 1 }, { a: 1, c: 1 }, { b: "x" }, []]],
  ["patternProperties and additionalProperties schema", { patternProperties: { "^x-": { type: "integer" } }, additionalProperties: { type: "string" } }, [{ "x-1": 1, a: "s" }, { "x-1": "s" }, { a: 1 }]],
  ["propertyNames and counts", { propertyNames: { maxLength: 1 }, minProperties: 1, maxProperties: 2 }, [{ a: 1 }, {}, { ab: 1 }, { a: 1, b: 2, c: 3 }]],
  ["dependentRequired and dependentSchemas", { dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["a"] } } }, [{ a: 1, b: 1 }, { a: 1 }, { c: 1 }, { c: 1, a: 1, b: 2 }]],
  ["prefixItems and items", { prefixItems: [{ type: "integer" }, { type: "string" }], items: { type: "boolean" } }, [[1, "a", true], [1, 2], [1, "a", 3], []]],
  ["items false after prefixItems", { prefixItems: [{}], items: false }, [[1], [1, 2], []]],
  ["contains with bounds", { contains: { type: "integer" }, minContains: 2, maxContains: 3 }, [[1, 2], [1], [1, 2, 3, 4], ["a"]]],
  ["uniqueItems", { uniqueItems: true }, [[1, 2], [1, 1], [{ a: 1, b: 2 }, { b: 2, a: 1 }], [[1], [1]], [1, "1"]]],
  ["allOf, anyOf, oneOf, not", { allOf: [{ type: ["integer", "string"] }], anyOf: [{ type: "integer" }, { minLength: 2 }], oneOf: [{ minimum: 2 }, { type: "string" }], not: { const: 5 } }, [2, 5, 1, "ab", "a"]],
  ["oneOf with two matching", { oneOf: [{ type: "integer" }, { minimum: 1 }] }, [1, 0, 1.5, "x"]],
  ["if, then, else", { if: { properties: { a: { const: 1 } }, required: ["a"] }, then: { required: ["b"] }, else: { required: ["c"] } }, [{ a: 1, b: 1 }, { a: 1 }, { c: 1 }, {}]],
  ["$ref with siblings and $defs", { $defs: { n: { type: "integer" } }, properties: { a: { $ref: "#/$defs/n", minimum: 1 } } }, [{ a: 1 }, { a: 0 }, { a: "x" }]],
  ["a recursive $ref", { $defs: { tree: { type: "object", properties: { c: { type: "array", items: { $ref: "#/$defs/tree" } } }, additionalProperties: false } }, $ref: "#/$defs/tree" }, [{ c: [{ c: [] }] }, { c: [{ d: 1 }] }, { c: [1] }]],
  ["unevaluatedProperties through allOf and anyOf", { allOf: [{ properties: { a: {} } }], anyOf: [{ properties: { b: { type: "integer" } }, required: ["b"] }, { properties: { c: {} } }], unevaluatedProperties: false }, [{ a: 1, b: 1 }, { a: 1, c: 1 }, { a: 1, b: "x", c: 1 }, { x: 1 }, { b: "x" }]],
  ["unevaluatedProperties through if/then and $ref", { $defs: { d: { properties: { d: {} } } }, $ref: "#/$defs/d", if: { properties: { a: { const: 1 } } }, then: { properties: { t: {} } }, unevaluatedProperties: { type: "integer" } }, [{ d: "s", a: 1, t: "s" }, { a: 2, t: "s" }, { z: 1 }, { z: "s" }]],
  ["unevaluatedProperties not reached into a failed branch", { anyOf: [{ properties: { a: { type: "integer" } } }, { properties: { b: {} } }], unevaluatedProperties: false }, [{ a: "x" }, { a: 1 }, { b: 1, a: "x" }]],
  ["nested unevaluatedProperties", { properties: { a: { type: "object", properties: { b: {} }, unevaluatedProperties: false } }, unevaluatedProperties: false }, [{ a: { b: 1 } }, { a: { c: 1 } }, { b: 1 }]],
  ["boolean schemas", { properties: { a: true, b: false } }, [{ a: 1 }, { b: 1 }, {}]],
];

describe("the JSON Schema engine agrees with Ajv (2020-12)", () => {
  // multipleOf: 0.3 is a multiple of 0.1, which floating-point division alone misses.
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  it.each(cases)("%s", (_name, schema, chosen) => {
    // The schema is the document (its `openapi` is a keyword both ignore), so its `#/$defs` resolve as Ajv resolves them.
    const document = { openapi: "3.1.0", ...schema };
    const ours = new DocumentSchemas(document, "response").validator(document, "#");
    const reference = ajv.compile(document);
    const same = (candidate: unknown) => expect(ours(candidate) === undefined, JSON.stringify(candidate)).toBe(reference(candidate));
    for (const candidate of chosen) same(candidate);
    fc.assert(fc.property(value, (candidate) => {
        same(candidate);
      }), { seed: 32, numRuns: 300 });
  });
});

describe("where Ajv differs from JSON Schema 2020-12", () => {
  it("unevaluatedItems counts the items contains matched (Ajv does not)", () => {
    const document = { openapi: "3.1.0", prefixItems: [{ type: "string" }], contains: { type: "integer" }, unevaluatedItems: false };
    const ours = new DocumentSchemas(document, "response").validator(document, "#");
    expect(ours(["a", 1])).toBeUndefined();
    expect(ours(["a", 1, 2])).toBeUndefined();
    expect(ours(["a", 1, true])).toEqual([{ path: [2], message: "is not an item the schema allows" }]);
  });

  it('"constructor" and "__proto__" are properties like any other (Ajv takes both as evaluated)', () => {
    const document = { openapi: "3.1.0", properties: { a: {} }, unevaluatedProperties: false, propertyNames: { maxLength: 20 } };
    const ours = new DocumentSchemas(document, "response").validator(document, "#");
    expect(ours(JSON.parse('{"constructor": 1}'))).toEqual([{ path: ["constructor"], message: "is not a property the schema allows" }]);
    expect(ours(JSON.parse('{"__proto__": 1}'))).toEqual([{ path: ["__proto__"], message: "is not a property the schema allows" }]);
    const required = { openapi: "3.1.0", required: ["constructor", "toString"] };
    expect(new DocumentSchemas(required, "response").validator(required, "#")({})).toHaveLength(2);
  });
});
