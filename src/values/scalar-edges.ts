/**
 * The edges of a scalar facet: the shortest and longest strings, the bounds (the nearest
 * value inside an exclusive one), the first and last enum values, both booleans. Each is
 * checked against the facet's own keywords; an edge no value reaches is left out.
 */
import type fc from "fast-check";
import type { Conj } from "./conjunction";
import { brokenKeywords } from "./scalar-check";
import { stringOfLength } from "./scalars";
import type { Facet } from "./shapes";

export interface ScalarEdge {
  readonly value: unknown;
  /** What makes it an edge: `minLength 0 (the empty string)`, `maximum 100`, `last enum value`. */
  readonly label: string;
}

/** Strings longer than this are not made as edges (a maxLength of 10,000 is a limit, not a value to send). */
const LONGEST_EDGE = 1024;

/** Edges per facet: a facet met at many places (every item of an array) searches its strings once. */
const known = new WeakMap<Facet, readonly ScalarEdge[]>();

export function scalarEdges(facet: Facet, arbitrary: fc.Arbitrary<unknown> | undefined): readonly ScalarEdge[] {
  let edges = known.get(facet);
  if (edges === undefined) {
    edges = candidates(facet, arbitrary).filter((edge) => edge.value !== undefined && brokenKeywords(edge.value, facet.conj, undefined).length === 0);
    known.set(facet, edges);
  }
  return edges;
}

function candidates(facet: Facet, arbitrary: fc.Arbitrary<unknown> | undefined): ScalarEdge[] {
  const { conj, values } = facet;
  if (values !== undefined) {
    const edges = [{ value: values[0], label: "first enum value" }];
    if (values.length > 1) edges.push({ value: values[values.length - 1], label: "last enum value" });
    return edges;
  }
  switch (facet.type) {
    case "null":
      return [{ value: null, label: "null" }];
    case "boolean":
      return [
        { value: false, label: "false" },
        { value: true, label: "true" },
      ];
    case "string":
      return stringEdges(conj, arbitrary as fc.Arbitrary<string> | undefined);
    case "integer":
    case "number":
      return numberEdges(conj, facet.type);
    default:
      return [];
  }
}

function stringEdges(conj: Conj, arbitrary: fc.Arbitrary<string> | undefined): ScalarEdge[] {
  const free = conj.patterns.length === 0 && conj.formats.length === 0;
  const ofLength = (length: number) => (free ? "a".repeat(length) : arbitrary === undefined ? undefined : stringOfLength(arbitrary, length));
  const edges: ScalarEdge[] = [{ value: ofLength(conj.minLength), label: conj.minLength === 0 ? "minLength 0 (the empty string)" : `minLength ${conj.minLength}` }];
  if (conj.maxLength !== undefined && conj.maxLength !== conj.minLength && conj.maxLength <= LONGEST_EDGE) edges.push({ value: ofLength(conj.maxLength), label: `maxLength ${conj.maxLength}` });
  return edges;
}

/** The least and greatest values the bounds allow, on the multipleOf grid. */
function numberEdges(conj: Conj, type: "integer" | "number"): ScalarEdge[] {
  const edges: ScalarEdge[] = [];
  const grid = conj.multipleOf[0] ?? (type === "integer" ? 1 : undefined);
  for (const [bound, direction] of [[conj.minimum, 1], [conj.maximum, -1]] as const) {
    if (bound === undefined) continue;
    const name = `${bound.exclusive ? "exclusive" : ""}${direction === 1 ? (bound.exclusive ? "Minimum" : "minimum") : bound.exclusive ? "Maximum" : "maximum"}`;
    let value: number;
    if (grid !== undefined) {
      const steps = direction === 1 ? Math.ceil(bound.value / grid) : Math.floor(bound.value / grid);
      value = steps * grid;
      if (bound.exclusive && value === bound.value) value += direction * grid;
    } else {
      value = bound.exclusive ? nextDouble(bound.value, direction) : bound.value;
    }
    edges.push({ value: value === 0 ? 0 : value, label: `${name} ${bound.value}` });
  }
  return edges;
}

/** The nearest double past `value` in `direction`. */
function nextDouble(value: number, direction: 1 | -1): number {
  if (value === 0) return direction * Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, bits + (value > 0 === (direction === 1) ? 1n : -1n));
  return view.getFloat64(0);
}
