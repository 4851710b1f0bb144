/**
 * Property: a 3.0 document and its faithful 3.1 form differ in nothing, compared either way.
 * Each generated schema is written twice, by rules written here (not the library's
 * conversion): `nullable` against `null` in `type` or a null branch (3.0's own null branch
 * too), 3.0's boolean exclusive bounds against 3.1's numeric ones, `example` against
 * `examples`, a one-value `enum` against `const`, a choice of one type each against a type
 * list, `nullable` beside `allOf` against its 3.1 forms; deepObject and form parameters with
 * their defaults written or not. Seeded and bounded.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";

type Json = Record<string, unknown>;
/** One schema in both versions. */
interface Pair {
  readonly v30: Json;
  readonly v31: Json;
}

const COMPONENTS = ["Pet", "Owner"] as const;
const NAMES = ["id", "name", "tags", "kind", "owner"];

const same = (schema: Json): Pair => ({ v30: schema, v31: schema });

/** `type: t` (3.0 with `nullable`), `type: [t, null]` in 3.1. */
function typed(type: string, nullable: boolean, extra30: Json = {}, extra31: Json = {}): Pair {
  return nullable ? { v30: { type, nullable: true, ...extra30 }, v31: { type: [type, "null"], ...extra31 } } : { v30: { type, ...extra30 }, v31: { type, ...extra31 } };
}

const example = fc.option(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { nil: undefined });

/** An example moves from `example` to `examples`: an annotation, no change. */
function withExample(pair: Pair, value: unknown): Pair {
  return value === undefined ? pair : { v30: { ...pair.v30, example: value }, v31: { ...pair.v31, examples: [value] } };
}

const stringLeaf: fc.Arbitrary<Pair> = fc
  .record({ nullable: fc.boolean(), min: fc.option(fc.nat(3), { nil: undefined }), max: fc.option(fc.integer({ min: 4, max: 9 }), { nil: undefined }), pattern: fc.boolean(), example })
  .map(({ nullable, min, max, pattern, example: value }) => {
    const bounds = { ...(min === undefined ? {} : { minLength: min }), ...(max === undefined ? {} : { maxLength: max }), ...(pattern ? { pattern: "^[a-z]*$" } : {}) };
    return withExample(typed("string", nullable, bounds, bounds), value);
  });

/** 3.0's `minimum` with `exclusiveMinimum: true` is 3.1's `exclusiveMinimum` alone. */
const numberLeaf: fc.Arbitrary<Pair> = fc
  .record({ type: fc.constantFrom("integer", "number"), nullable: fc.boolean(), min: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }), max: fc.option(fc.integer({ min: 6, max: 20 }), { nil: undefined }), exclusiveMin: fc.boolean(), exclusiveMax: fc.boolean() })
  .map(({ type, nullable, min, max, exclusiveMin, exclusiveMax }) => {
    const [b30, b31]: [Json, Json] = [{}, {}];
    for (const [value, exclusive, bound, exclusiveKey] of [[min, exclusiveMin, "minimum", "exclusiveMinimum"], [max, exclusiveMax, "maximum", "exclusiveMaximum"]] as const) {
      if (value === undefined) continue;
      b30[bound] = value;
      if (exclusive) b30[exclusiveKey] = true;
      b31[exclusive ? exclusiveKey : bound] = value;
    }
    return typed(type, nullable, b30, b31);
  });

/** An enum, with null in it when nullable (both versions' converters add it); one value may be 3.1's `const`. */
const enumLeaf: fc.Arbitrary<Pair> = fc.record({ values: fc.uniqueArray(fc.constantFrom("a", "b", "c", ""), { minLength: 1, maxLength: 3 }), nullable: fc.boolean(), asConst: fc.boolean() }).map(({ values, nullable, asConst }) => {
  if (values.length === 1 && asConst && !nullable) return { v30: { type: "string", enum: values }, v31: { type: "string", const: values[0] } };
  const list = nullable ? [...values, null] : values;
  return typed("string", nullable, { enum: list }, { enum: list });
});

/** A type list in 3.1; 3.0 has no such list, so a choice of one type each (with 3.0's null branch when nullable). */
const typeList: fc.Arbitrary<Pair> = fc.record({ types: fc.uniqueArray(fc.constantFrom("string", "integer", "boolean"), { minLength: 2, maxLength: 3 }), nullable: fc.boolean() }).map(({ types, nullable }) => ({
  v30: { anyOf: [...types.map((type) => ({ type })), ...(nullable ? [{ type: "string", nullable: true, enum: [null] }] : [])] },
  v31: { type: nullable ? [...types, "null"] : types },
}));

