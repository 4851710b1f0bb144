/**
 * When two imported bodies mean the same schema (`sameSchema`, which decides whether an
 * inline node is a registered schema and whether a schema's input and output forms are
 * one component): equal with every reference resolved, to the same component name or to
 * inlined definitions that are equal. The paths a document rarely reaches, tested directly.
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

  it("a reference to a component is not an inlined definition, even one with the same body", () => {
    const x = imported(stringA);
    const y = imported(stringA);
    expect(sameSchema(x.root, naming(x, "A"), y.root, naming(y, undefined))).toBe(false);
    expect(sameSchema(x.root, naming(x, undefined), y.root, naming(y, "A"))).toBe(false);
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

  it("a reference is never equal to a node that is not one", () => {
    const x = imported(stringA);
    const plain = importSchema({ type: "object", properties: { a: { type: "string" } } }, "draft-2020-12", "3.1", "hand-made", "test");
    expect(sameSchema(x.root, naming(x, undefined), plain.root, naming(plain, undefined))).toBe(false);
  });
});
