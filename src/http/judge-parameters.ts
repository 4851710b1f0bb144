import type { StandardSchemaV1 } from "@standard-schema/spec";
import { isPlainObject, setOwn, type JsonObject } from "../internal/own";
import type { EncodedLocation } from "../model/parameter-encoding";
import { schemaIssues } from "./problem";
import { schemaVerdict } from "./schema-call";
import type { Judge, LocationModel } from "./route-model";
import type { RequestIssue } from "./types";

/** A judge's verdict: its output for the part, or its issues. */
type Verdict = { output: unknown } | { issues: RequestIssue[] };

/**
 * One location's values (decoded and coerced, by name) judged by each schema that takes
 * some of them, and the part they make: the route's own schema's output as it is when it
 * judges alone, otherwise each judge's output merged in order (the route's last, so it wins).
 * Synchronous when every schema is (most are): no promise per part.
 */
export function judgeLocation(route: string, place: EncodedLocation, location: LocationModel, values: ReadonlyMap<string, unknown>, issues: RequestIssue[]): unknown {
  const verdicts = location.judges.map((judge) => judged(route, place, judge, values));
  if (verdicts.some((verdict) => verdict instanceof Promise)) return Promise.all(verdicts).then((settled) => partOf(location, settled, issues));
  return partOf(location, verdicts as Verdict[], issues);
}

function partOf(location: LocationModel, verdicts: readonly Verdict[], issues: RequestIssue[]): unknown {
  const part: JsonObject = {};
  verdicts.forEach((verdict, index) => {
    const judge = location.judges[index] as Judge;
    if ("issues" in verdict) for (const issue of verdict.issues) issues.push(issue);
    else if (judge.single) setOwn(part, (judge.parameters[0] as { name: string }).name, verdict.output);
    else if (isPlainObject(verdict.output)) for (const name of Object.keys(verdict.output)) setOwn(part, name, verdict.output[name]);
  });
  return location.whole && verdicts.length === 1 && "output" in (verdicts[0] as Verdict) ? (verdicts[0] as { output: unknown }).output : part;
}

function judged(route: string, place: EncodedLocation, judge: Judge, values: ReadonlyMap<string, unknown>): Verdict | Promise<Verdict> {
  if (judge.single) {
    const parameter = judge.parameters[0] as Judge["parameters"][number];
    if (!values.has(parameter.name)) return parameter.required ? { issues: [{ in: place, name: parameter.name, pointer: "", message: "required" }] } : { output: undefined };
    const part = () => `the ${place} parameter ${JSON.stringify(parameter.name)}'s schema`;
    return run(judge.standard, values.get(parameter.name), route, part, (found) => schemaIssues(place, found, false).map((issue) => ({ ...issue, name: parameter.name })));
  }
  const input: JsonObject = {};
  const missing: RequestIssue[] = [];
  for (const parameter of judge.parameters) {
    if (values.has(parameter.name)) setOwn(input, parameter.name, values.get(parameter.name));
    // Without a schema of the definition's (a parameter a plugin added), the document's `required` is the rule.
    else if (parameter.required && judge.standard === undefined) missing.push({ in: place, name: parameter.name, pointer: "", message: "required" });
  }
  if (missing.length > 0) return { issues: missing };
  return run(judge.standard, input, route, () => `the ${place} parameters' schema`, (found) => {
    const kept = schemaIssues(place, found, true).filter((issue) => issue.name === undefined || !judge.shadowed.has(issue.name));
    // Only the operation's redeclared parameters failed here: the path's schema has nothing to say on the rest.
    return kept.length > 0 ? kept : input;
  });
}

function run(standard: StandardSchemaV1 | undefined, value: unknown, route: string, part: () => string, onIssues: (issues: readonly StandardSchemaV1.Issue[]) => RequestIssue[] | JsonObject): Verdict | Promise<Verdict> {
  if (standard === undefined) return { output: value };
  const verdict = (result: StandardSchemaV1.Result<unknown>): Verdict => {
    if (result.issues === undefined) return { output: result.value };
    const found = onIssues(result.issues);
    return Array.isArray(found) ? { issues: found } : { output: found };
  };
  const result = schemaVerdict(standard, value, route, part);
  return result instanceof Promise ? result.then(verdict) : verdict(result);
}
