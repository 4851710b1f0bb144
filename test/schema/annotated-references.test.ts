/**
 * A named schema used with an annotation added (`.default()`, `.describe()`,
 * `.meta({ description })`, `.readonly()`, `.nullable()`) stays a `$ref`, with the
 * annotation beside it: in 3.1 as a sibling of `$ref` (a 3.1 Schema Object is JSON Schema
 * 2020-12, where keywords beside `$ref` apply); in 3.0.3 beside `allOf: [{ $ref }]`, since
 * there a Reference Object's added properties "SHALL be ignored". ArkType copies a union's
 * description into each branch; the branches are still the registered schemas.
 */
import { toStandardJsonSchema as vb } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type StandardJSONSchemaV1 } from "specloom";
import { versions } from "../fixtures/libraries";
import { allRefs, componentNames, expectAcceptance, expectCleanDocument, refName, responseSchema, type Node } from "./support";

const info = { title: "Annotations", version: "1" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
type Version = (typeof versions)[number];

interface Case {
  what: string;
  name: "Role" | "Pet";
  /** The registered schema and an object whose `value` property is it with an annotation. */
  named: StandardJSONSchemaV1;
  holder: StandardJSONSchemaV1;
  annotations: (version: Version) => Node;
  nullable?: boolean;
}

const zodRole = z.enum(["admin", "member"]);
const zodPet = z.object({ name: z.string() });
const arkPet = type({ name: "string" });
const valibotRole = v.picklist(["admin", "member"]);
const valibotPet = v.object({ name: v.string() });

const cases: { library: string; cases: Case[] }[] = [
  {
    library: "zod",
    cases: [
      { what: ".default()", name: "Role", named: zodRole, holder: z.object({ value: zodRole.default("member") }), annotations: () => ({ default: "member" }) },
      { what: ".describe()", name: "Pet", named: zodPet, holder: z.object({ value: zodPet.describe("The pet") }), annotations: () => ({ description: "The pet" }) },
      { what: ".meta({ description, title })", name: "Pet", named: zodPet, holder: z.object({ value: zodPet.meta({ description: "The pet", title: "Pet of the day" }) }), annotations: () => ({ description: "The pet", title: "Pet of the day" }) },
      { what: ".readonly()", name: "Pet", named: zodPet, holder: z.object({ value: zodPet.readonly() }), annotations: () => ({ readOnly: true }) },
      { what: ".nullable() of an object", name: "Pet", named: zodPet, holder: z.object({ value: zodPet.nullable() }), annotations: () => ({}), nullable: true },
      { what: ".nullable() of an enum", name: "Role", named: zodRole, holder: z.object({ value: zodRole.nullable() }), annotations: () => ({}), nullable: true },
      { what: ".nullable().describe()", name: "Pet", named: zodPet, holder: z.object({ value: zodPet.nullable().describe("Maybe a pet") }), annotations: () => ({ description: "Maybe a pet" }), nullable: true },
    ],
  },
  {
    library: "arktype",
    cases: [
      { what: ".describe()", name: "Pet", named: arkPet, holder: type({ value: arkPet.describe("The pet") }), annotations: () => ({ description: "The pet" }) },
      {
        what: ".configure({ description, examples })",
        name: "Pet",
        named: arkPet,
        holder: type({ value: arkPet.configure({ description: "The pet", examples: [{ name: "Rex" }] }) }),
        // 3.0 has one `example` where 2020-12 has `examples`.
        annotations: (version) => (version === "3.0.3" ? { description: "The pet", example: { name: "Rex" } } : { description: "The pet", examples: [{ name: "Rex" }] }),
      },
      { what: '.or("null")', name: "Pet", named: arkPet, holder: type({ value: arkPet.or("null") }), annotations: () => ({}), nullable: true },
    ],
  },
  {
    library: "valibot",
    cases: [
      { what: "v.optional(schema, default)", name: "Role", named: vb(valibotRole), holder: vb(v.object({ value: v.optional(valibotRole, "member") })), annotations: () => ({ default: "member" }) },
      { what: "v.description()", name: "Pet", named: vb(valibotPet), holder: vb(v.object({ value: v.pipe(valibotPet, v.description("The pet")) })), annotations: () => ({ description: "The pet" }) },
      { what: "v.title()", name: "Pet", named: vb(valibotPet), holder: vb(v.object({ value: v.pipe(valibotPet, v.title("Pet of the day")) })), annotations: () => ({ title: "Pet of the day" }) },
      { what: "v.nullable() of an object", name: "Pet", named: vb(valibotPet), holder: vb(v.object({ value: v.nullable(valibotPet) })), annotations: () => ({}), nullable: true },
      { what: "v.nullable() of a picklist", name: "Role", named: vb(valibotRole), holder: vb(v.object({ value: v.nullable(valibotRole) })), annotations: () => ({}), nullable: true },
    ],
  },
];

/** What the `value` property must be: the $ref with the annotations beside it, in the version's form. */
function expected(version: Version, name: string, annotations: Node, nullable: boolean): Node {
  if (nullable) return { ...annotations, anyOf: [ref(name), version === "3.0.3" ? { type: "string", nullable: true, enum: [null] } : { type: "null" }] };
  return version === "3.0.3" ? { ...annotations, allOf: [ref(name)] } : { ...ref(name), ...annotations };
}

const sample = { Role: ["member", "boss"], Pet: [{ name: "Rex" }, { name: 7 }] } as const;

describe.each(cases)("a named $library schema with an annotation added", ({ cases: list }) => {
  describe.each(list)("$what", (c) => {
    it.each(versions)("stays a $ref with the annotation beside it; 3.0.3: in allOf, as properties beside a Reference Object \"SHALL be ignored\" (%s)", async (version) => {
      const document = openapi({ openapi: version, info, schemas: { [c.name]: c.named }, paths: { "GET /x": { 200: c.holder } } });
      const value = (responseSchema(document, "GET /x").properties as Node).value;
      expect(value).toEqual(expected(version, c.name, c.annotations(version), c.nullable === true));
      expect(componentNames(document)).toEqual([c.name]);
      // The use accepts what the named schema accepts (and null when nullable), nothing else.
      const [good, bad] = sample[c.name];
      expectAcceptance(document, value, c.nullable ? [good, null] : [good], c.nullable ? [bad] : [bad, null], c.what);
      await expectCleanDocument(document);
    });
  });
});

describe("3.0.3 nullable around a named schema", () => {
  it("keeps the $ref and writes nullable only beside a type: it adds null \"only if type is explicitly defined within the same Schema Object\"", async () => {
    const document = openapi({ openapi: "3.0.3", info, schemas: { Pet: zodPet }, paths: { "GET /x": { 200: z.object({ value: zodPet.nullable() }) } } });
    const value = (responseSchema(document, "GET /x").properties as Node).value as Node;
    for (const branch of value.anyOf as Node[]) if ("nullable" in branch) expect(branch.type).toBe("string");
    expect(value).not.toHaveProperty("nullable");
    await expectCleanDocument(document);
  });
});

describe("what is not an annotation keeps a schema inline", () => {
  it.each(versions)("a named schema with a constraint added is not that schema (%s)", async (version) => {
    const document = openapi({ openapi: version, info, schemas: { Pet: zodPet }, paths: { "GET /x": { 200: z.object({ value: zodPet.extend({ age: z.number() }).describe("Older") }) } } });
    const value = (responseSchema(document, "GET /x").properties as Node).value as Node;
    expect(refName(value)).toBeUndefined();
    expect(value).toMatchObject({ type: "object", description: "Older" });
    await expectCleanDocument(document);
  });

  it.each(versions)("a registered schema's own description is not repeated beside its $ref (%s)", async (version) => {
    const Described = zodPet.meta({ description: "A pet" });
    const document = openapi({ openapi: version, info, schemas: { Pet: Described }, paths: { "GET /x": { 200: z.object({ value: Described.default({ name: "Rex" }) }) } } });
    const value = (responseSchema(document, "GET /x").properties as Node).value;
    expect(value).toEqual(version === "3.0.3" ? { default: { name: "Rex" }, allOf: [ref("Pet")] } : { ...ref("Pet"), default: { name: "Rex" } });
    await expectCleanDocument(document);
  });
});

/** Component names no `$ref` in the document points at. */
function unusedComponents(document: unknown): string[] {
  const used = new Set(allRefs(document).map((r) => refName({ $ref: r })));
  return componentNames(document).filter((name) => !used.has(name));
}

/** Two registered objects and a described union of the same two schema objects. */
function union(library: string): { A: StandardJSONSchemaV1; B: StandardJSONSchemaV1; union: StandardJSONSchemaV1 } {
  if (library === "zod") {
    const A = z.object({ kind: z.literal("a"), x: z.string() });
    const B = z.object({ kind: z.literal("b"), y: z.number() });
    return { A, B, union: z.union([A, B]).describe("A or B") };
  }
  if (library === "arktype") {
    const A = type({ kind: "'a'", x: "string" });
    const B = type({ kind: "'b'", y: "number" });
    return { A, B, union: A.or(B).describe("A or B") };
  }
  const A = v.object({ kind: v.literal("a"), x: v.string() });
  const B = v.object({ kind: v.literal("b"), y: v.number() });
  return { A: vb(A), B: vb(B), union: vb(v.pipe(v.union([A, B]), v.description("A or B"))) };
}

const unions = ["zod", "arktype", "valibot"].map((library) => ({ library, ...union(library) }));

describe.each(unions)("a described $library union of registered objects", (u) => {
  it.each(versions)("refers to each branch, keeps the description on the union only, and leaves no component unused (%s)", async (version) => {
    const document = openapi({ openapi: version, info, schemas: { A: u.A, B: u.B }, paths: { "GET /ab": { 200: u.union } } });
    const schema = responseSchema(document, "GET /ab");
    expect(schema.description).toBe("A or B");
    const branches = (schema.anyOf ?? schema.oneOf) as Node[];
    expect(branches).toEqual([ref("A"), ref("B")]);
    expect(unusedComponents(document)).toEqual([]);
    await expectCleanDocument(document);
  });
});
