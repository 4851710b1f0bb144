import { deepEqual } from "../internal/equal";
import { getOwn, isObject, type JsonObject } from "../internal/own";
import type { Compiler } from "./compiler";
import { formatCheck } from "./formats";
import { fail, kindOf, type Check } from "./types";

/**
 * The keywords about one value: `type` (with 3.0's `nullable`), `enum`, `const`, the
 * numeric bounds (3.0's boolean exclusive ones too), string length, `pattern`, `format`.
 */
export function valueKeywords(schema: JsonObject, compiler: Compiler): Check[] {
  const checks: Check[] = [];
  // One closure for a typed string or number and its keywords (the common case, and the fast one).
  const fused = schema.type === "string" ? fuse("a string", (value) => typeof value === "string", stringChecks(schema, compiler)) : schema.type === "integer" || schema.type === "number" ? fuse(`${schema.type === "integer" ? "an integer" : "a number"}`, TYPE_TEST[schema.type] as (value: unknown) => boolean, numberChecks(schema, compiler)) : undefined;
  if (fused !== undefined) checks.push(fused);
  // A typed object with properties: its type is checked with them (keywords-objects.ts).
  else if (!(schema.type === "object" && isObject(schema.properties))) {
    const type = typeCheck(schema, compiler);
    if (type !== undefined) checks.push(type);
    checks.push(...numberChecks(schema, compiler), ...stringChecks(schema, compiler));
  }
  if ("enum" in schema) checks.push(enumCheck(schema.enum, compiler));
  if ("const" in schema) checks.push(constCheck(schema.const));
  return checks;
}

/** A type test and the keywords of that type in one closure: the keywords run only on a value of the type. */
function fuse(expected: string, test: (value: unknown) => boolean, keywords: readonly Check[]): Check {
  const message = (value: unknown) => `expected ${expected}, found ${kindOf(value)}`;
  if (keywords.length === 0) return (value, out, at) => test(value) || fail(out, at, message(value));
  if (keywords.length === 1) {
    const only = keywords[0] as Check;
    return (value, out, at, ev) => (test(value) ? only(value, out, at, ev) : fail(out, at, message(value)));
  }
  return (value, out, at, ev) => {
    if (!test(value)) return fail(out, at, message(value));
    let ok = true;
    for (const keyword of keywords) {
      if (keyword(value, out, at, ev)) continue;
      ok = false;
      if (out === undefined) return false;
    }
    return ok;
  };
}

const TYPE_TEST: Readonly<Record<string, (value: unknown) => boolean>> = {
  string: (value) => typeof value === "string",
  number: (value) => typeof value === "number" && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === "boolean",
  null: (value) => value === null,
  array: (value) => Array.isArray(value),
  object: (value) => value !== null && typeof value === "object" && !Array.isArray(value),
};

function typeCheck(schema: JsonObject, compiler: Compiler): Check | undefined {
  const written = schema.type;
  if (written === undefined) return undefined;
  const names = Array.isArray(written) ? written : [written];
  const tests: ((value: unknown) => boolean)[] = [];
  for (const name of names) {
    const test = typeof name === "string" ? getOwn(TYPE_TEST, name) : undefined;
    if (typeof test !== "function") compiler.refuse("type", `${JSON.stringify(name)} is not a JSON Schema type`);
    tests.push(test as (value: unknown) => boolean);
  }
  const expected = names.map((name) => (name === "null" ? "null" : `${/^[aeiou]/.test(String(name)) ? "an" : "a"} ${String(name)}`)).join(" or ");
  if (tests.length === 1) {
    const test = tests[0] as (value: unknown) => boolean;
    return (value, out, at) => test(value) || fail(out, at, `expected ${expected}, found ${kindOf(value)}`);
  }
  return (value, out, at) => tests.some((test) => test(value)) || fail(out, at, `expected ${expected}, found ${kindOf(value)}`);
}

function listed(values: readonly unknown[]): string {
  const shown = values.slice(0, 6).map((value) => JSON.stringify(value)).join(", ");
  return values.length > 6 ? `${shown}, ...` : shown;
}

