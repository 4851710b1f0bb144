/**
 * Valid values at a schema's edges, each labelled: the smallest value (required properties
 * only, fewest items), the fullest (every optional property), both with every scalar at its
 * first edge, and each of those with one scalar place moved to another of its edges (the
 * longest string, the upper bound, the last enum value, the other boolean).
 */
import { canonicalJson } from "../internal/canonical-json";
import { extremeValue } from "./extremes";
import type { ValueGenerator } from "./generator";
import { brokenKeywords } from "./scalar-check";
import { scalarEdges } from "./scalar-edges";
import type { Shape } from "./shapes";
import { ancestors, pointerOf, replaced, sitesOf, valueAt } from "./sites";

export interface EdgeValue {
  readonly value: unknown;
  /** What makes it an edge: `required properties only`, `/name: minLength 0 (the empty string)`. */
  readonly label: string;
}

/** At most this many edges per schema: a schema with hundreds of scalars still gives a bounded list. */
const MAX_EDGES = 200;

export function edgeValues(generator: ValueGenerator, shape: Shape): EdgeValue[] {
  const found: EdgeValue[] = [];
  const seen = new Set<string>();
  const add = (value: unknown, label: string) => {
    const key = canonicalJson(value);
    if (value === undefined || seen.has(key) || found.length >= MAX_EDGES) return;
    seen.add(key);
    found.push({ value, label });
  };
  const smallest = extremeValue(generator, shape, "smallest");
  const fullest = extremeValue(generator, shape, "fullest");
  const composite = (value: unknown) => value !== null && typeof value === "object";
  // Their scalars sit at their first edges (shortest strings, lowest bounds, first enum values).
  add(smallest, composite(smallest) ? "required properties only, fewest items" : "first edge");
  add(fullest, "every optional property");
  for (const base of [smallest, fullest]) {
    if (base === undefined) continue;
    const sites = sitesOf(generator, shape, base);
    for (const site of sites) {
      if (site.facet.type === "object" || site.facet.type === "array") continue;
      for (const edge of scalarEdges(site.facet, generator.scalarArbitrary(site.facet))) {
        if (brokenKeywords(edge.value, site.facet.conj, site.types).length > 0) continue;
        const value = replaced(base, site.tokens, edge.value);
        const holds = ancestors(sites, site).every((above) => brokenKeywords(valueAt(value, above.tokens), above.facet.conj, above.types).length === 0);
        if (holds) add(value, site.tokens.length === 0 ? edge.label : `${pointerOf(site.tokens)}: ${edge.label}`);
      }
    }
  }
  return found;
}
