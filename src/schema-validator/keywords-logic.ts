import type { JsonObject } from "../internal/own";
import type { Compiler } from "./compiler";
import { evaluated, inPlace, mergeEvaluated } from "./evaluated";
import { fail, type At, type Check, type Evaluated, type SchemaIssue } from "./types";

/** The in-place applicators: `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`. */
export function logicKeywords(schema: JsonObject, compiler: Compiler): Check[] {
  const checks: Check[] = [];
  const list = (keyword: string) => {
    const value = schema[keyword];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.length === 0) compiler.refuse(keyword, "expected a non-empty array of schemas");
    return value.map((node, index) => compiler.inPlace(node, `${keyword}/${index}`));
  };
  const all = list("allOf");
  if (all !== undefined) checks.push(allOfCheck(all));
  const any = list("anyOf");
  if (any !== undefined) checks.push(anyOfCheck(any));
  const one = list("oneOf");
  if (one !== undefined) checks.push(oneOfCheck(one));
  if (schema.not !== undefined) {
    const not = compiler.inPlace(schema.not, "not");
    checks.push((value, out, at) => !not(value, undefined, undefined, undefined) || fail(out, at, 'matches the schema of "not"'));
  }
  if (schema.if !== undefined) checks.push(conditionalCheck(schema, compiler));
  return checks;
}

function allOfCheck(branches: readonly Check[]): Check {
  return (value, out, at, ev) => {
    let ok = true;
    for (const branch of branches) {
      if (inPlace(branch, value, out, at, ev)) continue;
      ok = false;
      if (out === undefined) return false;
    }
    return ok;
  };
}

/** The issues of the branch that came closest (fewest issues), under a line saying none matched. */
function noneMatched(branches: readonly Check[], keyword: string, value: unknown, out: SchemaIssue[] | undefined, at: At | undefined): false {
  if (out === undefined) return false;
  let closest: SchemaIssue[] | undefined;
  for (const branch of branches) {
    const issues: SchemaIssue[] = [];
    branch(value, issues, at, undefined);
    if (closest === undefined || issues.length < closest.length) closest = issues;
  }
  fail(out, at, `matches none of the ${branches.length} schemas of "${keyword}"`);
  for (const issue of closest ?? []) out.push(issue);
  return false;
}

function anyOfCheck(branches: readonly Check[]): Check {
  return (value, out, at, ev) => {
    let ok = false;
    for (const branch of branches) {
      if (ev === undefined) {
        if (branch(value, undefined, undefined, undefined)) return true;
        continue;
      }
      // Every branch that holds adds what it evaluated.
      if (inPlace(branch, value, undefined, undefined, ev)) ok = true;
    }
    return ok || noneMatched(branches, "anyOf", value, out, at);
  };
}

function oneOfCheck(branches: readonly Check[]): Check {
  return (value, out, at, ev) => {
    const held: number[] = [];
    let own: Evaluated | undefined;
    for (let index = 0; index < branches.length; index++) {
      const mark = ev === undefined ? undefined : evaluated();
      if (!(branches[index] as Check)(value, undefined, undefined, mark)) continue;
      held.push(index);
      own = mark;
    }
    if (held.length === 1) {
      if (ev !== undefined && own !== undefined) mergeEvaluated(ev, own);
      return true;
    }
    if (held.length === 0) return noneMatched(branches, "oneOf", value, out, at);
    return fail(out, at, `matches more than one of the schemas of "oneOf" (${held.join(", ")})`);
  };
}

function conditionalCheck(schema: JsonObject, compiler: Compiler): Check {
  const test = compiler.inPlace(schema.if, "if");
  const then = schema.then === undefined ? undefined : compiler.inPlace(schema.then, "then");
  const otherwise = schema.else === undefined ? undefined : compiler.inPlace(schema.else, "else");
  return (value, out, at, ev) => {
    const held = inPlace(test, value, undefined, undefined, ev);
    const next = held ? then : otherwise;
    return next === undefined || inPlace(next, value, out, at, ev);
  };
}