const leaf = fc.oneof(stringLeaf, numberLeaf, enumLeaf, typeList, fc.constant(same({ type: "boolean" })));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A reference, made nullable in each version's ways. */
const reference: fc.Arbitrary<Pair> = fc.record({ name: fc.constantFrom(...COMPONENTS), nullable: fc.boolean(), form30: fc.nat(2), form31: fc.nat(2) }).map(({ name, nullable, form30, form31 }) => {
  if (!nullable) return same(ref(name));
  const v30 = [{ nullable: true, allOf: [ref(name)] }, { anyOf: [ref(name), { type: "string", nullable: true, enum: [null] }] }, { nullable: true, anyOf: [ref(name)] }][form30] as Json;
  const v31 = [{ anyOf: [ref(name), { type: "null" }] }, { oneOf: [ref(name), { type: "null" }] }, { anyOf: [{ allOf: [ref(name)] }, { type: "null" }] }][form31] as Json;
  return { v30, v31 };
});

const { schema } = fc.letrec<{ schema: Pair; object: Pair; array: Pair; choice: Pair; allOf: Pair }>((tie) => ({
  schema: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, reference, tie("object"), tie("array"), tie("choice"), tie("allOf")),
  object: fc
    .record({ properties: fc.dictionary(fc.constantFrom(...NAMES), tie("schema"), { maxKeys: 3 }), required: fc.subarray(NAMES), nullable: fc.boolean(), closed: fc.boolean(), description: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }) })
    .map(({ properties, required, nullable, closed, description }) => {
      const names = Object.keys(properties);
      const [p30, p31] = [Object.fromEntries(names.map((name) => [name, (properties[name] as Pair).v30])), Object.fromEntries(names.map((name) => [name, (properties[name] as Pair).v31]))];
      const shared = { ...(required.some((name) => names.includes(name)) ? { required: required.filter((name) => names.includes(name)) } : {}), ...(closed ? { additionalProperties: false } : {}), ...(description === undefined ? {} : { description }) };
      return typed("object", nullable, { properties: p30, ...shared }, { properties: p31, ...shared });
    }),
  array: fc.record({ items: tie("schema"), max: fc.option(fc.nat(5), { nil: undefined }), nullable: fc.boolean() }).map(({ items, max, nullable }) => {
    const bound = max === undefined ? {} : { maxItems: max };
    return typed("array", nullable, { items: items.v30, ...bound }, { items: items.v31, ...bound });
  }),
  choice: fc.record({ key: fc.constantFrom("anyOf", "oneOf"), branches: fc.array(tie("schema"), { minLength: 2, maxLength: 3 }), nullable: fc.boolean() }).map(({ key, branches, nullable }) => ({
    v30: { [key]: branches.map((branch) => branch.v30), ...(nullable ? { nullable: true } : {}) },
    v31: { [key]: [...branches.map((branch) => branch.v31), ...(nullable ? [{ type: "null" }] : [])] },
  })),
  // Objects composed, as allOf is used: parts of unrelated types would accept nothing.
  allOf: fc.array(tie("object"), { minLength: 1, maxLength: 2 }).map((parts) => ({ v30: { allOf: parts.map((part) => part.v30) }, v31: { allOf: parts.map((part) => part.v31) } })),
}));

/** A query parameter whose defaults are written out, or not, on each side. */
const parameter = fc.record({ style: fc.constantFrom("form", "deepObject"), write30: fc.boolean(), write31: fc.boolean() }).map(({ style, write30, write31 }) => {
  const object = { type: "object", properties: { kind: { type: "string" } } };
  // deepObject's one serialisation is exploded; form's default explode is true.
  const written = (write: boolean) => (style === "form" ? (write ? { style, explode: true } : {}) : write ? { style, explode: true } : { style });
  return { v30: { name: "filter", in: "query", schema: object, ...written(write30) }, v31: { name: "filter", in: "query", schema: object, ...written(write31) } };
});

const api = fc.record({ components: fc.tuple(schema, schema), body: schema, response: schema, header: leaf, query: leaf, filter: parameter });

type Api = typeof api extends fc.Arbitrary<infer T> ? T : never;

function documents(generated: Api): [Json, Json] {
  const build = (version: "v30" | "v31"): Json => ({
    openapi: version === "v30" ? "3.0.3" : "3.1.0",
    info: { title: "Pets", version: "1.0.0" },
    paths: {
      "/pets": {
        post: {
          parameters: [{ name: "limit", in: "query", schema: generated.query[version] }, generated.filter[version]],
          requestBody: { content: { "application/json": { schema: generated.body[version] } } },
          responses: { "200": { description: "OK", headers: { "X-Rate": { schema: generated.header[version] } }, content: { "application/json": { schema: generated.response[version] } } } },
        },
      },
    },
    components: { schemas: Object.fromEntries(COMPONENTS.map((name, i) => [name, (generated.components[i] as Pair)[version]])) },
  });
  return [build("v30"), build("v31")];
}

describe("diff: a 3.0 document and its faithful 3.1 form differ in nothing", () => {
  it("either way, for generated schemas in bodies, parameters, headers and components", async () => {
    await fc.assert(
      fc.asyncProperty(api, async (generated) => {
        const [v30, v31] = documents(generated);
        await expectValidOpenAPI(v30);
        await expectValidOpenAPI(v31);
        expect(diff(v30, v31).changes).toEqual([]);
        expect(diff(v31, v30).changes).toEqual([]);
      }),
      { seed: 3031, numRuns: 100 },
    );
  });
});
