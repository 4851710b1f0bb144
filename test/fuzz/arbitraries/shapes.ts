/**
 * A library-neutral description of a schema (`Shape`), generated at random and printed as
 * plain data when a case fails; ./libraries.ts turns one into a real Zod, ArkType or
 * Valibot schema.
 */
import fc from "fast-check";
import { anyName } from "./names";

export type Literal = string | number | boolean;

export type Shape =
  | { t: "string" | "number" | "integer" | "boolean" | "null" | "unknown" }
  | { t: "literal"; value: Literal }
  | { t: "enum"; values: string[] }
  | { t: "object"; props: [string, Shape][] }
  | { t: "array"; item: Shape }
  | { t: "union"; options: Shape[] }
  | { t: "optional" | "nullable"; inner: Shape }
  | { t: "default"; inner: Shape; value: Literal }
  /** A tree: an object whose `children` holds more of itself, to exercise recursion. */
  | { t: "tree"; props: [string, Shape][]; wrap: "array" | "optional" | "nullable" }
  /** The library's own name for a schema (Zod `.meta({ id })`), when it has one. */
  | { t: "named"; id: string; inner: Shape };

const literal: fc.Arbitrary<Literal> = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -5, max: 5 }), fc.boolean());

const componentId = fc.oneof(fc.constantFrom("Pet", "User", "Error", "__proto__", "constructor", "a b", "Pet"), anyName);

export const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape }>((tie) => {
  const inner = tie("shape");
  const props = fc.uniqueArray(fc.tuple(anyName, inner), { maxLength: 4, selector: ([name]) => name });
  return {
    shape: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom<Shape>({ t: "string" }, { t: "number" }, { t: "integer" }, { t: "boolean" }, { t: "null" }, { t: "unknown" }),
      literal.map((value): Shape => ({ t: "literal", value })),
      fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }).map((values): Shape => ({ t: "enum", values })),
      props.map((entries): Shape => ({ t: "object", props: entries })),
      inner.map((item): Shape => ({ t: "array", item })),
      fc.array(inner, { minLength: 2, maxLength: 3 }).map((options): Shape => ({ t: "union", options })),
      fc.tuple(fc.constantFrom("optional" as const, "nullable" as const), inner).map(([t, wrapped]): Shape => ({ t, inner: wrapped })),
      fc.tuple(inner, literal).map(([wrapped, value]): Shape => ({ t: "default", inner: wrapped, value })),
      fc.tuple(props, fc.constantFrom("array" as const, "optional" as const, "nullable" as const)).map(([entries, wrap]): Shape => ({ t: "tree", props: entries, wrap })),
      fc.tuple(componentId, inner).map(([id, wrapped]): Shape => ({ t: "named", id, inner: wrapped })),
    ),
  };
}).shape;

/** A shape whose root is an object, as `params`, `query`, `headers` and `cookies` need. */
export const objectShape: fc.Arbitrary<Shape> = fc
  .uniqueArray(fc.tuple(anyName, shape), { maxLength: 4, selector: ([name]) => name })
  .map((props): Shape => ({ t: "object", props }));
