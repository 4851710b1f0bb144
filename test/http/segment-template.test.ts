/**
 * A templated segment's rule, "each parameter takes at least one character; one followed by
 * text takes the least, the last takes the rest", is what an anchored regular expression with
 * lazy groups says (`^(.+?)-(.+?)-(.+)\.png$`). The one-pass matcher must agree with it on
 * every template and segment, including the short ones where backtracking decides.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchSegment, segmentTemplate, type SegmentTemplate } from "../../src/http/segment-template";

/** The rule as a regular expression: fine for the short segments a property test makes. */
function oracle(template: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parts = template.split(/\{[^}]*\}/);
  const groups = parts.slice(1).map((literal, index) => `${index === parts.length - 2 ? "(.+)" : "(.+?)"}${escape(literal)}`);
  return new RegExp(`^${escape(parts[0] as string)}${groups.join("")}$`, "s");
}

const alphabet = fc.constantFrom("a", "-", ".", ":", "%", "png", "-a");
const literal = fc.array(alphabet, { maxLength: 3 }).map((pieces) => pieces.join(""));
const template = fc.tuple(literal, fc.array(literal, { minLength: 1, maxLength: 4 })).map(([prefix, literals]) => `${prefix}${literals.map((text, index) => `{p${index}}${text}`).join("")}`);
const segment = fc.array(alphabet, { maxLength: 12 }).map((pieces) => pieces.join(""));

describe("segmentTemplate and matchSegment", () => {
  it("agree with the lazy regular expression on every template and segment (seeded)", () => {
    fc.assert(
      fc.property(template, segment, (written, text) => {
        const compiled = segmentTemplate(written) as SegmentTemplate;
        const values = new Map<string, string>();
        const matched = matchSegment(compiled, text, values);
        const expected = oracle(written).exec(text);
        expect(matched).toBe(expected !== null);
        if (expected !== null) expect([...values.values()]).toEqual(expected.slice(1));
      }),
      { seed: 32, numRuns: 3_000 },
    );
  });

  it("keeps a segment without a parameter as its text", () => {
    expect(segmentTemplate("users")).toBe("users");
    expect(segmentTemplate("{z}-{x}-{y}.png")).toEqual({ prefix: "", names: ["z", "x", "y"], literals: ["-", "-", ".png"] });
    expect(segmentTemplate("v{major}")).toEqual({ prefix: "v", names: ["major"], literals: [""] });
  });
});
