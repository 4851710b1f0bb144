/**
 * A catalogue of schema kinds, written with each of Zod 4, ArkType 2 and Valibot 1, each
 * used in a request body and a response in both OpenAPI versions (issue points 1 and 2).
 * Every document must be valid for its version with every `$ref` resolving and nothing of
 * the vendor's JSON Schema envelope left over; and each position must accept and reject
 * the values the schema itself accepts and rejects, read with the Schema Object semantics
 * of the document's version (support.ts `accepts`).
 */
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { StandardJSONSchemaV1 } from "specloom";
import {
  accepts,
  bodySchema,
  build,
  componentNames,
  deref,
  expectAcceptance,
  expectCleanDocument,
  LIBRARIES,
  recording,
  responseSchema,
  vb,
  VERSIONS,
  type Library,
  type Node,
} from "./support";

interface Kind {
  name: string;
  schemas: Record<Library, StandardJSONSchemaV1>;
  /** Accepted in requests and responses, in both versions. */
  accept: unknown[];
  /** Rejected in requests and responses, in both versions. */
  reject: unknown[];
  /** Rejected in 3.1.0 only: 3.0 cannot say it, and the issue allows widening where 3.0 lacks a keyword. */
  reject31?: unknown[];
}

const kinds: Kind[] = [
  {
    name: "string with length bounds",
    schemas: { zod: z.string().min(2).max(4), arktype: type("2 <= string <= 4"), valibot: vb(v.pipe(v.string(), v.minLength(2), v.maxLength(4))) },
    accept: ["ab", "abcd"],
    reject: ["a", "abcde", 3, null],
  },
  {
    name: "integer with inclusive bounds",
    schemas: { zod: z.int().min(1).max(5), arktype: type("1 <= number.integer <= 5"), valibot: vb(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))) },
    accept: [1, 5],
    reject: [0, 6, 2.5, "3"],
  },
  {
    name: "number with exclusive bounds",
    schemas: { zod: z.number().gt(0).lt(10), arktype: type("0 < number < 10"), valibot: vb(v.pipe(v.number(), v.gtValue(0), v.ltValue(10))) },
    accept: [0.5, 9.5],
    reject: [0, 10, -1, 11],
  },
  {
    name: "string literal",
    schemas: { zod: z.literal("on"), arktype: type("'on'"), valibot: vb(v.literal("on")) },
    accept: ["on"],
    reject: ["off", ""],
  },
  {
    name: "number literal",
    schemas: { zod: z.literal(42), arktype: type("42"), valibot: vb(v.literal(42)) },
    accept: [42],
    reject: [41, "42"],
  },
  {
    name: "boolean literal",
    schemas: { zod: z.literal(true), arktype: type("true"), valibot: vb(v.literal(true)) },
    accept: [true],
    reject: [false, "true"],
  },
  {
    name: "enum",
    schemas: { zod: z.enum(["red", "green"]), arktype: type("'red' | 'green'"), valibot: vb(v.picklist(["red", "green"])) },
    accept: ["red", "green"],
    reject: ["blue", null],
  },
  {
    name: "nullable string",
    schemas: { zod: z.string().nullable(), arktype: type("string | null"), valibot: vb(v.nullable(v.string())) },
    accept: ["x", null],
    reject: [1],
  },
  {
    name: "nullable number with exclusive bound",
    schemas: { zod: z.number().gt(0).nullable(), arktype: type("number > 0 | null"), valibot: vb(v.nullable(v.pipe(v.number(), v.gtValue(0)))) },
    accept: [1, null],
    reject: [0, "1"],
  },
  {
    name: "nullable enum",
    schemas: { zod: z.enum(["red", "green"]).nullable(), arktype: type("'red' | 'green' | null"), valibot: vb(v.nullable(v.picklist(["red", "green"]))) },
    accept: ["red", null],
    reject: ["blue"],
  },
  {
    name: "nullable union of two types",
    schemas: {
      zod: z.union([z.string(), z.number()]).nullable(),
      arktype: type("string | number | null"),
      valibot: vb(v.nullable(v.union([v.string(), v.number()]))),
    },
    accept: ["x", 1, null],
    reject: [true, []],
  },
  {
    name: "nullable object",
    schemas: { zod: z.object({ a: z.string() }).nullable(), arktype: type({ a: "string" }).or("null"), valibot: vb(v.nullable(v.object({ a: v.string() }))) },
    accept: [{ a: "x" }, null],
    reject: [{ a: 1 }, {}, "x"],
  },
  {
    name: "object with an optional field",
    schemas: { zod: z.object({ a: z.string().optional() }), arktype: type({ "a?": "string" }), valibot: vb(v.object({ a: v.optional(v.string()) })) },
    accept: [{}, { a: "x" }],
    reject: [{ a: 1 }, null, []],
  },
  {
    name: "record of numbers",
    schemas: { zod: z.record(z.string(), z.number()), arktype: type("Record<string, number>"), valibot: vb(v.record(v.string(), v.number())) },
    accept: [{}, { x: 1, y: 2 }],
    reject: [{ x: "1" }, [], null],
  },
  {
    name: "array of objects",
    schemas: { zod: z.array(z.object({ id: z.number() })), arktype: type({ id: "number" }).array(), valibot: vb(v.array(v.object({ id: v.number() }))) },
    accept: [[], [{ id: 1 }, { id: 2 }]],
    reject: [[{ id: "1" }], [{}], {}],
  },
  {
    name: "discriminated union",
    schemas: {
      zod: z.discriminatedUnion("kind", [z.object({ kind: z.literal("circle"), radius: z.number() }), z.object({ kind: z.literal("square"), side: z.number() })]),
      arktype: type({ kind: "'circle'", radius: "number" }).or({ kind: "'square'", side: "number" }),
      valibot: vb(v.variant("kind", [v.object({ kind: v.literal("circle"), radius: v.number() }), v.object({ kind: v.literal("square"), side: v.number() })])),
    },
    accept: [
      { kind: "circle", radius: 1 },
      { kind: "square", side: 2 },
    ],
    reject: [{ kind: "circle", side: 2 }, { kind: "triangle" }, { radius: 1 }],
  },
  {
    name: "tuple",
    schemas: { zod: z.tuple([z.string(), z.number()]), arktype: type(["string", "number"]), valibot: vb(v.tuple([v.string(), v.number()])) },
    accept: [["a", 1]],
    reject: [["a"], "a"],
    reject31: [[1, "a"]],
  },
  {
    name: "object whose property names are Object.prototype members",
    schemas: {
      zod: z.object({ constructor: z.string(), toString: z.number() }),
      arktype: type({ constructor: "string", toString: "number" }),
      valibot: vb(v.object({ constructor: v.string(), toString: v.number() })),
    },
    accept: [{ constructor: "a", toString: 1 }],
    reject: [{ constructor: 1, toString: 1 }, { toString: 1 }],
  },
];

