/**
 * Recognition builds a candidate's shape key only when the key filter admits it: the filter
 * may let through keys no registered shape has, but must never turn away one that a
 * registered shape has, or a registered schema written inline would stay inline.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shapeKey } from "../../src/schema/candidates";
import { KeyFilter } from "../../src/schema/key-filter";

const NAMES = ["a", "b", "c", "a\u0000b", "__proto__", ""];

/** Nodes with few names and values, so that registered and candidate shapes often meet. */
const shape = fc.record(
  {
    properties: fc.dictionary(fc.constantFrom(...NAMES), fc.constant({ type: "string" }), { maxKeys: 3 }),
    enum: fc.array(fc.constantFrom<unknown>("x", "y", 1, null, "x\u0000y"), { maxLength: 3 }),
    anyOf: fc.array(fc.constant({ type: "string" }), { maxLength: 3 }),
    oneOf: fc.array(fc.constant({ type: "number" }), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

describe("the key filter", () => {
  it("admits every candidate whose shape key a registered shape has", () => {
    fc.assert(
      fc.property(fc.array(shape, { maxLength: 4 }), fc.array(shape, { maxLength: 8 }), (registered, candidates) => {
        const filter = new KeyFilter();
        const keys = new Set<string>();
        for (const body of registered) {
          const key = shapeKey(body);
          if (key === undefined) continue;
          keys.add(key);
          filter.add(body);
        }
        for (const node of candidates) {
          const key = shapeKey(node);
          if (key !== undefined && keys.has(key)) expect(filter.admits(node)).toBe(true);
        }
      }),
      { seed: 35, numRuns: 2000 },
    );
  });

  it("turns away shapes no registered shape could have", () => {
    const filter = new KeyFilter();
    filter.add({ properties: { a: {}, b: {} } });
    expect(filter.admits({ properties: { a: {}, c: {} } })).toBe(false);
    expect(filter.admits({ properties: { a: {} } })).toBe(false);
    expect(filter.admits({ enum: ["x", "y"] })).toBe(false);
    expect(filter.admits({ anyOf: [{}, {}] })).toBe(false);
    expect(filter.admits({ properties: { b: {}, a: {} } })).toBe(true);
  });
});
