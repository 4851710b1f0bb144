import { encodeSegment } from "../internal/json-pointer";
import { hasOwn, isObject, type JsonObject } from "../internal/own";
import type { Compiler } from "./compiler";
import { inPlace, markProperty } from "./evaluated";
import { shapeCheck } from "./object-shape";
import { child, fail, type Check } from "./types";

const isRecord = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);

/** The keywords about an object's properties. */
export function objectKeywords(schema: JsonObject, compiler: Compiler): Check[] {
  const checks: Check[] = [];
  const properties = mapOf(schema, "properties", compiler);
  const patterns = patternsOf(schema, compiler);
  const required = schema.required === undefined ? [] : requiredNames(schema, compiler);
  const additional = schema.additionalProperties;
  if (isObject(schema.properties) && patterns.length === 0 && (additional === undefined || additional === false || isObject(additional))) {
    // The usual object: its type, properties, required names and what else it allows, in one pass.
    const rest = additional === undefined || additional === false ? additional : compiler.sub(additional, "additionalProperties");
    checks.push(shapeCheck(schema.type === "object", properties, required, rest));
  } else {
    if (properties.length > 0) checks.push(propertiesCheck(properties));
    if (required.length > 0) checks.push(requiredCheck(required));
    if (patterns.length > 0) checks.push(patternsCheck(patterns));
    if (additional !== undefined) checks.push(additionalCheck(additional, new Set(properties.map(([name]) => name)), patterns, compiler));
  }
  countChecks(schema, compiler, checks);
  if (schema.propertyNames !== undefined) {
    const names = compiler.sub(schema.propertyNames, "propertyNames");
    checks.push((value, out, at) => !isRecord(value) || eachKey(value, (key) => names(key, out, child(at, key, out), undefined), out));
  }
  if (isObject(schema.dependentRequired)) checks.push(dependentRequired(schema.dependentRequired, compiler));
  if (isObject(schema.dependentSchemas)) {
    const dependents = mapOf(schema, "dependentSchemas", compiler, true);
    checks.push((value, out, at, ev) => {
      if (!isRecord(value)) return true;
      let ok = true;
      for (const [name, check] of dependents) {
        if (!hasOwn(value, name) || inPlace(check, value, out, at, ev)) continue;
        ok = false;
        if (out === undefined) return false;
      }
      return ok;
    });
  }
  return checks;
}

type Entry = readonly [string, Check];

function mapOf(schema: JsonObject, keyword: string, compiler: Compiler, sameValue = false): Entry[] {
  const map = schema[keyword];
  if (map === undefined) return [];
  if (!isObject(map)) compiler.refuse(keyword, "expected an object of schemas");
  return Object.keys(map).map((name) => [name, sameValue ? compiler.inPlace(map[name], `${keyword}/${encodeSegment(name)}`) : compiler.sub(map[name], `${keyword}/${encodeSegment(name)}`)]);
}

function patternsOf(schema: JsonObject, compiler: Compiler): (readonly [RegExp, Check])[] {
  return mapOf(schema, "patternProperties", compiler).map(([pattern, check]) => [compiler.regex(pattern, `patternProperties/${encodeSegment(pattern)}`), check]);
}

/** `every` over the keys that collects all failures when `out` is given. */
function eachKey(value: JsonObject, test: (key: string) => boolean, out: unknown): boolean {
  let ok = true;
  for (const key of Object.keys(value)) {
    if (test(key)) continue;
    ok = false;
    if (out === undefined) return false;
  }
  return ok;
}

function propertiesCheck(entries: readonly Entry[]): Check {
  return (value, out, at, ev) => {
    if (!isRecord(value)) return true;
    let ok = true;
    for (const [name, check] of entries) {
      if (!hasOwn(value, name)) continue;
      if (ev !== undefined) markProperty(ev, name);
      if (check(value[name], out, child(at, name, out), undefined)) continue;
      ok = false;
      if (out === undefined) return false;
    }
    return ok;
  };
}

function patternsCheck(patterns: readonly (readonly [RegExp, Check])[]): Check {
  return (value, out, at, ev) =>
    !isRecord(value) ||
    eachKey(value, (key) => {
      let ok = true;
      for (const [regex, check] of patterns) {
        if (!regex.test(key)) continue;
        if (ev !== undefined) markProperty(ev, key);
        ok = check(value[key], out, child(at, key, out), undefined) && ok;
      }
      return ok;
    }, out);
}

function additionalCheck(node: unknown, declared: ReadonlySet<string>, patterns: readonly (readonly [RegExp, Check])[], compiler: Compiler): Check {
  const extra = (key: string) => !declared.has(key) && !patterns.some(([regex]) => regex.test(key));
  if (node === false) {
    return (value, out, at, ev) => {
      if (!isRecord(value)) return true;
      if (ev !== undefined) ev.props = true;
      return eachKey(value, (key) => !extra(key) || fail(out, child(at, key, out), "is not a property the schema allows"), out);
    };
  }
  const check = compiler.sub(node, "additionalProperties");
  return (value, out, at, ev) => {
    if (!isRecord(value)) return true;
    if (ev !== undefined) ev.props = true;
    return eachKey(value, (key) => !extra(key) || check(value[key], out, child(at, key, out), undefined), out);
  };
}

/** `required`, less what does not travel this way: a `readOnly` property in a request, a `writeOnly` one in a response. */
function requiredNames(schema: JsonObject, compiler: Compiler): string[] {
  if (!Array.isArray(schema.required) || !schema.required.every((name) => typeof name === "string")) compiler.refuse("required", "expected an array of property names");
  const skipped = compiler.dialect.direction === "request" ? "readOnly" : "writeOnly";
  const properties = isObject(schema.properties) ? schema.properties : {};
  return (schema.required as string[]).filter((name) => !hasOwn(properties, name) || compiler.target(properties[name])?.[skipped] !== true);
}

function requiredCheck(names: readonly string[]): Check {
  return (value, out, at) => {
    if (!isRecord(value)) return true;
    let ok = true;
    for (const name of names) {
      if (hasOwn(value, name)) continue;
      ok = fail(out, child(at, name, out), "required");
      if (out === undefined) return false;
    }
    return ok;
  };
}

function countChecks(schema: JsonObject, compiler: Compiler, checks: Check[]): void {
  for (const [keyword, holds, words] of [
    ["minProperties", (count: number, limit: number) => count >= limit, "at least"],
    ["maxProperties", (count: number, limit: number) => count <= limit, "at most"],
  ] as const) {
    const limit = schema[keyword];
    if (limit === undefined) continue;
    if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 0) compiler.refuse(keyword, "expected a whole number");
    checks.push((value, out, at) => !isRecord(value) || holds(Object.keys(value).length, limit) || fail(out, at, `expected ${words} ${limit} properties`));
  }
}

function dependentRequired(map: JsonObject, compiler: Compiler): Check {
  const entries: [string, string[]][] = [];
  for (const name of Object.keys(map)) {
    const list = map[name];
    if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) compiler.refuse(`dependentRequired/${encodeSegment(name)}`, "expected an array of property names");
    entries.push([name, list as string[]]);
  }
  return (value, out, at) => {
    if (!isRecord(value)) return true;
    let ok = true;
    for (const [name, needed] of entries) {
      if (!hasOwn(value, name)) continue;
      for (const other of needed) if (!hasOwn(value, other)) ok = fail(out, child(at, other, out), `required when ${JSON.stringify(name)} is present`);
      if (!ok && out === undefined) return false;
    }
    return ok;
  };
}
