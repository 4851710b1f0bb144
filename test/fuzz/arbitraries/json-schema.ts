/**
 * Hostile JSON Schema: what a buggy or malicious Standard Schema library could answer.
 * Mostly keywords with plausible values, some with invalid ones (`type: null`,
 * `multipleOf: 0`, `items: null`), `$ref`s to nowhere, unknown keywords hiding `$ref`s,
 * and markers that ./custom-schema.ts expands into huge arrays and deep nesting.
 */
import fc from "fast-check";
import { anyName } from "./names";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON value small enough to print, with hostile keys in its objects. */
export const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, "", "x"),
    fc.string({ maxLength: 6 }),
    fc.integer(),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(anyName, tie("value")), { maxLength: 3, selector: ([key]) => key }).map((entries) => Object.fromEntries(entries) as Json),
  ),
})).value;

const REFS = ["#", "#/$defs/A", "#/definitions/B", "#/$defs/nowhere", "#/nowhere", "#/components/schemas/Missing", "#node", "#/properties/a", "other.json#/x", "", "#/$defs/__proto__"];

const types = ["string", "number", "integer", "boolean", "object", "array", "null"] as const;

/** Keyword values that are valid JSON Schema. */
function validKeywords(schema: fc.Arbitrary<Json>): fc.Arbitrary<[string, Json]> {
  const schemaMap = fc.uniqueArray(fc.tuple(anyName, schema), { maxLength: 3, selector: ([key]) => key }).map((entries) => Object.fromEntries(entries) as Json);
  const schemaList = fc.array(schema, { minLength: 1, maxLength: 3 });
  return fc.oneof(
    fc.tuple(fc.constant("type"), fc.oneof(fc.constantFrom(...types), fc.uniqueArray(fc.constantFrom(...types), { minLength: 1, maxLength: 3 }))),
    fc.tuple(fc.constant("properties"), schemaMap),
    fc.tuple(fc.constantFrom("$defs", "definitions", "patternProperties", "dependentSchemas"), schemaMap),
    fc.tuple(fc.constantFrom("items", "not", "additionalProperties", "contains", "propertyNames", "if", "then", "else", "unevaluatedProperties"), schema),
    fc.tuple(fc.constantFrom("anyOf", "oneOf", "allOf", "prefixItems"), schemaList),
    fc.tuple(fc.constant("required"), fc.uniqueArray(anyName, { maxLength: 3 })),
    fc.tuple(fc.constantFrom("enum", "examples"), fc.array(json, { minLength: 1, maxLength: 3 })),
    fc.tuple(fc.constantFrom("const", "default", "example"), json),
    fc.tuple(fc.constantFrom("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxItems"), fc.integer({ min: 0, max: 9 })),
    fc.tuple(fc.constant("multipleOf"), fc.constantFrom(1, 2, 0.5)),
    fc.tuple(fc.constantFrom("title", "description", "format", "pattern", "$comment", "$anchor", "$id", "$schema"), fc.constantFrom("node", "x", "date-time", "^a+$", "Title")),
    fc.tuple(fc.constant("$ref"), fc.constantFrom(...REFS)),
    fc.tuple(fc.constantFrom("nullable", "deprecated", "readOnly", "uniqueItems"), fc.boolean()),
    fc.tuple(fc.constantFrom("x-extra", "x-__proto__"), json),
  );
}

/** Keyword values a validator rejects, and keys that are not keywords at all. */
const invalidKeywords: fc.Arbitrary<[string, Json]> = fc.oneof(
  fc.tuple(fc.constant("type"), fc.constantFrom<Json>(null, 5, "foo", [], ["string", "string"], {})),
  fc.tuple(fc.constant("multipleOf"), fc.constantFrom<Json>(0, -1, "2", null)),
  fc.tuple(fc.constantFrom("items", "not", "additionalProperties", "properties", "prefixItems", "anyOf", "allOf", "oneOf", "$defs"), fc.constantFrom<Json>(null, 5, "x", [], [null], [1])),
  fc.tuple(fc.constantFrom("title", "description", "format", "pattern", "$anchor"), fc.constantFrom<Json>(null, 5, [], {}, "(", "bad anchor")),
  fc.tuple(fc.constantFrom("required", "enum", "examples"), fc.constantFrom<Json>(null, "a", {}, [1], ["a", "a"])),
  fc.tuple(fc.constantFrom("minimum", "minLength", "maxItems", "exclusiveMinimum"), fc.constantFrom<Json>(null, "1", -1, true, 1.5)),
  fc.tuple(fc.constant("$ref"), fc.constantFrom<Json>(5, null, {}, "#/a/~2", "http://[bad")),
  fc.tuple(fc.constantFrom("see", "discriminator", "nullable", "__proto__", "constructor"), fc.constantFrom<Json>({ $ref: "#/nowhere" }, { $ref: "#/$defs/A" }, null, 5, { propertyName: 1 })),
);

/** A JSON Schema-ish tree: mostly valid keywords, sometimes broken ones, rarely huge or deep. */
export const jsonSchema: fc.Arbitrary<Json> = fc.letrec<{ schema: Json }>((tie) => {
  const schema = tie("schema");
  const keyword = fc.oneof({ weight: 6, arbitrary: validKeywords(schema) }, { weight: 1, arbitrary: invalidKeywords });
  return {
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 8, arbitrary: fc.uniqueArray(keyword, { maxLength: 4, selector: ([key]) => key }).map((entries) => Object.fromEntries(entries) as Json) },
    ),
  };
}).schema;

/**
 * Markers for sizes the fuzzer's printout should not hold: `{ "~huge": n }` becomes an
 * `enum` of n items beside a `#anchor` reference, `{ "~deep": n }` n nested `properties`.
 * Depth stays at 300: the OpenAPI validator (Ajv) overflows its own stack near 500 levels,
 * and test/schema covers 20,000 levels without it.
 */
export const bigSchema: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(1_000, 200_000).map((n): Json => ({ "~huge": n })),
  fc.constantFrom(100, 300).map((n): Json => ({ "~deep": n })),
);

/** Expands the markers of `bigSchema`; any other tree is copied. */
export function expandSchema(tree: Json): unknown {
  if (tree !== null && typeof tree === "object" && !Array.isArray(tree)) {
    const huge = tree["~huge"];
    if (typeof huge === "number") {
      const values: number[] = [];
      for (let i = 0; i < huge; i++) values.push(i);
      return { $defs: { N: { $anchor: "node", type: "integer" } }, type: "object", properties: { n: { $ref: "#node" }, big: { enum: values } } };
    }
    const deep = tree["~deep"];
    if (typeof deep === "number") {
      let node: Record<string, unknown> = { type: "string" };
      for (let i = 0; i < deep; i++) node = { type: "object", properties: { a: node } };
      return node;
    }
  }
  return structuredClone(tree);
}
