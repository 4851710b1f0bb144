/**
 * Arbitraries of strings, numbers and integers that meet a facet's own keywords by
 * construction (bounds, multipleOf, lengths, formats), with a pattern's strings drawn from
 * the pattern itself; a keyword that cannot be met by construction is a filter, checked
 * once on a sample so a schema no value fits is reported instead of looping.
 */
import fc from "fast-check";
import type { Conj } from "./conjunction";
import { formatArbitrary } from "./formats";
import { brokenKeywords, codePoints, isMultiple, patternRegExp } from "./scalar-check";
import type { Facet } from "./shapes";

/**
 * The characters of generated text (patterns and formats choose their own): printable
 * ASCII, any Unicode code point, or what a header carries unchanged in a list (visible
 * ASCII without the comma that separates its items).
 */
export type TextUnit = "ascii" | "unicode" | "header";

/** Text no longer than this past its minimum, unless a maximum asks for less. */
const STRING_SPAN = 16;
/** Whole numbers this far from zero unless bounds say otherwise (int32, as most APIs expect). */
const INT_LIMIT = 2 ** 31;
const NUMBER_LIMIT = 1e9;

const HEADER_CHARACTERS = fc.integer({ min: 0x21, max: 0x7e }).filter((code) => code !== 0x2c).map((code) => String.fromCharCode(code));
const UNITS: Readonly<Record<TextUnit, fc.StringConstraints["unit"]>> = { ascii: "grapheme-ascii", unicode: "binary", header: HEADER_CHARACTERS };

/** Draws kept to test a filter before trusting it. */
const PROBE = 24;

/** `arbitrary` filtered by `keep`, or undefined when no draw of a fixed-seed sample passes. */
export function probedFilter<T>(arbitrary: fc.Arbitrary<T>, keep: (value: T) => boolean): fc.Arbitrary<T> | undefined {
  const sample = fc.sample(arbitrary, { seed: 1, numRuns: PROBE });
  return sample.some(keep) ? arbitrary.filter(keep) : undefined;
}

const matchers = new Map<string, fc.Arbitrary<string> | null>();

/**
 * Strings of a pattern (fast-check's, kept per pattern and length: building one costs
 * milliseconds), unbiased (its bias for strings of a custom unit tries characters one by
 * one and is hundreds of times slower); undefined when the pattern needs more than `max`.
 */
export function matchingStrings(regex: RegExp, max: number | undefined): fc.Arbitrary<string> | undefined {
  const key = `${regex.flags}/${max ?? ""}/${regex.source}`;
  let known = matchers.get(key);
  if (known === undefined) {
    try {
      known = fc.noBias(fc.stringMatching(regex, max === undefined ? {} : { maxLength: max }));
    } catch {
      known = null;
    }
    matchers.set(key, known);
  }
  return known ?? undefined;
}

/** Values that meet every own keyword of the facet except those `conj` cannot check alone. */
const ownKeywordsMet = (conj: Conj) => (value: unknown) => brokenKeywords(value, conj, undefined).length === 0;

export function stringArbitrary(facet: Facet, unit: TextUnit): fc.Arbitrary<string> | undefined {
  const conj = facet.conj;
  const max = conj.maxLength;
  const [pattern] = conj.patterns;
  const format = conj.formats.map(formatArbitrary).find((arbitrary) => arbitrary !== undefined);
  let base: fc.Arbitrary<string>;
  if (pattern !== undefined) {
    const regex = patternRegExp(pattern);
    if (regex === null) return undefined;
    const matching = matchingStrings(regex, max);
    if (matching === undefined) return undefined;
    base = matching;
  } else if (format !== undefined) {
    base = format;
  } else {
    const maxLength = Math.min(max ?? Infinity, conj.minLength + STRING_SPAN);
    const text = fc.string({ unit: UNITS[unit], minLength: conj.minLength, maxLength });
    // The edges: the shortest and the longest text the schema allows, beside any length between.
    const edges = [fc.string({ unit: UNITS[unit], minLength: conj.minLength, maxLength: conj.minLength })];
    if (max !== undefined && max <= 64) edges.push(fc.string({ unit: UNITS[unit], minLength: max, maxLength: max }));
    base = fc.oneof({ arbitrary: text, weight: 4 }, ...edges.map((arbitrary) => ({ arbitrary, weight: 1 })));
    if (conj.formats.length === 0) return base;
  }
  // One pattern, or one known format, alone: its strings need no check.
  const alone = conj.minLength === 0 && max === undefined && conj.patterns.length + conj.formats.length === 1;
  return alone ? base : probedFilter(base, ownKeywordsMet(conj));
}

/** The smallest whole step every `multipleOf` divides, or undefined when there is none near. */
function integerStep(divisors: readonly number[]): number | undefined {
  let step = 1;
  for (const divisor of divisors) {
    let whole: number | undefined;
    for (let times = 1; times <= 1000 && whole === undefined; times++) {
      const product = divisor * times;
      if (Math.abs(product - Math.round(product)) < 1e-9) whole = Math.round(product);
    }
    if (whole === undefined || whole === 0) return undefined;
    step = lcm(step, whole);
    if (!Number.isSafeInteger(step)) return undefined;
  }
  return step;
}

function lcm(a: number, b: number): number {
  let [x, y] = [a, b];
  while (y !== 0) [x, y] = [y, x % y];
  return (a / x) * b;
}