describe.each(VERSIONS)("OpenAPI %s", (version) => {
  describe.each(kinds)("$name", (kind) => {
    it.each(LIBRARIES)("%s: a valid document whose request and response accept exactly what the schema accepts", async (library) => {
      const schema = kind.schemas[library];
      const doc = build(version, { "POST /items": { body: schema, 200: schema } });
      await expectCleanDocument(doc);
      const reject = version !== "3.0.3" ? [...kind.reject, ...(kind.reject31 ?? [])] : kind.reject;
      expectAcceptance(doc, bodySchema(doc, "POST /items"), kind.accept, reject, `${library} request body`);
      expectAcceptance(doc, responseSchema(doc, "POST /items"), kind.accept, reject, `${library} response`);
      // Unnamed, non-recursive schemas are inlined: no component is invented for them.
      expect(componentNames(doc)).toEqual([]);
    });
  });

  it.each(LIBRARIES)("%s: every kind in one document, as bodies, responses and object properties", async (library) => {
    const paths: Record<string, { body: StandardJSONSchemaV1; 200: StandardJSONSchemaV1 }> = {};
    kinds.forEach((kind, i) => {
      paths[`PUT /kind${i}`] = { body: kind.schemas[library], 200: kind.schemas[library] };
    });
    const doc = build(version, paths);
    await expectCleanDocument(doc);
  });
});

