/**
 * A union whose branches are components that each fix one shared, required property to a
 * distinct string gets a `discriminator` with a `mapping` to those components. The 3.0.3
 * and 3.1.0 Discriminator Object: it "is legal only when using one of the composite
 * keywords oneOf, anyOf, allOf", and "when using the discriminator, inline schemas will not
 * be considered", so only unions of `$ref`s get one. One that does not hold is never written.
 */
import { toStandardJsonSchema as vb } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type OpenAPIDocument, type StandardJSONSchemaV1 } from "specloom";
import { versions } from "../fixtures/libraries";
import { bodySchema, component, deref, expectCleanDocument, isNode, refName, responseSchema, type Node } from "./support";

const info = { title: "Shapes", version: "1" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Circle and Square (`kind: "circle" | "square"`) and the library's own union of the two. */
function shapes(library: string): { Circle: StandardJSONSchemaV1; Square: StandardJSONSchemaV1; union: StandardJSONSchemaV1 } {
  if (library === "zod") {
    const Circle = z.object({ kind: z.literal("circle"), radius: z.number() });
    const Square = z.object({ kind: z.literal("square"), side: z.number() });
    return { Circle, Square, union: z.discriminatedUnion("kind", [Circle, Square]) };
  }
  if (library === "arktype") {
    const Circle = type({ kind: "'circle'", radius: "number" });
    const Square = type({ kind: "'square'", side: "number" });
    return { Circle, Square, union: Circle.or(Square) };
  }
  const Circle = v.object({ kind: v.literal("circle"), radius: v.number() });
  const Square = v.object({ kind: v.literal("square"), side: v.number() });
  return { Circle: vb(Circle), Square: vb(Square), union: vb(v.variant("kind", [Circle, Square])) };
}

const libraries = ["zod", "arktype", "valibot"].map((library) => ({ library, ...shapes(library) }));

/**
 * What a discriminator promises, checked against the document itself: every branch is a
 * `$ref` listed in `mapping`, and each mapped component requires `propertyName` and fixes
 * it to exactly that mapping key.
 */
function expectDiscriminatorHolds(document: OpenAPIDocument, schema: Node): void {
  const discriminator = schema.discriminator as { propertyName: string; mapping: Record<string, string> };
  const branches = (schema.oneOf ?? schema.anyOf) as Node[];
  expect(branches.every((branch) => refName(branch) !== undefined), "only $ref branches: inline schemas will not be considered").toBe(true);
  expect(new Set(Object.values(discriminator.mapping))).toEqual(new Set(branches.map((branch) => branch.$ref)));
  for (const [value, target] of Object.entries(discriminator.mapping)) {
    const body = deref(document, { $ref: target });
    expect(body.required).toContain(discriminator.propertyName);
    const property = (body.properties as Node)[discriminator.propertyName] as Node;
    expect(property.const ?? (property.enum as unknown[])[0]).toBe(value);
    if (!("const" in property)) expect(property.enum).toEqual([value]);
  }
}

describe.each(libraries)("a $library union of registered objects told apart by `kind`", (lib) => {
  it.each(versions)("gets a discriminator with a mapping to each component: legal only \"using one of the composite keywords oneOf, anyOf, allOf\" (%s)", async (version) => {
    const document = openapi({ openapi: version, info, schemas: { Circle: lib.Circle, Square: lib.Square }, paths: { "GET /shape": { 200: lib.union } } });
    const schema = responseSchema(document, "GET /shape");
    expect(schema.discriminator).toEqual({ propertyName: "kind", mapping: { circle: ref("Circle").$ref, square: ref("Square").$ref } });
    expectDiscriminatorHolds(document, schema);
    await expectCleanDocument(document);
  });

  it.each(versions)("without registered branches gets none: \"inline schemas will not be considered\" (%s)", async (version) => {
    const document = openapi({ openapi: version, info, paths: { "GET /shape": { 200: lib.union } } });
    expect(responseSchema(document, "GET /shape")).not.toHaveProperty("discriminator");
    await expectCleanDocument(document);
  });

  it.each(versions)("registered as a component of its own, that component carries the discriminator (%s)", async (version) => {
    const document = openapi({ openapi: version, info, schemas: { Circle: lib.Circle, Square: lib.Square, Shape: lib.union }, paths: { "GET /shape": { 200: lib.union } } });
    expect(responseSchema(document, "GET /shape")).toEqual(ref("Shape"));
    expectDiscriminatorHolds(document, component(document, "Shape"));
    await expectCleanDocument(document);
  });
});

describe("the mapping names the component each branch refers to", () => {
  it.each(versions)("in a request, the input forms (%s)", async (version) => {
    const { Circle, Square, union } = shapes("zod");
    const document = openapi({ openapi: version, info, schemas: { Circle, Square }, paths: { "POST /shape": { body: union, 200: union } } });
    const body = bodySchema(document, "POST /shape");
    expect(body.discriminator).toEqual({ propertyName: "kind", mapping: { circle: ref("CircleInput").$ref, square: ref("SquareInput").$ref } });
    expectDiscriminatorHolds(document, body);
    expectDiscriminatorHolds(document, responseSchema(document, "POST /shape"));
    await expectCleanDocument(document);
  });
});

describe("a discriminator that would not hold is never written", () => {
  const Circle = z.object({ kind: z.literal("circle"), radius: z.number() });
  const cases: { what: string; other: z.ZodObject }[] = [
    { what: "a branch without the property", other: z.object({ side: z.number() }) },
    { what: "two branches with the same value", other: z.object({ kind: z.literal("circle"), side: z.number() }) },
    { what: "a branch where the property is optional", other: z.object({ kind: z.literal("square").optional(), side: z.number() }) },
    { what: "a branch whose value is not a string", other: z.object({ kind: z.literal(2), side: z.number() }) },
    { what: "a branch where the property may take several values", other: z.object({ kind: z.enum(["square", "box"]), side: z.number() }) },
  ];
  describe.each(cases)("$what", ({ other }) => {
    it.each(versions)("gets none (%s)", async (version) => {
      const document = openapi({ openapi: version, info, schemas: { Circle, Other: other }, paths: { "GET /shape": { 200: z.union([Circle, other]) } } });
      const found: Node[] = [];
      const stack: unknown[] = [document];
      while (stack.length > 0) {
        const value = stack.pop();
        if (Array.isArray(value)) stack.push(...value);
        else if (isNode(value)) {
          if ("discriminator" in value) found.push(value);
          stack.push(...Object.values(value));
        }
      }
      expect(found).toEqual([]);
      await expectCleanDocument(document);
    });
  });
});

describe("a nullable union of components", () => {
  it.each(versions)("has the discriminator on the union of components, not on the union with null, which has no property (%s)", async (version) => {
    const { Circle, Square } = shapes("zod");
    const document = openapi({ openapi: version, info, schemas: { Circle, Square }, paths: { "GET /shape": { 200: z.union([Circle as z.ZodObject, Square as z.ZodObject]).nullable() } } });
    const schema = responseSchema(document, "GET /shape");
    expect(schema).not.toHaveProperty("discriminator");
    const inner = (schema.anyOf as Node[])[0] as Node;
    expectDiscriminatorHolds(document, inner);
    await expectCleanDocument(document);
  });
});
