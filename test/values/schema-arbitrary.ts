/**
 * Random schemas that have values, in each dialect: every keyword the generator reads, with
 * consistent bounds (a maximum is never below its minimum), unions of distinct types (so a
 * `oneOf` value matches one branch), `allOf` parts over one object, and a recursive
 * component reached by `$ref`. Written for these tests: the fuzz suite's schemas are
 * hostile on purpose, these are the valid ones a document holds.
 */
import fc from "fast-check";

type Json = Record<string, unknown>;
export type Dialect = "3.0" | "2020-12";

const PATTERNS = ["^[a-z]+$", "^[A-Z]{2}-\\d{3}$", "^\\d+(\\.\\d{1,2})?$", "a", "^(red|green|blue)$", "^[^\\s]*$"];
const FORMATS = ["date-time", "date", "email", "uuid", "uri", "hostname", "ipv4", "byte"];
// No `__proto__` or `constructor`: Ajv reads both through the prototype (unit tests cover them).
const NAMES = ["id", "name", "tags", "prototype", "type", "a b", "x-y", "ö"];

function stringSchema(dialect: Dialect): fc.Arbitrary<Json> {
  const bounds = fc.tuple(fc.nat(4), fc.nat(12)).map(([min, span]) => ({ minLength: min, maxLength: min + span }));
  return fc.oneof(
    fc.record({ type: fc.constant("string"), bounds: fc.option(bounds, { nil: undefined }) }).map(({ bounds: b }) => ({ type: "string", ...b })),
    fc.constantFrom(...PATTERNS).map((pattern) => ({ type: "string", pattern })),
    fc.tuple(fc.constantFrom(...PATTERNS.slice(0, 2)), fc.nat(3)).map(([pattern, min]) => ({ type: "string", pattern, minLength: min, maxLength: 12 })),
    fc.constantFrom(...FORMATS).map((format) => ({ type: "string", format })),
    fc.uniqueArray(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 4 }).map((values) => (dialect === "2020-12" && values.length === 1 ? { type: "string", const: values[0] } : { type: "string", enum: values })),
  );
}

function numberSchema(dialect: Dialect): fc.Arbitrary<Json> {
  return fc
    .record({
      type: fc.constantFrom("integer", "number"),
      min: fc.option(fc.integer({ min: -50, max: 50 }), { nil: undefined }),
      span: fc.integer({ min: 0, max: 100 }),
      hasMax: fc.boolean(),
      exclusive: fc.boolean(),
      multipleOf: fc.option(fc.constantFrom(2, 3, 5, 0.5, 0.25, 0.1, 0.01), { nil: undefined }),
    })
    .map(({ type, min, span, hasMax, exclusive, multipleOf }) => {
      const schema: Json = { type };
      // Ten past the span: room for a multiple of every multipleOf inside exclusive bounds.
      const max = (min ?? 0) + span + 10;
      if (min !== undefined) {
        if (exclusive && dialect === "3.0") Object.assign(schema, { minimum: min, exclusiveMinimum: true });
        else if (exclusive) schema.exclusiveMinimum = min;
        else schema.minimum = min;
      }
      if (hasMax) schema.maximum = max;
      if (multipleOf !== undefined && !(type === "integer" && !Number.isInteger(multipleOf))) schema.multipleOf = multipleOf;
      return schema;
    });
}

/** A schema of one of the other kinds, `null` allowed beside it (3.0 `nullable`, 2020-12 a type list). */
function nullable(schema: Json, dialect: Dialect): Json {
  if (typeof schema.type !== "string" || schema.enum !== undefined || schema.const !== undefined) return schema;
  return dialect === "3.0" ? { ...schema, nullable: true } : { ...schema, type: [schema.type, "null"] };
}

export function schemaArbitrary(dialect: Dialect): fc.Arbitrary<Json> {
  const { schema } = fc.letrec<{ schema: Json }>((tie) => {
    const child = tie("schema");
    const object = fc
      .record({
        properties: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), child), { maxLength: 4, selector: ([name]) => name }),
        requiredMask: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        additional: fc.constantFrom<"none" | "false" | "schema">("none", "false", "schema"),
        extra: child,
      })
      .map(({ properties, requiredMask, additional, extra }): Json => {
        const result: Json = { type: "object", properties: Object.fromEntries(properties) };
        const required = properties.filter((_, index) => requiredMask[index]).map(([name]) => name);
        if (required.length > 0) result.required = required;
        if (additional === "false") result.additionalProperties = false;
        if (additional === "schema") result.additionalProperties = extra;
        return result;
      });
    const array = fc.record({ items: child, min: fc.nat(2), span: fc.nat(3), unique: fc.boolean() }).map(({ items, min, span, unique }): Json => ({ type: "array", items, minItems: min, maxItems: min + span, ...(unique ? { uniqueItems: true } : {}) }));
    const scalar = fc.oneof(stringSchema(dialect), numberSchema(dialect), fc.constant<Json>({ type: "boolean" }));
    const union = fc.tuple(fc.constantFrom("anyOf", "oneOf"), stringSchema(dialect), numberSchema(dialect).map((s) => ({ ...s, type: "integer", multipleOf: undefined }))).map(([kind, a, b]): Json => ({ [kind]: [a, JSON.parse(JSON.stringify(b)) as Json] }));
    // The second part adds properties of its own and annotates the first part's: merged, they stay satisfiable.
    const allOf = fc.tuple(object, object).map(([a, b]): Json => {
      const more: Json = {};
      for (const [name, schema] of Object.entries(b.properties as Json)) more[`${name}2`] = schema;
      for (const name of Object.keys(a.properties as Json)) more[name] = { description: "the same property" };
      // No additionalProperties in the first part: it would forbid the second part's names.
      const { additionalProperties: _, ...first } = a;
      return { allOf: [first, { type: "object", properties: more, ...(b.required ? { required: (b.required as string[]).map((name) => `${name}2`) } : {}) }] };
    });
    return {
      schema: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        { arbitrary: scalar, weight: 4 },
        { arbitrary: scalar.map((s) => nullable(s, dialect)), weight: 1 },
        { arbitrary: object, weight: 2 },
        { arbitrary: array, weight: 1 },
        { arbitrary: union, weight: 1 },
        { arbitrary: allOf, weight: 1 },
        { arbitrary: fc.constant<Json>({ $ref: "#/components/schemas/Tree" }), weight: 1 },
      ),
    };
  });
  return schema;
}

/** A document holding `schema` as `components.schemas.Subject`, beside a recursive Tree. */
export function documentOf(schema: Json, dialect: Dialect): Json {
  return {
    openapi: dialect === "3.0" ? "3.0.3" : "3.1.0",
    info: { title: "Schemas", version: "1" },
    paths: {},
    components: {
      schemas: {
        Subject: schema,
        Tree: { type: "object", required: ["label"], properties: { label: { type: "string", maxLength: 4 }, children: { type: "array", items: { $ref: "#/components/schemas/Tree" } } } },
      },
    },
  };
}