/** The whole numbers the bounds allow, as [low, high], or undefined when none. */
function integerRange(conj: Conj, limit: number): [number, number] | undefined {
  const { minimum, maximum } = conj;
  let low = minimum === undefined ? -limit : Math.ceil(minimum.value);
  if (minimum !== undefined && minimum.exclusive && low === minimum.value) low += 1;
  let high = maximum === undefined ? limit - 1 : Math.floor(maximum.value);
  if (maximum !== undefined && maximum.exclusive && high === maximum.value) high -= 1;
  if (minimum === undefined && maximum !== undefined) low = Math.min(high, Math.max(low, high - 2 * limit));
  if (maximum === undefined && minimum !== undefined) high = Math.max(low, Math.min(high, low + 2 * limit));
  low = Math.max(low, Number.MIN_SAFE_INTEGER);
  high = Math.min(high, Number.MAX_SAFE_INTEGER);
  return low <= high ? [low, high] : undefined;
}

/**
 * k * step for whole k in range, with the range's ends and zero as edges. Between the
 * ends, values stay within int32 when the range allows (a bound of 2^53 - 1, as some
 * libraries write for any integer, is an edge to reach, not a size to draw every time).
 */
function steppedIntegers(low: number, high: number, step: number): fc.Arbitrary<number> | undefined {
  const first = Math.ceil(low / step);
  const last = Math.floor(high / step);
  if (first > last) return undefined;
  const inner = [Math.max(first, Math.ceil(-INT_LIMIT / step)), Math.min(last, Math.floor((INT_LIMIT - 1) / step))] as const;
  const times = inner[0] <= inner[1] ? fc.integer({ min: inner[0], max: inner[1] }) : fc.integer({ min: first, max: last });
  const edges = [first, last];
  if (first <= 0 && last >= 0) edges.push(0);
  return fc.oneof({ arbitrary: times, weight: 4 }, { arbitrary: fc.constantFrom(...edges), weight: 1 }).map((k) => (k * step === 0 ? 0 : k * step));
}

export function integerArbitrary(facet: Facet): fc.Arbitrary<number> | undefined {
  const conj = facet.conj;
  let range = integerRange(conj, INT_LIMIT);
  // int32 is a bound of its own: a validator that checks the format refuses anything wider.
  if (range !== undefined && conj.formats.includes("int32")) range = [Math.max(range[0], -INT_LIMIT), Math.min(range[1], INT_LIMIT - 1)];
  if (range !== undefined && range[0] > range[1]) range = undefined;
  const step = integerStep(conj.multipleOf);
  if (range === undefined || step === undefined) return undefined;
  const values = steppedIntegers(range[0], range[1], step);
  // Whole divisors are exact on the step's grid; a fractional one is checked as validators check it.
  const exact = conj.multipleOf.every(Number.isInteger);
  return values === undefined || exact ? values : probedFilter(values, ownKeywordsMet(conj));
}

export function numberArbitrary(facet: Facet): fc.Arbitrary<number> | undefined {
  const conj = facet.conj;
  if (conj.multipleOf.length > 0) return multiples(conj);
  const { minimum, maximum } = conj;
  const min = minimum?.value ?? (maximum === undefined ? -NUMBER_LIMIT : Math.min(-NUMBER_LIMIT, maximum.value - NUMBER_LIMIT));
  const max = maximum?.value ?? Math.max(NUMBER_LIMIT, min + NUMBER_LIMIT);
  const doubles = fc.double({ min, max, minExcluded: minimum?.exclusive ?? false, maxExcluded: maximum?.exclusive ?? false, noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n));
  const range = integerRange(conj, INT_LIMIT);
  // Bounds met by construction: fast-check's doubles honour exclusive ends, and the integers lie inside them.
  return range === undefined ? doubles : fc.oneof(doubles, fc.integer({ min: range[0], max: range[1] }));
}

/** Multiples of fractional divisors: k times the first, kept when every divisor divides it exactly. */
function multiples(conj: Conj): fc.Arbitrary<number> | undefined {
  const [divisor] = conj.multipleOf as [number];
  const { minimum, maximum } = conj;
  const first = Math.ceil((minimum?.value ?? -NUMBER_LIMIT) / divisor);
  const last = Math.floor((maximum?.value ?? NUMBER_LIMIT) / divisor);
  if (first > last) return undefined;
  const times = fc.integer({ min: first, max: Math.min(last, first + 2 * INT_LIMIT) });
  const places = decimals(divisor);
  // k * 0.1 is 0.30000000000000004 for k = 3: rounded to the divisor's places, it is 0.3.
  const values = times.map((k) => Number((k * divisor).toFixed(places)) || 0).filter((value) => conj.multipleOf.every((other) => isMultiple(value, other)));
  return probedFilter(values, ownKeywordsMet(conj));
}

/** The decimal places of a number as JSON writes it (`0.25` has 2, `1e-7` has 7). */
function decimals(value: number): number {
  const [digits, exponent] = String(value).split("e");
  const fraction = (digits as string).split(".")[1]?.length ?? 0;
  return Math.min(100, Math.max(0, fraction - Number(exponent ?? 0)));
}

/** A string of exactly `length` code points from `arbitrary`, if a seeded search finds one. */
export function stringOfLength(arbitrary: fc.Arbitrary<string>, length: number): string | undefined {
  return fc.sample(arbitrary, { seed: length + 1, numRuns: 50 }).find((text) => codePoints(text) === length);
}
