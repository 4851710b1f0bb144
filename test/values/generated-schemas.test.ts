/**
 * The generator against random schemas of both dialects, judged by Ajv: every valid value
 * and every edge validates, and every broken value fails exactly the rule it is labelled
 * with (every Ajv error is that keyword at that place). Seeded and bounded.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleOne, schemaValues, type Direction } from "../../src/values/index";
import { documentJudge, onlyThatRule } from "./judge";
import { documentOf, schemaArbitrary, type Dialect } from "./schema-arbitrary";

const SUBJECT = "/components/schemas/Subject";
const REF = { $ref: `#${SUBJECT}` };

describe.each<[Dialect, Direction]>([
  ["3.0", "response"],
  ["2020-12", "request"],
])("values of random %s schemas (%s)", (dialect, direction) => {
  it("valid values and edges pass Ajv; each broken value fails only its labelled rule", () => {
    fc.assert(
      fc.property(schemaArbitrary(dialect), fc.integer({ min: 0, max: 1000 }), (schema, seed) => {
        const document = documentOf(schema, dialect);
        const values = schemaValues(document, { direction });
        const judge = documentJudge(document, direction);
        const valid = values.valid(REF, "Subject");
        for (const value of fc.sample(valid, { seed, numRuns: 10 })) expect(judge.errors(SUBJECT, value), JSON.stringify(value)).toEqual([]);
        for (const edge of values.edges(REF, "Subject")) expect(judge.errors(SUBJECT, edge.value), `${edge.label}: ${JSON.stringify(edge.value)}`).toEqual([]);
        const base = sampleOne(valid, seed);
        for (const broken of values.broken(REF, base, "Subject")) {
          const errors = judge.errors(SUBJECT, broken.value);
          expect(onlyThatRule(errors, broken.rule), `${JSON.stringify(broken.rule)} ${JSON.stringify(broken.value)}: ${JSON.stringify(errors)}`).toBe(true);
        }
      }),
      { seed: 20240611, numRuns: 80 },
    );
  });
});
