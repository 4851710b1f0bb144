/**
 * Values that break exactly one rule of a schema, each labelled with the rule: made from a
 * valid value by changing it at one place whose schema is known (./sites.ts) so that one
 * keyword there fails and every other keyword, there and in the arrays above, still holds.
 */
import fc from "fast-check";
import { canonicalJson } from "../internal/canonical-json";
import { getOwn, hasOwn } from "../internal/own";
import type { ValueGenerator } from "./generator";
import { brokenKeywords } from "./scalar-check";
import { enumCandidates, numberCandidates, stringCandidates, typeCandidates, type Candidate } from "./scalar-breaks";
import { blocked, itemNodes, propertyNodes, type Shape } from "./shapes";
import { namesAllowed } from "./property-names";
import { ancestors, pointerOf, replaced, sitesOf, valueAt, type Site } from "./sites";

/** The rule a value breaks: the keyword, where in the value (a JSON Pointer), and what is wrong. */
export interface BrokenRule {
  readonly keyword: string;
  readonly pointer: string;
  readonly message: string;
}

export interface BrokenValue {
  readonly value: unknown;
  readonly rule: BrokenRule;
}

/** Every value that breaks one rule of `shape`, each made from `base` (a valid value) at one place. */
export function brokenValues(generator: ValueGenerator, shape: Shape, base: unknown): BrokenValue[] {
  const sites = sitesOf(generator, shape, base);
  const found: BrokenValue[] = [];
  const seen = new Set<string>();
  for (const site of sites) {
    const candidates = [...typeCandidates(site.types), ...ownCandidates(generator, site)];
    const done = new Set<string>();
    for (const candidate of candidates) {
      // One break per keyword and place; each missing required property is a break of its own.
      const kind = candidate.keyword === "required" ? `required ${candidate.message}` : candidate.keyword;
      if (done.has(kind)) continue;
      const broken = brokenKeywords(candidate.value, site.facet.conj, site.types);
      if (broken.length !== 1 || broken[0] !== candidate.keyword) continue;
      const value = replaced(base, site.tokens, candidate.value);
      if (!ancestorsHold(sites, site, value)) continue;
      const key = `${candidate.keyword} ${canonicalJson(value)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      done.add(kind);
      found.push({ value, rule: { keyword: candidate.keyword, pointer: pointerOf(site.tokens), message: candidate.message } });
    }
  }
  return found;
}

/** The arrays and objects above the changed place still meet their own keywords (uniqueItems above all). */
function ancestorsHold(sites: readonly Site[], site: Site, root: unknown): boolean {
  return ancestors(sites, site).every((above) => brokenKeywords(valueAt(root, above.tokens), above.facet.conj, above.types).length === 0);
}

function ownCandidates(generator: ValueGenerator, site: Site): Candidate[] {
  const { value, facet } = site;
  const candidates = enumCandidates(facet, value);
  if (facet.values !== undefined) return candidates;
  if (typeof value === "number") candidates.push(...numberCandidates(facet, value));
  else if (typeof value === "string") candidates.push(...stringCandidates(facet, value));
  else if (Array.isArray(value)) candidates.push(...arrayCandidates(generator, site, value));
  else if (value !== null && typeof value === "object") candidates.push(...objectCandidates(generator, site, value as Record<string, unknown>));
  return candidates;
}

/** A valid value of `shape` one level below `site`, drawn with a fixed seed. */
function validBelow(generator: ValueGenerator, shape: Shape, site: Site, seed: number): unknown {
  const arbitrary = generator.arbitrary(shape, site.depth + 1);
  return arbitrary === undefined ? undefined : fc.sample(arbitrary, { seed, numRuns: 1 })[0];
}

function objectCandidates(generator: ValueGenerator, site: Site, object: Record<string, unknown>): Candidate[] {
  const conj = site.facet.conj;
  const names = Object.keys(object);
  const candidates: Candidate[] = [];
  const without = (removed: readonly string[]) => {
    const copy: Record<string, unknown> = {};
    for (const name of names) if (!removed.includes(name)) Object.defineProperty(copy, name, { value: getOwn(object, name), enumerable: true, writable: true, configurable: true });
    return copy;
  };
  const withExtra = (name: string, value: unknown) => {
    const copy = without([]);
    Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
    return copy;
  };
  for (const name of conj.required) if (hasOwn(object, name)) candidates.push({ keyword: "required", value: without([name]), message: `the required property ${JSON.stringify(name)} is missing` });
  if (conj.additional.some((rule) => rule.schema === false)) {
    for (const name of ["unexpected", "unexpected_property", "zz"]) {
      if (hasOwn(object, name) || !blocked(conj, name) || !namesAllowed(conj, name, generator.shapes)) continue;
      candidates.push({ keyword: "additionalProperties", value: withExtra(name, null), message: `${JSON.stringify(name)} is not a property the schema allows` });
    }
  }
  const optional = names.filter((name) => !conj.required.has(name));
  if (conj.minProperties > 0 && names.length - optional.length < conj.minProperties && names.length >= conj.minProperties) {
    const removed = optional.slice(0, names.length - conj.minProperties + 1);
    candidates.push({ keyword: "minProperties", value: without(removed), message: `${conj.minProperties - 1} properties, fewer than minProperties ${conj.minProperties}` });
  }
  if (conj.maxProperties !== undefined && conj.maxProperties - names.length < 4) {
    let copy = without([]);
    const absent = [...conj.properties.keys()].filter((name) => !hasOwn(object, name));
    for (const name of [...absent, "extra", "extra_property", "more", "more_property"]) {
      if (Object.keys(copy).length > conj.maxProperties) break;
      if (hasOwn(copy, name) || blocked(conj, name) || !namesAllowed(conj, name, generator.shapes)) continue;
      const shape = generator.shapes.of(propertyNodes(conj, name));
      const value = generator.skipped(shape) ? undefined : validBelow(generator, shape, site, 1);
      if (value !== undefined) copy = { ...copy, [name]: value };
    }
    const count = Object.keys(copy).length;
    if (count > conj.maxProperties) candidates.push({ keyword: "maxProperties", value: copy, message: `${count} properties, more than maxProperties ${conj.maxProperties}` });
  }
  return candidates;
}

function arrayCandidates(generator: ValueGenerator, site: Site, array: readonly unknown[]): Candidate[] {
  const conj = site.facet.conj;
  const candidates: Candidate[] = [];
  if (conj.minItems > 0 && array.length >= conj.minItems) candidates.push({ keyword: "minItems", value: array.slice(0, conj.minItems - 1), message: `${conj.minItems - 1} items, fewer than minItems ${conj.minItems}` });
  const sameShape = (a: number, b: number) => {
    const [first, second] = [itemNodes(conj, a), itemNodes(conj, b)];
    return first !== false && second !== false && generator.shapes.of(first) === generator.shapes.of(second);
  };
  if (conj.maxItems !== undefined && conj.maxItems - array.length < 4) {
    const longer = [...array];
    const taken = new Set(array.map(canonicalJson));
    for (let seed = 1; seed <= 16 && longer.length <= conj.maxItems; seed++) {
      const nodes = itemNodes(conj, longer.length);
      if (nodes === false) break;
      const item = validBelow(generator, generator.shapes.of(nodes), site, seed);
      if (item === undefined || (conj.uniqueItems && taken.has(canonicalJson(item)))) continue;
      taken.add(canonicalJson(item));
      longer.push(item);
    }
    if (longer.length > conj.maxItems) candidates.push({ keyword: "maxItems", value: longer, message: `${longer.length} items, more than maxItems ${conj.maxItems}` });
  }
  if (conj.uniqueItems) {
    const message = "two items are equal where uniqueItems asks for distinct ones";
    if (array.length >= 2 && sameShape(0, array.length - 1)) candidates.push({ keyword: "uniqueItems", value: [...array.slice(0, -1), array[0]], message });
    else if (array.length === 1 && (conj.maxItems ?? Infinity) >= 2 && sameShape(0, 1)) candidates.push({ keyword: "uniqueItems", value: [array[0], array[0]], message });
  }
  return candidates;
}
