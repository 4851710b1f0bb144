import type { JsonObject } from "../internal/own";
import type { Compiler } from "./compiler";
import { markItems } from "./evaluated";
import { child, fail, type Check } from "./types";
import { uniqueKey } from "./unique-key";

/** The keywords about an array's items (2020-12's `prefixItems`/`items`, and the older tuple `items` with `additionalItems`). */
export function arrayKeywords(schema: JsonObject, compiler: Compiler): Check[] {
  const checks: Check[] = [];
  const tuple = Array.isArray(schema.items);
  const prefix = tuple ? (schema.items as unknown[]) : schema.prefixItems;
  if (prefix !== undefined && !Array.isArray(prefix)) compiler.refuse("prefixItems", "expected an array of schemas");
  const keyword = tuple ? "items" : "prefixItems";
  const leading = (prefix ?? []).map((node, index) => compiler.sub(node, `${keyword}/${index}`));
  const restNode = tuple ? schema.additionalItems : schema.items;
  const rest = restNode === undefined ? undefined : compiler.sub(restNode, tuple ? "additionalItems" : "items");
  if (leading.length > 0 || rest !== undefined) checks.push(itemsCheck(leading, rest));
  if (schema.contains !== undefined) checks.push(containsCheck(schema, compiler));
  for (const [name, holds, words] of [
    ["minItems", (count: number, limit: number) => count >= limit, "at least"],
    ["maxItems", (count: number, limit: number) => count <= limit, "at most"],
  ] as const) {
    const limit = count(schema, name, compiler);
    if (limit !== undefined) checks.push((value, out, at) => !Array.isArray(value) || holds(value.length, limit) || fail(out, at, `expected ${words} ${limit} item${limit === 1 ? "" : "s"}, found ${value.length}`));
  }
  if (schema.uniqueItems === true) checks.push(uniqueCheck);
  return checks;
}

function count(schema: JsonObject, keyword: string, compiler: Compiler): number | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) compiler.refuse(keyword, "expected a whole number");
  return value;
}

function itemsCheck(leading: readonly Check[], rest: Check | undefined): Check {
  return (value, out, at, ev) => {
    if (!Array.isArray(value)) return true;
    let ok = true;
    const end = rest === undefined ? Math.min(leading.length, value.length) : value.length;
    for (let index = 0; index < end; index++) {
      const check = index < leading.length ? (leading[index] as Check) : (rest as Check);
      if (check(value[index], out, child(at, index, out), undefined)) continue;
      ok = false;
      if (out === undefined) return false;
    }
    if (ev !== undefined) markItems(ev, rest === undefined ? end : true);
    return ok;
  };
}

function containsCheck(schema: JsonObject, compiler: Compiler): Check {
  const contains = compiler.sub(schema.contains, "contains");
  const min = count(schema, "minContains", compiler) ?? 1;
  const max = count(schema, "maxContains", compiler);
  return (value, out, at, ev) => {
    if (!Array.isArray(value)) return true;
    let found = 0;
    for (let index = 0; index < value.length; index++) {
      if (!contains(value[index], undefined, undefined, undefined)) continue;
      found++;
      if (ev !== undefined) (ev.matched ??= new Set()).add(index);
    }
    if (found < min) return fail(out, at, `expected at least ${min} item${min === 1 ? "" : "s"} matching "contains", found ${found}`);
    return max === undefined || found <= max || fail(out, at, `expected at most ${max} items matching "contains", found ${found}`);
  };
}

/** Each item's canonical key in a set: linear, where comparing pairs would be quadratic in what the value holds. */
const uniqueCheck: Check = (value, out, at) => {
  if (!Array.isArray(value)) return true;
  const seen = new Map<string, number>();
  for (let index = 0; index < value.length; index++) {
    const key = uniqueKey(value[index]);
    const first = seen.get(key);
    if (first !== undefined) return fail(out, child(at, index, out), `repeats item ${first} (the items must be unique)`);
    seen.set(key, index);
  }
  return true;
};
