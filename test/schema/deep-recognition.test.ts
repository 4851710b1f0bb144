/**
 * Recognising registered schemas inside a deep schema takes work linear in its size. Every
 * nested object whose property names match a registered schema is a candidate; serialising
 * each candidate's subtree to compare it, or keeping each one's path from the top, made
 * that quadratic in depth (2,000 levels took seconds, 20,000 minutes: a hostile input).
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
  it("compares candidates without serialising each one's subtree (characters written stay linear in the schema's size)", async () => {
    // 300 levels: deep enough that serialising every candidate writes ~15 times the schema,
    // shallow enough for the official validator, which recurses over the document.
    const size = JSON.stringify(nested(300, { type: "string" })).length;
    const stringify = vi.spyOn(JSON, "stringify");
    const doc = build(version, { "GET /deep": { 200: handMade(() => nested(300, { type: "string" })) } }, { schemas: { Leafy: fixed(nested(1, { type: "integer" })) } });
    const written = stringify.mock.results.reduce((sum, result) => sum + (typeof result.value === "string" ? result.value.length : 0), 0);
    stringify.mockRestore();
    expect(written).toBeLessThan(5 * size);
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

  it("compares side-by-side candidates by their text, each written once (characters stay linear in a wide schema)", async () => {
    // 2,000 properties that each look like Leafy at their top; every tenth one is Leafy.
    const wide = (): Node => {
      const properties: Record<string, Node> = {};
      for (let i = 0; i < 2_000; i++) properties[`p${i}`] = nested(1, { type: i % 10 === 0 ? "integer" : "string" });
      return { type: "object", properties };
    };
    const size = JSON.stringify(wide()).length;
    const stringify = vi.spyOn(JSON, "stringify");
    const doc = build(version, { "GET /wide": { 200: handMade(wide) } }, { schemas: { Leafy: fixed(nested(1, { type: "integer" })) } });
    const written = stringify.mock.results.reduce((sum, result) => sum + (typeof result.value === "string" ? result.value.length : 0), 0);
    stringify.mockRestore();
    expect(written).toBeLessThan(5 * size);
    const properties = (responseSchema(doc, "GET /wide") as Node).properties as Record<string, Node>;
    expect(refName(properties.p0 as Node)).toBe("Leafy");
    expect(refName(properties.p10 as Node)).toBe("Leafy");
    // Not Leafy: written as given.
    expect(properties.p1).toEqual({ type: "object", properties: { a: { type: "string" } } });
    await expectValidOpenAPI(doc);
  });
});