/** The one schema of a position with nullability folded for reading: the 3.0 node, or a 3.1 node. */
function position(version: (typeof VERSIONS)[number], schema: StandardJSONSchemaV1): { doc: unknown; body: Node; response: Node } {
  const doc = build(version, { "POST /x": { body: schema, 200: schema } });
  return { doc, body: deref(doc, bodySchema(doc, "POST /x")), response: deref(doc, responseSchema(doc, "POST /x")) };
}

describe("how each kind is written in each version", () => {
  const nullableString: Record<Library, StandardJSONSchemaV1> = { zod: z.string().nullable(), arktype: type("string | null"), valibot: vb(v.nullable(v.string())) };
  const bounded: Record<Library, StandardJSONSchemaV1> = { zod: z.number().gt(0).lt(10), arktype: type("0 < number < 10"), valibot: vb(v.pipe(v.number(), v.gtValue(0), v.ltValue(10))) };
  const literal: Record<Library, StandardJSONSchemaV1> = { zod: z.literal("on"), arktype: type("'on'"), valibot: vb(v.literal("on")) };
  const record: Record<Library, StandardJSONSchemaV1> = { zod: z.record(z.string(), z.number()), arktype: type("Record<string, number>"), valibot: vb(v.record(v.string(), v.number())) };
  const examples: Record<Library, StandardJSONSchemaV1> = {
    zod: z.string().meta({ examples: ["first", "second"] }),
    arktype: type("string").configure({ examples: ["first", "second"] }),
    valibot: vb(v.pipe(v.string(), v.examples(["first", "second"]))),
  };

  it.each(LIBRARIES)("%s: a nullable field is `nullable: true` beside its type in 3.0.3 and a null type in 3.1.0", async (library) => {
    const old = position("3.0.3", nullableString[library]);
    await expectCleanDocument(old.doc);
    for (const s of [old.body, old.response]) {
      expect(s).toMatchObject({ type: "string", nullable: true });
      expect(s).not.toHaveProperty("anyOf");
      expect(s).not.toHaveProperty("oneOf");
    }
    const now = position("3.1.0", nullableString[library]);
    await expectCleanDocument(now.doc);
    for (const s of [now.body, now.response]) {
      // Either spelling 2020-12 has: `type: ["string", "null"]`, or a `{ type: "null" }` branch.
      const viaType = Array.isArray(s.type) && s.type.includes("null") && s.type.includes("string");
      const viaBranch = Array.isArray(s.anyOf) && s.anyOf.some((b) => (b as Node).type === "null");
      expect(viaType || viaBranch, JSON.stringify(s)).toBe(true);
      expect(accepts(now.doc, s, null)).toBe(true);
    }
  });

  it.each(LIBRARIES)("%s: exclusive bounds are boolean modifiers of minimum/maximum in 3.0.3 and numbers in 3.1.0", async (library) => {
    const old = position("3.0.3", bounded[library]);
    await expectCleanDocument(old.doc);
    for (const s of [old.body, old.response]) expect(s).toMatchObject({ type: "number", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true });
    const now = position("3.1.0", bounded[library]);
    await expectCleanDocument(now.doc);
    for (const s of [now.body, now.response]) {
      expect(s).toMatchObject({ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10 });
      expect(s).not.toHaveProperty("minimum");
      expect(s).not.toHaveProperty("maximum");
    }
  });

  it.each(LIBRARIES)("%s: a literal is a one-value enum in 3.0.3 (3.0 has no const)", async (library) => {
    const old = position("3.0.3", literal[library]);
    await expectCleanDocument(old.doc);
    for (const s of [old.body, old.response]) {
      expect(s.enum).toEqual(["on"]);
      expect(s).not.toHaveProperty("const");
    }
    const now = position("3.1.0", literal[library]);
    await expectCleanDocument(now.doc);
    for (const s of [now.body, now.response]) expect(s.const === "on" || JSON.stringify(s.enum) === '["on"]', JSON.stringify(s)).toBe(true);
  });

  it.each(LIBRARIES)("%s: a record keeps its value schema under additionalProperties in both versions", async (library) => {
    for (const version of VERSIONS) {
      const { doc, body, response } = position(version, record[library]);
      await expectCleanDocument(doc);
      for (const s of [body, response]) {
        expect(s.type).toBe("object");
        expect(s.additionalProperties).toEqual({ type: "number" });
      }
    }
  });

  it.each(LIBRARIES)("%s: examples become the single `example` in 3.0.3 and stay `examples` in 3.1.0", async (library) => {
    const old = position("3.0.3", examples[library]);
    await expectCleanDocument(old.doc);
    for (const s of [old.body, old.response]) {
      expect(s.example).toBe("first");
      expect(s).not.toHaveProperty("examples");
    }
    const now = position("3.1.0", examples[library]);
    await expectCleanDocument(now.doc);
    for (const s of [now.body, now.response]) expect(s.examples).toEqual(["first", "second"]);
  });

  it("zod: a discriminated union keeps exclusive variants (oneOf) in both versions", async () => {
    const shape = z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), x: z.number() }), z.object({ kind: z.literal("b"), y: z.string() })]);
    for (const version of VERSIONS) {
      const { doc, body } = position(version, shape);
      await expectCleanDocument(doc);
      expect(Array.isArray(body.oneOf) && body.oneOf.length === 2, JSON.stringify(body)).toBe(true);
    }
  });
});

