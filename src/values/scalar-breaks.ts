/**
 * Candidate values that break one keyword of a scalar place: a wrong type, a value outside
 * the enum, past a bound, off the multipleOf grid, too short, too long, not matching the
 * pattern, not of the format. ./breaks.ts keeps a candidate only when it breaks exactly
 * that keyword and no other.
 */
import { canonicalJson } from "../internal/canonical-json";
import type { JsonType } from "./conjunction";
import { NOT_OF_FORMAT, checksFormat } from "./formats";
import { admits, codePoints, patternRegExp } from "./scalar-check";
import { matchingStrings, stringOfLength } from "./scalars";
import type { Facet } from "./shapes";

export interface Candidate {
  readonly keyword: string;
  readonly value: unknown;
  readonly message: string;
}

const SAMPLES: readonly [JsonType, unknown][] = [
  ["string", "a"],
  ["integer", 0],
  ["number", 0.5],
  ["boolean", true],
  ["null", null],
  ["array", []],
  ["object", {}],
];

const describe = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : JSON.stringify(value));

/** A value of a type the schema does not name. */
export function typeCandidates(types: ReadonlySet<JsonType> | undefined): Candidate[] {
  if (types === undefined) return [];
  const named = [...types].filter((type) => !(type === "integer" && types.has("number"))).join(", ");
  return SAMPLES.filter(([, value]) => ![...types].some((type) => admits(type, value))).map(([type, value]) => ({ keyword: "type", value, message: `${describe(value)} (${type}) where the schema allows ${named}` }));
}

export function enumCandidates(facet: Facet, current: unknown): Candidate[] {
  const values = facet.conj.enum;
  if (values === undefined) return [];
  const keyword = facet.conj.enumKeyword;
  const taken = new Set(values.map(canonicalJson));
  const message = (value: unknown) => `${describe(value)} is not ${keyword === "const" ? "the constant" : "one of the enum's values"}`;
  const candidates: unknown[] = [];
  if (typeof current === "string") candidates.push(`${current}-other`, "other", "x".repeat(Math.max(1, facet.conj.minLength)));
  else if (typeof current === "number") {
    const numbers = values.filter((value): value is number => typeof value === "number");
    candidates.push(Math.max(...numbers.slice(0, 1000)) + 1, current + 1, current - 1);
  } else if (typeof current === "boolean") candidates.push(!current);
  return candidates.filter((value) => !taken.has(canonicalJson(value))).map((value) => ({ keyword, value, message: message(value) }));
}

export function numberCandidates(facet: Facet, current: number): Candidate[] {
  const { minimum, maximum, multipleOf } = facet.conj;
  const grid = multipleOf[0] ?? (facet.type === "integer" ? 1 : undefined);
  const candidates: Candidate[] = [];
  for (const [bound, direction] of [[minimum, -1], [maximum, 1]] as const) {
    if (bound === undefined) continue;
    const keyword = `${bound.exclusive ? "exclusive" : ""}${direction === -1 ? (bound.exclusive ? "Minimum" : "minimum") : bound.exclusive ? "Maximum" : "maximum"}`;
    const values: number[] = [];
    if (grid !== undefined) {
      // The nearest point of the grid outside the bound.
      let steps = direction === -1 ? Math.floor(bound.value / grid) : Math.ceil(bound.value / grid);
      if (steps * grid === bound.value && !bound.exclusive) steps += direction;
      values.push(steps * grid, (steps + direction) * grid);
    } else {
      values.push(bound.exclusive ? bound.value : bound.value + direction, bound.value + direction * 0.5);
    }
    for (const value of values) candidates.push({ keyword, value: value === 0 ? 0 : value, message: `${value} is ${direction === -1 ? "below" : "above"} ${keyword} ${bound.value}` });
  }
  for (const divisor of multipleOf) {
    const offset = facet.type === "integer" ? 1 : divisor / 2;
    for (const value of [current + offset, current - offset]) candidates.push({ keyword: "multipleOf", value, message: `${value} is not a multiple of ${divisor}` });
  }
  return candidates;
}

/** Text of `length` code points: from the pattern's own strings when there is one. */
function textOfLength(facet: Facet, current: string, length: number): string[] {
  const texts: string[] = [];
  if (length < 0) return texts;
  const points = Array.from(current);
  if (length <= points.length) texts.push(points.slice(0, length).join(""));
  else texts.push(current + (points[points.length - 1] ?? "a").repeat(length - points.length), current + "a".repeat(length - points.length));
  const [pattern] = facet.conj.patterns;
  const regex = pattern === undefined ? null : patternRegExp(pattern);
  const matching = regex === null || length > 4096 ? undefined : matchingStrings(regex, length);
  const found = matching === undefined ? undefined : stringOfLength(matching, length);
  if (found !== undefined) texts.push(found);
  return texts;
}

export function stringCandidates(facet: Facet, current: string): Candidate[] {
  const conj = facet.conj;
  const candidates: Candidate[] = [];
  if (conj.minLength > 0) {
    for (const value of textOfLength(facet, current, conj.minLength - 1)) candidates.push({ keyword: "minLength", value, message: `${codePoints(value)} characters, fewer than minLength ${conj.minLength}` });
  }
  if (conj.maxLength !== undefined && conj.maxLength < 4096) {
    for (const value of textOfLength(facet, current, conj.maxLength + 1)) candidates.push({ keyword: "maxLength", value, message: `${codePoints(value)} characters, more than maxLength ${conj.maxLength}` });
  }
  if (conj.patterns.length > 0) {
    const fill = Math.max(conj.minLength, 1);
    for (const value of ["!".repeat(fill), " ".repeat(fill), "0".repeat(fill), "a".repeat(fill), "~".repeat(fill), `${current}!`, `!${current}`, current.toUpperCase(), current.toLowerCase()]) {
      candidates.push({ keyword: "pattern", value, message: `${JSON.stringify(value)} does not match the pattern ${conj.patterns[0] as string}` });
    }
  }
  for (const format of conj.formats) {
    if (!checksFormat(format)) continue;
    for (const value of [...NOT_OF_FORMAT, "a".repeat(Math.max(conj.minLength, 1))]) candidates.push({ keyword: "format", value, message: `${JSON.stringify(value)} is not a valid ${format}` });
  }
  return candidates;
}
