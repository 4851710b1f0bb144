/**
 * When two imported bodies mean the same schema (`sameSchema`, which decides whether an
 * inline node is a registered schema and whether a schema's input and output forms are
 * one component): equal with every reference resolved, to the same component name or to
 * bodies that are equal (a named reference meets an inlined definition or a node written
 * out by its body, as two answers may write one cycle differently). The paths a document rarely reaches, tested directly.
 */
import { describe, expect, it } from "vitest";
import type { Naming } from "../../src/schema/document-schemas";
import { importSchema, type ImportedSchema } from "../../src/schema/import";
import { sameSchema } from "../../src/schema/same-schema";

/** A tree whose property `a` refers to its definition `A`. */
function imported(a: Record<string, unknown>): ImportedSchema {
  const raw = { type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: a } };
  return importSchema(raw, "draft-2020-12", "3.1", "hand-made", "test");
}

/** How one document resolves a tree's references: `A` named `name`, or inlined (undefined). */
function naming(tree: ImportedSchema, name: string | undefined): Naming {
  return { imported: tree, root: undefined, defs: new Map([["A", name]]) } as unknown as Naming;
}

const stringA = { type: "string" };

describe("sameSchema", () => {
  it("references to the same component name are the same schema, to different names are not", () => {
    const x = imported(stringA);
    const y = imported(stringA);
    expect(sameSchema(x.root, naming(x, "A"), y.root, naming(y, "A"))).toBe(true);
    expect(sameSchema(x.root, naming(x, "A"), y.root, naming(y, "B"))).toBe(false);
  });

  it("a reference to a component meets an inlined definition by its body", () => {
    const x = imported(stringA);
    const y = imported(stringA);
    expect(sameSchema(x.root, naming(x, "A"), y.root, naming(y, undefined))).toBe(true);
    expect(sameSchema(x.root, naming(x, undefined), y.root, naming(y, "A"))).toBe(true);
    const integer = imported({ type: "integer" });
    expect(sameSchema(x.root, naming(x, "A"), integer.root, naming(integer, undefined))).toBe(false);
  });

  it("references to inlined definitions compare the definitions' bodies", () => {
    const x = imported(stringA);
    const y = imported(stringA);
    expect(sameSchema(x.root, naming(x, undefined), y.root, naming(y, undefined))).toBe(true);
    const integer = imported({ type: "integer" });
    expect(sameSchema(x.root, naming(x, undefined), integer.root, naming(integer, undefined))).toBe(false);
  });

  it("one tree under two namings is two schemas where its references resolve apart", () => {
    const x = imported(stringA);
    const named = naming(x, "A");
    expect(sameSchema(x.root, named, x.root, named)).toBe(true);
    expect(sameSchema(x.root, named, x.root, naming(x, "B"))).toBe(false);
    expect(sameSchema(x.root, named, x.root, naming(x, "A"))).toBe(true);
  });

  it("a reference meets a node written out by its body: equal bodies are one schema, others are not", () => {
    const x = imported(stringA);
    const plain = importSchema({ type: "object", properties: { a: { type: "string" } } }, "draft-2020-12", "3.1", "hand-made", "test");
    const other = importSchema({ type: "object", properties: { a: { type: "number" } } }, "draft-2020-12", "3.1", "hand-made", "test");
    for (const name of [undefined, "A"]) {
      expect(sameSchema(x.root, naming(x, name), plain.root, naming(plain, undefined))).toBe(true);
      expect(sameSchema(plain.root, naming(plain, undefined), x.root, naming(x, name))).toBe(true);
      expect(sameSchema(x.root, naming(x, name), other.root, naming(other, undefined))).toBe(false);
    }
  });

  it("a cycle written as a named reference on one side and out on the other ends, equal or not", () => {
    // A list: { next: A } with A = { next: A }, against the same list written one level out.
    const list = importSchema({ $ref: "#/$defs/A", $defs: { A: { type: "object", properties: { next: { $ref: "#/$defs/A" } } } } }, "draft-2020-12", "3.1", "hand-made", "test");
    const unrolled = importSchema({ type: "object", properties: { next: { type: "object", properties: { next: { $ref: "#" } } } } }, "draft-2020-12", "3.1", "hand-made", "test");
    const listNaming = { imported: list, root: "A", defs: new Map([["A", "A"]]) } as unknown as Naming;
    const unrolledNaming = { imported: unrolled, root: "A", defs: new Map() } as unknown as Naming;
    expect(sameSchema(list.defs.get("A"), listNaming, unrolled.root, unrolledNaming)).toBe(true);
    const broken = importSchema({ type: "object", properties: { next: { type: "object", properties: { next: { type: "string" } } } } }, "draft-2020-12", "3.1", "hand-made", "test");
    expect(sameSchema(list.defs.get("A"), listNaming, broken.root, { imported: broken, root: undefined, defs: new Map() } as unknown as Naming)).toBe(false);
  });

  it("a reference wrapped alone in allOf, or in a 3.0 union with null, meets the part written out", () => {
    const wrapped = importSchema({ type: "object", properties: { a: { allOf: [{ $ref: "#/$defs/A" }] }, b: { nullable: true, allOf: [{ $ref: "#/$defs/A" }] } }, definitions: { A: { type: "object", properties: { n: { type: "string" } } } } }, "openapi-3.0", "3.0", "hand-made", "test");
    const written = (n: string) => importSchema({ type: "object", properties: { a: { type: "object", properties: { n: { type: n } } }, b: { type: "object", nullable: true, properties: { n: { type: n } } } } }, "openapi-3.0", "3.0", "hand-made", "test");
    const same = written("string");
    const other = written("number");
    for (const name of [undefined, "A"]) {
      expect(sameSchema(wrapped.root, naming(wrapped, name), same.root, naming(same, undefined))).toBe(true);
      expect(sameSchema(same.root, naming(same, undefined), wrapped.root, naming(wrapped, name))).toBe(true);
      expect(sameSchema(wrapped.root, naming(wrapped, name), other.root, naming(other, undefined))).toBe(false);
    }
    const notNullable = importSchema({ type: "object", properties: { a: { type: "object", properties: { n: { type: "string" } } }, b: { type: "object", properties: { n: { type: "string" } } } } }, "openapi-3.0", "3.0", "hand-made", "test");
    expect(sameSchema(wrapped.root, naming(wrapped, undefined), notNullable.root, naming(notNullable, undefined))).toBe(false);
  });
});