describe("target choice (issue point 1)", () => {
  const shapes: Record<Library, () => StandardJSONSchemaV1> = {
    zod: () => z.object({ n: z.number().gt(0) }),
    arktype: () => type({ n: "number > 0" }),
    valibot: () => vb(v.object({ n: v.pipe(v.number(), v.gtValue(0)) })),
  };

  it.each(LIBRARIES)("%s: a 3.1.0 document asks for draft-2020-12 only", async (library) => {
    const { schema, calls } = recording(shapes[library]());
    const doc = build("3.1.0", { "POST /x": { body: schema, 200: schema } });
    await expectCleanDocument(doc);
    expect(calls.sort()).toEqual(["input:draft-2020-12", "output:draft-2020-12"]);
  });

  it.each(LIBRARIES)("%s: a 3.0.3 document asks for openapi-3.0 first, and for draft-2020-12 only when that throws", async (library) => {
    const { schema, calls } = recording(shapes[library]());
    const doc = build("3.0.3", { "POST /x": { body: schema, 200: schema } });
    await expectCleanDocument(doc);
    for (const side of ["input", "output"]) {
      const asked = calls.filter((c) => c.startsWith(`${side}:`)).map((c) => c.slice(side.length + 1));
      expect(asked[0]).toBe("openapi-3.0");
      expect(asked.slice(1)).toEqual(asked.length > 1 ? ["draft-2020-12"] : []);
    }
    // ArkType has no "openapi-3.0" target, and Valibot none for gtValue: both need the fallback.
    if (library !== "zod") expect(calls).toContain("input:draft-2020-12");
  });
});

describe("property names that look like keywords", () => {
  // `$defs`, `definitions`, `$schema` and `$id` are keywords at a schema's top, but any
  // name may be a property: those stay, in both versions, as properties of the object.
  const names = ["$defs", "definitions", "$schema", "$id"];
  const shapes: Record<Library, () => StandardJSONSchemaV1> = {
    zod: () => z.object(Object.fromEntries(names.map((name) => [name, z.string()]))),
    arktype: () => type(Object.fromEntries(names.map((name) => [name, "string"])) as never),
    valibot: () => vb(v.object(Object.fromEntries(names.map((name) => [name, v.string()])))),
  };

  it.each(VERSIONS.flatMap((version) => LIBRARIES.map((library) => [version, library] as const)))("%s, %s: kept as properties", async (version, library) => {
    const doc = build(version, { "POST /x": { body: shapes[library]() } });
    await expectCleanDocument(doc);
    const body = bodySchema(doc, "POST /x");
    // (ArkType writes properties in an order of its own.)
    expect(Object.keys(body.properties as object).sort()).toEqual([...names].sort());
    expect([...(body.required as string[])].sort()).toEqual([...names].sort());
  });
});
