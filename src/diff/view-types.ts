/** What a schema view holds (./schema-view.ts builds it), apart from how it is built. */
import type { Located } from "./side";

export interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

export interface SchemaView {
  /** Where the schema is: the first part's place, after its `$ref`. */
  readonly pointer: string;
  /** The component name its first `$ref` named. */
  readonly name: string | undefined;
  readonly title: string | undefined;
  /** Sorted, without `null`; undefined when no part restricts the type. */
  readonly types: readonly string[] | undefined;
  /** The types are the union of the `oneOf`/`anyOf` branches' (no part has a `type`). */
  readonly typesFromBranches: boolean;
  readonly format: string | undefined;
  readonly nullable: boolean;
  /** Without `null` (that is `nullable`). */
  readonly enum: readonly unknown[] | undefined;
  /** The enum is a `const`. */
  readonly fromConst: boolean;
  readonly bounds: Readonly<Record<BoundName, Bound | undefined>>;
  readonly pattern: string | undefined;
  /** The parts that define each property (more than one when `allOf` parts share it). */
  readonly properties: ReadonlyMap<string, readonly Located[]>;
  readonly required: ReadonlySet<string>;
  /** `false`: no other property; parts: their schemas; `undefined`: anything. */
  readonly additional: false | readonly Located[] | undefined;
  readonly items: readonly Located[];
  readonly oneOf: readonly Located[] | undefined;
  readonly anyOf: readonly Located[] | undefined;
  /** The part (after its `$ref`) that holds the `oneOf`, and the one that holds the `anyOf`. */
  readonly owners: Readonly<Partial<Record<"oneOf" | "anyOf", Located>>>;
  /** Every part read, `allOf` parts and the siblings of a `$ref` included, in the order read. */
  readonly flat: readonly Located[];
  /** Choices of a kind an earlier part already had: read only when they are lists of types. */
  readonly moreChoices: readonly Choice[];
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
}

/** A `oneOf` or `anyOf`: its branches, and the part that holds it. */
export interface Choice {
  readonly key: "oneOf" | "anyOf";
  readonly branches: readonly Located[];
  readonly owner: Located;
}

export type BoundName = "min" | "max" | "min-length" | "max-length" | "min-items" | "max-items";
