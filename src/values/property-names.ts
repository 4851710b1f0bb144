/**
 * `propertyNames`: every name of an object must be a valid string of each of its schemas.
 * A name is a string, so the keywords that read a string alone decide it.
 */
import type { Conj } from "./conjunction";
import { brokenKeywords } from "./scalar-check";
import type { Shapes } from "./shapes";

const STRING = new Set(["string"] as const);

export function namesAllowed(conj: Conj, name: string, shapes: Shapes): boolean {
  for (const node of conj.propertyNames) {
    const shape = shapes.of([node]);
    const fits = shape.facets.some((facet) => (facet.type === "string" || facet.type === "any") && brokenKeywords(name, facet.conj, facet.type === "any" ? undefined : STRING).length === 0);
    if (!fits) return false;
  }
  return true;
}
