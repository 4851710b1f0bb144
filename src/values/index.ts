/**
 * Values from a document's JSON Schemas, for the mock server and the contract tests: valid
 * values (seeded fast-check arbitraries, so a run can be replayed and a failure shrunk),
 * values at a schema's edges, and values that break exactly one rule, each labelled with
 * the rule. Schemas are read as the document holds them: OpenAPI 3.0's dialect or 2020-12,
 * `$ref`s into the document, `allOf`/`anyOf`/`oneOf`, `readOnly`/`writeOnly` by direction.
 * Web standard only (fast-check is plain JavaScript): it runs wherever the mock runs.
 */
import fc from "fast-check";
import { SpecloomError } from "../errors";
import { brokenValues, type BrokenRule, type BrokenValue } from "./breaks";
import { edgeValues, type EdgeValue } from "./edges";
import { extremeValue } from "./extremes";
import { whyNone } from "./no-value";
import { ValueGenerator, type Direction, type GeneratorOptions, type Judge } from "./generator";
import { probedFilter } from "./scalars";
import type { Shape } from "./shapes";

export type { BrokenRule, BrokenValue, Direction, EdgeValue, GeneratorOptions, Judge };

export interface SchemaValues {
  /**
   * Valid values of `schema` (a Schema Object of the document, or a `$ref` into it). Edges
   * (bounds, shortest and longest strings, enum ends, optional properties absent) come often.
   * Throws a SpecloomError naming `where` when the schema has no value the generator can make.
   */
  valid(schema: unknown, where: string): fc.Arbitrary<unknown>;
  /** Deterministic valid values at the schema's edges, each labelled. */
  edges(schema: unknown, where: string): EdgeValue[];
  /** Every value made from `base` (valid) by breaking one rule at one place, each labelled with the rule. */
  broken(schema: unknown, base: unknown, where: string): BrokenValue[];
  /** Values that break one rule each, drawn with their valid base; undefined when the schema has no rule to break (`{}`). */
  invalid(schema: unknown, where: string): fc.Arbitrary<BrokenValue> | undefined;
}

/** The generator of one document's values in one direction (requests or responses). */
export function schemaValues(document: unknown, options: GeneratorOptions): SchemaValues {
  const generator = new ValueGenerator(document, options);
  const feasible = (schema: unknown, where: string): { shape: Shape; arbitrary: fc.Arbitrary<unknown> } => {
    const shape = generator.shapes.of([schema]);
    const arbitrary = generator.arbitrary(shape, 0);
    if (arbitrary !== undefined) return { shape, arbitrary };
    const reason = whyNone(generator, shape);
    const missing = /points nowhere|only references inside/.test(reason);
    throw new SpecloomError(missing ? "SCHEMA_RESOLUTION_FAILED" : "INVALID_DEFINITION", where, `no value can be generated for this schema: ${reason}`);
  };
  return {
    valid: (schema, where) => feasible(schema, where).arbitrary,
    edges: (schema, where) => edgeValues(generator, feasible(schema, where).shape),
    broken: (schema, base, where) => brokenValues(generator, feasible(schema, where).shape, base),
    invalid: (schema, where) => {
      const { shape, arbitrary } = feasible(schema, where);
      const bases = [extremeValue(generator, shape, "smallest"), extremeValue(generator, shape, "fullest")];
      if (!bases.some((base) => base !== undefined && brokenValues(generator, shape, base).length > 0)) return undefined;
      const drawn = arbitrary.chain((base) => {
        const list = brokenValues(generator, shape, base);
        return list.length === 0 ? fc.constant(undefined) : fc.integer({ min: 0, max: list.length - 1 }).map((index) => list[index]);
      });
      return probedFilter(drawn, (value) => value !== undefined) as fc.Arbitrary<BrokenValue> | undefined;
    },
  };
}

/** One value of `arbitrary` for `seed`: the same seed, the same value. */
export function sampleOne<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(arbitrary, { seed, numRuns: 1 })[0] as T;
}
