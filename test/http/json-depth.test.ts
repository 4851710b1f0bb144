/** The depth check (a count of brackets in the text, then a walk of the value) agrees with the parsed value's depth. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nestsDeeper } from "../../src/http/json-depth";

/** Arrays and objects inside each other, counted on the parsed value with an explicit stack. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, above] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, above + 1);
    for (const child of Object.values(item)) stack.push([child, above + 1]);
  }
  return deepest;
}

describe("nestsDeeper", () => {
  it("agrees with the value's depth, whatever brackets its strings hold (seeded)", () => {
    const text = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a") });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: "small" }, text, fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(text, tie("node"), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 6 }), fc.boolean(), (parsed, limit, spaced) => {
        const written = JSON.stringify(parsed, null, spaced ? 1 : undefined);
        expect(nestsDeeper(written, JSON.parse(written), limit)).toBe(depthOf(parsed) > limit);
      }),
      { seed: 128, numRuns: 2_000 },
    );
  });
});
