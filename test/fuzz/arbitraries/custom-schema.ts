/**
 * Custom Standard JSON Schema objects: the `~standard.jsonSchema` converter answers a
 * hostile tree, answers the same object on every call (so a change to it would show),
 * throws, throws only for the `"openapi-3.0"` target, or returns something that is not
 * an object.
 */
import fc from "fast-check";
import type { StandardJSONSchemaV1 } from "specloom";
import { FUZZ_VENDOR } from "../support/inputs";
import { bigSchema, expandSchema, json, jsonSchema, type Json } from "./json-schema";
import { throwKind, throwValue, type ThrowKind } from "./throws";

export type CustomPlan =
  | { answer: Json; mode: "fresh" | "shared" | "no-openapi-3.0" }
  | { answer: Json; mode: "not-an-object" }
  | { mode: "throws"; thrown: ThrowKind };

export const customPlan: fc.Arbitrary<CustomPlan> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ answer: jsonSchema, mode: fc.constantFrom("fresh" as const, "shared" as const, "no-openapi-3.0" as const) }) },
  { weight: 1, arbitrary: fc.record({ answer: bigSchema, mode: fc.constant("fresh" as const) }) },
  { weight: 1, arbitrary: fc.record({ answer: fc.oneof(json, fc.constant<Json>(null)), mode: fc.constant("not-an-object" as const) }) },
  { weight: 1, arbitrary: fc.record({ mode: fc.constant("throws" as const), thrown: throwKind }) },
);

/** A new Standard JSON Schema object behaving as the plan says. */
export function customSchema(plan: CustomPlan): StandardJSONSchemaV1 {
  const shared = plan.mode === "throws" ? undefined : expandSchema(plan.answer);
  const convert = (options: { target: string }): Record<string, unknown> => {
    if (plan.mode === "throws") throwValue(plan.thrown);
    if (plan.mode === "no-openapi-3.0" && options.target === "openapi-3.0") throw new Error(`target ${options.target} is not supported`);
    return (plan.mode === "shared" ? shared : expandSchema(plan.answer)) as Record<string, unknown>;
  };
  const standard = { version: 1, vendor: FUZZ_VENDOR, validate: (value: unknown) => ({ value }), jsonSchema: { input: convert, output: convert } };
  // The shared answer is reachable from the schema object, so the input snapshot covers it.
  const schema = plan.mode === "shared" ? { "~standard": standard, answer: shared } : { "~standard": standard };
  return schema as unknown as StandardJSONSchemaV1;
}