function enumCheck(values: unknown, compiler: Compiler): Check {
  if (!Array.isArray(values)) compiler.refuse("enum", "expected an array");
  const scalars = new Set(values.filter((value) => value === null || typeof value !== "object"));
  const structured = values.filter((value) => value !== null && typeof value === "object");
  const message = `expected one of ${listed(values)}`;
  return (value, out, at) => {
    if (value === null || typeof value !== "object") return scalars.has(value) || fail(out, at, message);
    return structured.some((entry) => deepEqual(entry, value)) || fail(out, at, message);
  };
}

function constCheck(expected: unknown): Check {
  const message = `expected ${JSON.stringify(expected)}`;
  if (expected === null || typeof expected !== "object") return (value, out, at) => value === expected || fail(out, at, message);
  return (value, out, at) => deepEqual(expected, value) || fail(out, at, message);
}

function bound(schema: JsonObject, compiler: Compiler, keyword: string): number | undefined {
  const value = schema[keyword];
  if (value === undefined || typeof value === "boolean") return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) compiler.refuse(keyword, "expected a number");
  return value;
}

function numberChecks(schema: JsonObject, compiler: Compiler): Check[] {
  const checks: Check[] = [];
  const add = (keyword: string, holds: (value: number, limit: number) => boolean, words: string, limit = bound(schema, compiler, keyword)) => {
    if (limit === undefined) return;
    checks.push((value, out, at) => typeof value !== "number" || holds(value, limit) || fail(out, at, `expected a number ${words} ${limit}, found ${value}`));
  };
  // 3.0 (JSON Schema draft 4): `exclusiveMaximum: true` makes `maximum` exclusive.
  const exclusive = (keyword: string) => compiler.dialect.openapi30 && schema[keyword] === true;
  if (exclusive("exclusiveMinimum")) add("minimum", (v, l) => v > l, "above");
  else add("minimum", (v, l) => v >= l, "at least");
  if (exclusive("exclusiveMaximum")) add("maximum", (v, l) => v < l, "below");
  else add("maximum", (v, l) => v <= l, "at most");
  add("exclusiveMinimum", (v, l) => v > l, "above");
  add("exclusiveMaximum", (v, l) => v < l, "below");
  const step = bound(schema, compiler, "multipleOf");
  if (step !== undefined) {
    if (step <= 0) compiler.refuse("multipleOf", "expected a number above 0");
    checks.push((value, out, at) => typeof value !== "number" || isMultiple(value, step) || fail(out, at, `expected a multiple of ${step}, found ${value}`));
  }
  return checks;
}

/** Whether `value / step` is whole, allowing the rounding of binary fractions (0.3 / 0.1). */
function isMultiple(value: number, step: number): boolean {
  const quotient = value / step;
  return Number.isInteger(quotient) || Math.abs(quotient - Math.round(quotient)) < 1e-9 * Math.max(1, Math.abs(quotient));
}

/** Length in code points, as JSON Schema counts it (a surrogate pair is one character). */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

function stringChecks(schema: JsonObject, compiler: Compiler): Check[] {
  const checks: Check[] = [];
  const min = bound(schema, compiler, "minLength");
  const max = bound(schema, compiler, "maxLength");
  const plural = (n: number) => `${n} character${n === 1 ? "" : "s"}`;
  // `length` counts UTF-16 units, never fewer than code points: count only when it cannot decide.
  if (min !== undefined) checks.push((value, out, at) => typeof value !== "string" || value.length >= 2 * min || codePoints(value) >= min || fail(out, at, `expected at least ${plural(min)}`));
  if (max !== undefined) checks.push((value, out, at) => typeof value !== "string" || value.length <= max || codePoints(value) <= max || fail(out, at, `expected at most ${plural(max)}`));
  if (schema.pattern !== undefined) {
    const regex = compiler.regex(schema.pattern, "pattern");
    checks.push((value, out, at) => typeof value !== "string" || regex.test(value) || fail(out, at, `does not match the pattern ${regex.source}`));
  }
  if (typeof schema.format === "string") {
    const check = formatCheck(schema.format);
    if (check !== undefined) checks.push(check);
  }
  return checks;
}
