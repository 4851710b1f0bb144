/**
 * A cycle that runs through a schema's unnamed root and a named part of it: Zod writes the
 * part's reference back to the root as `"$ref": "#"`. The root must become a component (or
 * the reference be resolved): the named part's property must not vanish, and a keyword
 * beside the reference must not leave a hole behind.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { accepts, at, build, component, deref, expectCleanDocument, fixed, refName, responseSchema, VERSIONS } from "./support";

// The example, as a user writes it.
const Tree: z.ZodType = z.object({
  name: z.string(),
  get branch() {
    return Branch.optional();
  },
});
const Branch: z.ZodType = z.object({
  get tree() {
    return Tree;
  },
}).meta({ id: "Branch" });

const goodTree = { name: "a", branch: { tree: { name: "b", branch: { tree: { name: "c" } } } } };
const badTrees = [
  { name: "a", branch: { tree: { name: 1 } } },
  { name: "a", branch: { tree: { name: "b", branch: { tree: { name: false } } } } },
  { name: "a", branch: {} },
];

describe.each(VERSIONS)("a cycle through an unnamed root and a named part (%s)", (version) => {
  it("Zod: the named part keeps its property, which refers to the root's component", async () => {
    const doc = build(version, { "GET /trees": { 200: Tree } });
    await expectCleanDocument(doc);
    const branch = component(doc, "Branch");
    expect(Object.keys(at(branch, "properties") as object)).toEqual(["tree"]);
    const tree = at(branch, "properties", "tree");
    const rootName = refName(responseSchema(doc, "GET /trees"));
    expect(rootName, "the root is a component, so the part can refer to it").toBeDefined();
    expect(refName(tree)).toBe(rootName);
    const response = responseSchema(doc, "GET /trees");
    expect(accepts(doc, response, goodTree)).toBe(true);
    for (const bad of badTrees) expect(accepts(doc, response, bad), JSON.stringify(bad)).toBe(false);
  });

  it("Zod: the named part used on its own is the same component, though Zod writes the root out there", async () => {
    const doc = build(version, { "GET /trees": { 200: Tree }, "GET /branches": { 200: Branch } });
    await expectCleanDocument(doc);
    const response = responseSchema(doc, "GET /branches");
    expect(refName(response)).toBe("Branch");
    expect(accepts(doc, response, goodTree.branch)).toBe(true);
    expect(accepts(doc, response, { tree: { name: 3 } })).toBe(false);
  });

  it("Zod: the same with a nullable link, which 3.0 writes as a union beside a reference and as nullable written out", async () => {
    const Node: z.ZodType = z.object({
      id: z.string(),
      get link() {
        return Link.nullable();
      },
    });
    const Link: z.ZodType = z.object({
      get back() {
        return Node;
      },
      get again() {
        return Node.nullable();
      },
    }).meta({ id: "Link" });
    const doc = build(version, { "GET /nodes": { 200: Node }, "GET /links": { 200: Link } });
    await expectCleanDocument(doc);
    const links = responseSchema(doc, "GET /links");
    expect(refName(links)).toBe("Link");
    const link = { back: { id: "a", link: null }, again: { id: "b", link: { back: { id: "c", link: null }, again: null } } };
    expect(accepts(doc, links, link)).toBe(true);
    expect(accepts(doc, links, { ...link, again: { id: "b", link: { back: { id: 1, link: null }, again: null } } })).toBe(false);
    expect(accepts(doc, responseSchema(doc, "GET /nodes"), { id: "x", link })).toBe(true);
  });

  it("a custom schema: a definition refers to the root beside a keyword of its own", async () => {
    const custom = fixed({
      type: "object",
      properties: { name: { type: "string" }, branch: { $ref: "#/$defs/Branch" } },
      required: ["name"],
      $defs: {
        Branch: {
          type: "object",
          properties: { tree: { $ref: "#", description: "The tree this branch grows back into" } },
          required: ["tree"],
        },
      },
    });
    const doc = build(version, { "GET /trees": { 200: custom } });
    await expectCleanDocument(doc);
    const tree = at(component(doc, "Branch"), "properties", "tree");
    expect(JSON.stringify(tree)).not.toContain("null");
    expect(at(tree, "description")).toBe("The tree this branch grows back into");
    expect(deref(doc, responseSchema(doc, "GET /trees"))).toEqual(deref(doc, version === "3.0.3" ? at(tree, "allOf", 0) : tree));
    const response = responseSchema(doc, "GET /trees");
    expect(accepts(doc, response, goodTree)).toBe(true);
    for (const bad of badTrees) expect(accepts(doc, response, bad), JSON.stringify(bad)).toBe(false);
  });
});
