/**
 * Valid values of a document's schemas as fast-check arbitraries: seeded, shrinkable, made
 * from each schema's keywords (./shapes.ts reads them, ./scalars.ts and ./composites.ts
 * draw them). One generator per document and direction keeps every schema's shape, depth
 * and arbitrary, so each is worked out once.
 */
import fc from "fast-check";
import { compositeNeed, objectArbitrary, arrayArbitrary, type Children } from "./composites";
import { Depths, MAX_DEPTH } from "./depth";
import { oneOfList, valueFrom } from "./combinators";
import { brokenKeywords, typeOf } from "./scalar-check";
import { integerArbitrary, numberArbitrary, probedFilter, stringArbitrary, type TextUnit } from "./scalars";
import { SchemaDocument } from "./schema-document";
import { Shapes, type Facet, type Shape } from "./shapes";

/** Requests leave out `readOnly` properties, responses `writeOnly` ones (OpenAPI's Schema Object). */
export type Direction = "request" | "response";

/** Whether `value` is valid against `schema`, a Schema Object of the document (or a `$ref`). */
export type Judge = (schema: unknown, value: unknown) => boolean;

export interface GeneratorOptions {
  readonly direction: Direction;
  /** The characters of free text: printable ASCII (default) or any Unicode code point. */
  readonly text?: TextUnit;
  /**
   * A full validator, for what keywords cannot give by construction: a `oneOf` value that
   * must match no other branch, `not`, `if`/`then`. Without one, those are met where the
   * keywords of a value's own level decide them.
   */
  readonly judge?: Judge;
}

/** Simple JSON for a schema that does not restrict the type. */
const ANY_VALUE = fc.oneof(fc.string({ unit: "grapheme-ascii", maxLength: 8 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null));

export class ValueGenerator implements Children {
  readonly shapes: Shapes;
  private readonly depths: Depths;
  private readonly arbitraries = new Map<string, fc.Arbitrary<unknown> | null>();
  private readonly scalars = new Map<Facet, fc.Arbitrary<unknown> | null>();

  constructor(
    document: unknown,
    readonly options: GeneratorOptions,
  ) {
    this.shapes = new Shapes(new SchemaDocument(document));
    this.depths = new Depths({ facetNeed: (facet, need) => this.needOf(facet, need) });
  }

  /** The least depth of a value of `shape`; Infinity when there is none. */
  need(shape: Shape): number {
    return this.depths.of(shape);
  }

  /** The least depth of a value of one facet of `shape`. */
  facetNeed(facet: Facet, shape: Shape): number {
    return this.depths.facet(facet, shape);
  }

  skipped(shape: Shape): boolean {
    return this.options.direction === "request" ? shape.readOnly : shape.writeOnly;
  }

  child(shape: Shape, depth: number): fc.Arbitrary<unknown> | undefined {
    return this.arbitrary(shape, depth);
  }

  /** Values of `shape` for a place `depth` levels down, or undefined when no value fits. */
  arbitrary(shape: Shape, depth: number): fc.Arbitrary<unknown> | undefined {
    const key = `${shape.id}@${depth}`;
    const known = this.arbitraries.get(key);
    if (known !== undefined) return known ?? undefined;
    const left = MAX_DEPTH - depth;
    const choices: fc.Arbitrary<unknown>[] = [];
    for (const facet of shape.facets) {
      if (this.depths.facet(facet, shape) > left) continue;
      const arbitrary = this.facetArbitrary(facet, depth);
      if (arbitrary !== undefined) choices.push(arbitrary);
    }
    const result = choices.length === 0 ? undefined : oneOfList(choices);
    this.arbitraries.set(key, result ?? null);
    return result;
  }

  private needOf(facet: Facet, need: (shape: Shape) => number): number {
    if (facet.values !== undefined) return 0;
    if (facet.type === "object" || facet.type === "array") return compositeNeed(facet, need, this.shapes, (shape) => this.skipped(shape));
    return this.scalarArbitrary(facet) === undefined ? Infinity : 0;
  }

  /** Values of a scalar facet (its own keywords met), or undefined when none. */
  scalarArbitrary(facet: Facet): fc.Arbitrary<unknown> | undefined {
    let known = this.scalars.get(facet);
    if (known === undefined) {
      known = this.ownScalar(facet) ?? null;
      this.scalars.set(facet, known);
    }
    return known ?? undefined;
  }

  private ownScalar(facet: Facet): fc.Arbitrary<unknown> | undefined {
    switch (facet.type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return integerArbitrary(facet);
      case "number":
        return numberArbitrary(facet);
      case "string":
        return stringArbitrary(facet, this.options.text ?? "ascii");
      case "any":
        return probedFilter(ANY_VALUE, (value) => brokenKeywords(value, facet.conj, undefined).length === 0);
      default:
        return undefined;
    }
  }

  private facetArbitrary(facet: Facet, depth: number): fc.Arbitrary<unknown> | undefined {
    let arbitrary: fc.Arbitrary<unknown> | undefined;
    if (facet.values !== undefined) arbitrary = valueFrom(facet.values);
    else if (facet.type === "object") arbitrary = objectArbitrary(facet, depth, this);
    else if (facet.type === "array") arbitrary = arrayArbitrary(facet, depth, this);
    else arbitrary = this.scalarArbitrary(facet);
    if (arbitrary === undefined) return undefined;
    return this.guarded(facet, arbitrary);
  }

  /** What keywords alone cannot promise (`oneOf` exclusivity, `not`, `if`), kept by the judge or by the value's own keywords. */
  private guarded(facet: Facet, arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> | undefined {
    const { excluded, conj } = facet;
    if (excluded.length === 0 && conj.not.length === 0 && conj.unsupported.size === 0) return arbitrary;
    const judge = this.options.judge;
    const keep = (value: unknown): boolean => {
      if (judge !== undefined) {
        if (excluded.some((branch) => judge(branch, value))) return false;
        return conj.not.every((schema) => !judge(schema, value));
      }
      return conj.not.every((schema) => !this.matchesOwnLevel(schema, value));
    };
    return probedFilter(arbitrary, keep);
  }

  /** A scalar value valid against `schema` by the keywords of its own level (the judge's stand-in for `not`). */
  private matchesOwnLevel(schema: unknown, value: unknown): boolean {
    const type = typeOf(value);
    if (type === undefined || type === "object" || type === "array") return false;
    return this.shapes.of([schema]).facets.some((facet) => (facet.type === "any" || facet.type === type || (facet.type === "number" && type === "integer")) && brokenKeywords(value, facet.conj, undefined).length === 0);
  }
}
