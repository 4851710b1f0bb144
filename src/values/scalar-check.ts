/**
 * Which of its own keywords a value breaks, for the keywords that read the value alone
 * (type, enum, bounds, multipleOf, lengths, pattern, format) and the counts of arrays and
 * objects. Not a validator: the children of arrays and objects are not read. The generator
 * uses it to keep a value that must break one rule from breaking two.
 */
import { canonicalJson } from "../internal/canonical-json";
import { getOwn, hasOwn } from "../internal/own";
import type { Conj, JsonType } from "./conjunction";
import { isOfFormat } from "./formats";

const patterns = new Map<string, RegExp | null>();

/** A pattern as JSON Schema reads it (ECMA-262, Unicode); null when it does not compile. */
export function patternRegExp(pattern: string): RegExp | null {
  let regex = patterns.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, "u");
    } catch {
      try {
        regex = new RegExp(pattern);
      } catch {
        regex = null;
      }
    }
    patterns.set(pattern, regex);
  }
  return regex;
}

/** JSON Schema counts a string's length in code points. */
export function codePoints(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** The JSON type of a value as JSON Schema names it (a whole number is an integer). */
export function typeOf(value: unknown): JsonType | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "number":
      return Number.isFinite(value) ? (Number.isInteger(value) ? "integer" : "number") : undefined;
    case "string":
      return "string";
    case "object":
      return "object";
    default:
      return undefined;
  }
}

/** Whether `type` admits `value` (an integer is a number too). */
export function admits(type: JsonType, value: unknown): boolean {
  const own = typeOf(value);
  return own === type || (type === "number" && own === "integer");
}

/** `value / divisor` is a whole number, computed as strict validators compute it. */
export function isMultiple(value: number, divisor: number): boolean {
  return Number.isInteger(value / divisor);
}

const enums = new WeakMap<readonly unknown[], ReadonlySet<string>>();

/** An enum's values as canonical JSON, made once per enum: a 200,000-value enum is checked in one lookup. */
function enumKeys(values: readonly unknown[]): ReadonlySet<string> {
  let keys = enums.get(values);
  if (keys === undefined) enums.set(values, (keys = new Set(values.map(canonicalJson))));
  return keys;
}

/** The keywords of `conj` that `value` breaks (its own level only); empty when none. */
export function brokenKeywords(value: unknown, conj: Conj, types: ReadonlySet<JsonType> | undefined): string[] {
  const broken: string[] = [];
  if (types !== undefined && ![...types].some((type) => admits(type, value))) broken.push("type");
  if (conj.enum !== undefined && !enumKeys(conj.enum).has(canonicalJson(value))) broken.push(conj.enumKeyword);
  if (typeof value === "number") numberKeywords(value, conj, broken);
  else if (typeof value === "string") stringKeywords(value, conj, broken);
  else if (Array.isArray(value)) arrayKeywords(value, conj, broken);
  else if (value !== null && typeof value === "object") objectKeywords(value as Record<string, unknown>, conj, broken);
  return broken;
}

function numberKeywords(value: number, conj: Conj, broken: string[]): void {
  const { minimum, maximum } = conj;
  if (minimum !== undefined && (value < minimum.value || (minimum.exclusive && value === minimum.value))) broken.push(minimum.exclusive ? "exclusiveMinimum" : "minimum");
  if (maximum !== undefined && (value > maximum.value || (maximum.exclusive && value === maximum.value))) broken.push(maximum.exclusive ? "exclusiveMaximum" : "maximum");
  if (conj.multipleOf.some((divisor) => !isMultiple(value, divisor))) broken.push("multipleOf");
}

function stringKeywords(value: string, conj: Conj, broken: string[]): void {
  const length = codePoints(value);
  if (length < conj.minLength) broken.push("minLength");
  if (conj.maxLength !== undefined && length > conj.maxLength) broken.push("maxLength");
  if (conj.patterns.some((pattern) => patternRegExp(pattern)?.test(value) === false)) broken.push("pattern");
  if (conj.formats.some((format) => !isOfFormat(format, value))) broken.push("format");
}

function arrayKeywords(value: readonly unknown[], conj: Conj, broken: string[]): void {
  if (value.length < conj.minItems) broken.push("minItems");
  if (conj.maxItems !== undefined && value.length > conj.maxItems) broken.push("maxItems");
  if (conj.uniqueItems && new Set(value.map(canonicalJson)).size !== value.length) broken.push("uniqueItems");
}

function objectKeywords(value: Record<string, unknown>, conj: Conj, broken: string[]): void {
  const names = Object.keys(value);
  if ([...conj.required].some((name) => !hasOwn(value, name))) broken.push("required");
  if (names.length < conj.minProperties) broken.push("minProperties");
  if (conj.maxProperties !== undefined && names.length > conj.maxProperties) broken.push("maxProperties");
  for (const rule of conj.additional) {
    if (rule.schema !== false) continue;
    const extra = names.some((name) => !rule.declared.has(name) && !rule.patterns.some((pattern) => patternRegExp(pattern)?.test(name)));
    if (extra) broken.push("additionalProperties");
  }
  for (const [name, others] of conj.dependentRequired) {
    if (hasOwn(value, name) && [...others].some((other) => getOwn(value, other) === undefined && !hasOwn(value, other))) broken.push("dependentRequired");
  }
}
