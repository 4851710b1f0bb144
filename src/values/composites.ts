/**
 * Arbitraries of objects and arrays from a facet: required properties always, optional ones
 * present or absent (absent is where shrinking goes), additional and pattern properties for
 * maps, item counts within bounds, unique items, `contains`. Each child is the arbitrary of
 * its own shape one level down (kept per shape and depth, so each is made once); how deep
 * each child must go is known beforehand (./depth.ts), so a branch that cannot be finished
 * is never started, and optional parts stop at RICH_DEPTH.
 */
import fc from "fast-check";
import { canonicalJson } from "../internal/canonical-json";
import { hasOwn, setOwn } from "../internal/own";
import { MAX_DEPTH, RICH_DEPTH } from "./depth";
import { tupleOf } from "./combinators";
import { matchingStrings, probedFilter } from "./scalars";
import { patternRegExp } from "./scalar-check";
import { blocked, itemLimit, itemNodes, prefixLength, propertyNodes, type Facet, type Shape, type Shapes } from "./shapes";
import { namesAllowed } from "./property-names";

/** What the composite builders need of the generator. */
export interface Children {
  readonly shapes: Shapes;
  /** A child shape's arbitrary at `depth`, or undefined when none fits the depth left. */
  child(shape: Shape, depth: number): fc.Arbitrary<unknown> | undefined;
  /** A property the direction leaves out (readOnly in requests, writeOnly in responses). */
  skipped(shape: Shape): boolean;
}

const ABSENT = Symbol("absent");
/** Map-like objects get at most this many entries beyond what they require. */
const MAP_ENTRIES = 2;
/** Arrays get at most this many items beyond their minimum. */
const EXTRA_ITEMS = 3;

type Entry = readonly [string, fc.Arbitrary<unknown>];

/** The declared and required names in order, with the arbitrary of each that may appear. */
function propertyEntries(facet: Facet, depth: number, children: Children): { required: Entry[]; optional: Entry[] } | undefined {
  const conj = facet.conj;
  const required: Entry[] = [];
  const optional: Entry[] = [];
  const names = [...conj.properties.keys()];
  for (const name of conj.required) if (!conj.properties.has(name)) names.push(name);
  for (const name of names) {
    const isRequired = conj.required.has(name);
    if (blocked(conj, name) || !namesAllowed(conj, name, children.shapes)) {
      if (isRequired) return undefined;
      continue;
    }
    const shape = children.shapes.of(propertyNodes(conj, name));
    if (children.skipped(shape)) continue;
    const arbitrary = isRequired || depth + 1 < RICH_DEPTH ? children.child(shape, depth + 1) : undefined;
    if (arbitrary !== undefined) (isRequired ? required : optional).push([name, arbitrary]);
    else if (isRequired) return undefined;
  }
  return { required, optional };
}

/** Entries under names the schema does not declare: its additional and pattern properties. */
function extraEntry(facet: Facet, depth: number, children: Children): fc.Arbitrary<[string, unknown]> | undefined {
  const conj = facet.conj;
  const keys: fc.Arbitrary<string>[] = [fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 1, maxLength: 8 })];
  for (const { pattern } of conj.patternProperties) {
    const regex = patternRegExp(pattern);
    const matching = regex === null ? undefined : matchingStrings(regex, 12);
    if (matching !== undefined) keys.push(matching);
  }
  const free = (name: string) => !conj.properties.has(name) && !blocked(conj, name) && !conj.required.has(name) && namesAllowed(conj, name, children.shapes);
  const key = probedFilter(fc.oneof(...keys), free);
  if (key === undefined) return undefined;
  const entry = key.chain((name) => {
    const value = children.child(children.shapes.of(propertyNodes(conj, name)), depth + 1);
    return value === undefined ? fc.constant(undefined) : value.map((item): [string, unknown] => [name, item]);
  });
  return probedFilter(entry, (pair) => pair !== undefined) as fc.Arbitrary<[string, unknown]> | undefined;
}

export function objectArbitrary(facet: Facet, depth: number, children: Children): fc.Arbitrary<unknown> | undefined {
  const conj = facet.conj;
  const entries = propertyEntries(facet, depth, children);
  if (entries === undefined) return undefined;
  const { required, optional } = entries;
  const mapLike = conj.patternProperties.length > 0 || conj.additional.some((rule) => rule.schema !== false);
  const room = (conj.maxProperties ?? Infinity) - required.length;
  const missing = Math.max(0, conj.minProperties - required.length - optional.length);
  const extraMax = Math.min(room, missing + (mapLike && depth + 1 < RICH_DEPTH ? MAP_ENTRIES : 0));
  const extra = extraMax > 0 ? extraEntry(facet, depth, children) : undefined;
  if (missing > 0 && extra === undefined) return undefined;
  // Extras under one name once: a repeated name is dropped (the counts are checked below).
  const extras = extra === undefined ? fc.constant([] as [string, unknown][]) : fc.array(extra, { maxLength: extraMax }).map(distinctNames);
  const simple = conj.maxProperties === undefined && conj.minProperties <= required.length && conj.dependentRequired.size === 0;
  const present = simple ? fc.constant(optional) : fc.subarray(optional, { maxLength: Math.min(optional.length, room) });
  const built = present.chain((chosen) => {
    const parts = [...required.map(([, arbitrary]) => arbitrary), ...chosen.map(([, arbitrary]) => (simple ? fc.option(arbitrary, { nil: ABSENT, freq: 2 }) : arbitrary))];
    const names = [...required, ...chosen].map(([name]) => name);
    return fc.tuple(tupleOf(parts), extras).map(([values, more]) => {
      const object: Record<string, unknown> = {};
      values.forEach((value, index) => value !== ABSENT && setOwn(object, names[index] as string, value));
      for (const [name, value] of more) setOwn(object, name, value);
      return object;
    });
  });
  return simple ? built : probedFilter(built, (object) => objectCountsMet(object, facet));
}

