/**
 * `createMerge` options: every option with each of its values, values it must refuse,
 * unknown options, and `prefix`/`pathPrefix` functions that return anything or throw.
 */
import fc from "fast-check";
import { createMerge, merge, type MergeFunction } from "specloom";
import { json, type Json } from "./json-schema";
import { throwKind, throwValue, type ThrowKind } from "./throws";

/** A prefix function: answers per argument index (the last answer repeats), or throws. */
export type FunctionPlan = { answers: Json[] } | { throws: ThrowKind };

export interface OptionsPlan {
  components?: Json;
  operationIds?: Json;
  servers?: Json;
  security?: Json;
  prefix?: FunctionPlan;
  pathPrefix?: FunctionPlan;
  unknown?: Json;
}

/** `undefined`: plain `merge`; `notAnObject`: options that are not an object at all. */
export type MergerPlan = { options: OptionsPlan } | { strict: true } | { notAnObject: Json };

/** An option: absent, one of its values, or (rarely, since it is refused at once) anything else. */
function option(valid: Json[]): fc.Arbitrary<Json | undefined> {
  return fc.oneof({ weight: 10, arbitrary: fc.constant(undefined) }, { weight: 30, arbitrary: fc.constantFrom<Json>(...valid) }, { weight: 1, arbitrary: json });
}

function functionPlan(answers: Json[]): fc.Arbitrary<FunctionPlan | undefined> {
  const answer = fc.oneof({ weight: 20, arbitrary: fc.constantFrom<Json>(...answers) }, { weight: 1, arbitrary: fc.oneof(json, fc.constantFrom<Json>("bad prefix ", "no-slash", "/a b")) });
  return fc.oneof(
    { weight: 20, arbitrary: fc.constant(undefined) },
    { weight: 20, arbitrary: fc.array(answer, { minLength: 1, maxLength: 3 }).map((list) => ({ answers: list })) },
    { weight: 1, arbitrary: throwKind.map((kind) => ({ throws: kind })) },
  );
}

export const optionsPlan: fc.Arbitrary<OptionsPlan> = fc
  .record({
    components: option(["error", "share-identical", "rename"]),
    operationIds: option(["error", "rename"]),
    servers: option(["base", "per-path"]),
    security: option(["base", "per-operation"]),
    prefix: functionPlan(["P_", "Q.", "__proto__", "constructor_", "x-"]),
    pathPrefix: functionPlan(["/v2", "/b", "", "/__proto__", "/", "/a/", "/constructor"]),
    unknown: fc.oneof({ weight: 30, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: json }),
  })
  .map((plan) => Object.fromEntries(Object.entries(plan).filter(([, value]) => value !== undefined)) as OptionsPlan);

export const mergerPlan: fc.Arbitrary<MergerPlan> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<MergerPlan>({ strict: true }) },
  { weight: 12, arbitrary: optionsPlan.map((options) => ({ options })) },
  { weight: 1, arbitrary: json.map((notAnObject) => ({ notAnObject })) },
);

function buildFunction(plan: FunctionPlan): (document: unknown, index: number) => unknown {
  return (_document, index) => {
    if ("throws" in plan) throwValue(plan.throws);
    return structuredClone(plan.answers[Math.min(index, plan.answers.length - 1)]);
  };
}

/** The options object the plan stands for (for the snapshot) and how to make the merge function. */
export function buildMerger(plan: MergerPlan): { options: unknown; make: () => MergeFunction } {
  if ("strict" in plan) return { options: undefined, make: () => merge };
  if ("notAnObject" in plan) {
    const options = structuredClone(plan.notAnObject);
    return { options, make: () => createMerge(options as never) };
  }
  const options: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(plan.options)) {
    if (key === "prefix" || key === "pathPrefix") options[key] = buildFunction(entry as FunctionPlan);
    else if (key === "unknown") options.renameAll = structuredClone(entry);
    else options[key] = structuredClone(entry);
  }
  return { options, make: () => createMerge(options as never) };
}
