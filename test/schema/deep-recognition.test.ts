/**
 * Recognising registered schemas inside a deep schema takes work linear in its size. Every
 * nested object whose property names match a registered schema is a candidate; comparing
 * each candidate's whole subtree, or keeping each one's path from the top, made that
 * quadratic in depth (2,000 levels took seconds, 20,000 minutes: a hostile input). The work
 * is counted as the objects whose keys are read (every walk reads each object's keys).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { danglingRefs, expectValidOpenAPI } from "../helpers/document";
import { VERSIONS, build, fixed, handMade, refName, responseSchema, type Node } from "./support";

/** `depth` objects, each holding the next under property `a`: every level is a candidate for a registered `{ properties: { a } }`. */
function nested(depth: number, leaf: Node): Node {
  let schema = leaf;
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { a: schema } };
  return schema;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(VERSIONS)("registered schemas inside a deep schema (%s)", (version) => {
  it("compares nested candidates in work linear in the schema's size (objects read stay proportional)", async () => {
    // 300 levels: deep enough that comparing every candidate's whole subtree shows (30 to 40
    // times the work), shallow enough for the official validator, which recurses over the
    // document. A registered schema as deep, unlike it only at the bottom: each level's
    // subtree is like the registered body all the way down to where it ends.
    const keys = vi.spyOn(Object, "keys");
    const doc = build(version, { "GET /deep": { 200: handMade(() => nested(300, { type: "string" })) } }, { schemas: { Deep: fixed(nested(300, { type: "integer" })) } });
    const read = keys.mock.calls.length;
    keys.mockRestore();
    // About 30 to 40 objects read per level; comparing each level's whole subtree read over 1,200.
    expect(read).toBeLessThan(80 * 300);
    await expectValidOpenAPI(doc);
  });

  it("still turns the one candidate equal to a registered schema into a $ref, at the bottom of 20,000 levels", async () => {
    const Leafy = fixed(nested(1, { type: "integer" }));
    const deep = handMade(() => nested(20_000, { type: "object", properties: { a: { type: "integer" } } }));
    const doc = build(version, { "GET /deep": { 200: deep } }, { schemas: { Leafy } });
    // The official validator recurses and cannot take 20,000 levels; the walk below is iterative.
    expect(danglingRefs(doc)).toEqual([]);
    let schema = responseSchema(doc, "GET /deep") as Node;
    for (let level = 0; level < 20_000; level++) schema = (schema.properties as Record<string, Node>).a as Node;
    expect(refName(schema)).toBe("Leafy");
  });

  it("compares side-by-side candidates each once (objects read stay linear in a wide schema)", async () => {
    // 2,000 properties that each look like Leafy at their top; every tenth one is Leafy.
    const wide = (): Node => {
      const properties: Record<string, Node> = {};
      for (let i = 0; i < 2_000; i++) properties[`p${i}`] = nested(1, { type: i % 10 === 0 ? "integer" : "string" });
      return { type: "object", properties };
    };
    const keys = vi.spyOn(Object, "keys");
    const doc = build(version, { "GET /wide": { 200: handMade(wide) } }, { schemas: { Leafy: fixed(nested(1, { type: "integer" })) } });
    const read = keys.mock.calls.length;
    keys.mockRestore();
    // 6,001 objects in the schema.
    expect(read).toBeLessThan(40 * 6_001);
    const properties = (responseSchema(doc, "GET /wide") as Node).properties as Record<string, Node>;
    expect(refName(properties.p0 as Node)).toBe("Leafy");
    expect(refName(properties.p10 as Node)).toBe("Leafy");
    // Not Leafy: written as given.
    expect(properties.p1).toEqual({ type: "object", properties: { a: { type: "string" } } });
    await expectValidOpenAPI(doc);
  });
});