function distinctNames(pairs: [string, unknown][]): [string, unknown][] {
  const seen = new Set<string>();
  return pairs.filter(([name]) => !seen.has(name) && seen.add(name) !== undefined);
}

function objectCountsMet(object: Record<string, unknown>, facet: Facet): boolean {
  const conj = facet.conj;
  const count = Object.keys(object).length;
  if (count < conj.minProperties || count > (conj.maxProperties ?? Infinity)) return false;
  for (const [name, others] of conj.dependentRequired) if (hasOwn(object, name)) for (const other of others) if (!hasOwn(object, other)) return false;
  return true;
}

export function arrayArbitrary(facet: Facet, depth: number, children: Children): fc.Arbitrary<unknown> | undefined {
  const conj = facet.conj;
  const low = conj.minItems;
  let high = Math.min(itemLimit(conj) ?? Infinity, low + (depth + 1 < RICH_DEPTH ? EXTRA_ITEMS : 0));
  const prefix = prefixLength(conj);
  const items: fc.Arbitrary<unknown>[] = [];
  // One arbitrary per index up to the prefix's end, then one for every later item.
  for (let index = 0; index < Math.min(high, prefix + 1); index++) {
    const nodes = itemNodes(conj, index);
    const arbitrary = nodes === false ? undefined : children.child(children.shapes.of(nodes), depth + 1);
    if (arbitrary === undefined) {
      if (index < low) return undefined;
      high = index;
      break;
    }
    items.push(arbitrary);
  }
  const itemAt = (index: number) => items[Math.min(index, items.length - 1)] as fc.Arbitrary<unknown>;
  let array: fc.Arbitrary<unknown[]>;
  if (high === 0) array = fc.constant([]);
  else if (prefix === 0) array = fc.array(itemAt(0), { minLength: low, maxLength: high });
  else array = fc.integer({ min: low, max: high }).chain((length) => tupleOf(Array.from({ length }, (_, index) => itemAt(index))));
  if (conj.contains.length > 0) {
    const rest = itemNodes(conj, prefix);
    const matching = rest === false ? undefined : children.child(children.shapes.of([...rest, ...conj.contains]), depth + 1);
    if (matching === undefined || prefix > 0 || conj.minContains > Math.min(high, conj.maxItems ?? Infinity)) return undefined;
    const wanted = Math.max(conj.minContains, 0);
    array = fc.tuple(fc.array(matching, { minLength: wanted, maxLength: wanted }), array).map(([found, more]) => [...found, ...more].slice(0, Math.max(high, wanted)));
  }
  if (conj.uniqueItems) array = array.map(distinct);
  if (low === 0 && !conj.uniqueItems) return array;
  return probedFilter(array, (list) => list.length >= low && list.length <= (itemLimit(conj) ?? Infinity));
}

/** The items without repeats (JSON equality), first occurrences kept. */
function distinct(items: unknown[]): unknown[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = canonicalJson(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The children every value of an object or array facet contains: required properties, the minimum items, `contains`. Undefined when one cannot be there at all. */
export function requiredChildren(facet: Facet, shapes: Shapes, skipped: (shape: Shape) => boolean): [string, Shape][] | undefined {
  const conj = facet.conj;
  const children: [string, Shape][] = [];
  if (facet.type === "object") {
    for (const name of conj.required) {
      if (blocked(conj, name)) return undefined;
      const shape = shapes.of(propertyNodes(conj, name));
      if (!skipped(shape)) children.push([name, shape]);
    }
    return children;
  }
  const prefix = prefixLength(conj);
  for (let index = 0; index < Math.min(conj.minItems, prefix + 1); index++) {
    const nodes = itemNodes(conj, index);
    if (nodes === false) return undefined;
    children.push([String(index), shapes.of(nodes)]);
  }
  if (conj.contains.length > 0) {
    const rest = itemNodes(conj, prefix);
    if (rest === false) return undefined;
    children.push([String(prefix), shapes.of([...rest, ...conj.contains])]);
  }
  return children;
}

/** How deep a value of the facet must be, from its required children's needs. */
export function compositeNeed(facet: Facet, need: (shape: Shape) => number, shapes: Shapes, skipped: (shape: Shape) => boolean): number {
  const children = requiredChildren(facet, shapes, skipped);
  if (children === undefined) return Infinity;
  let deepest = 0;
  for (const [, shape] of children) deepest = Math.max(deepest, need(shape));
  return deepest + 1 > MAX_DEPTH ? Infinity : deepest + 1;
}
