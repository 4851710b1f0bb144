/** Each schema check: a before/after pair, and what it gives in a request and in a response. */
type Level = "error" | "warning" | "info";
/** What a direction reports: the check's own id at a level, another check instead, or nothing. */
type Expect = Level | { check: string; level: Level } | null;

const str = { type: "string" };
const int = { type: "integer" };
const strings = { type: "array", items: str };
const closed = { type: "object", properties: { a: str } };
const branch = (title: string, name: string) => ({ type: "object", title, properties: { [name]: str } });
const num = { type: "number" };
/** Branches that say more than their type (a choice of types alone is a list of types). */
const choice = [{ ...str, maxLength: 5 }, { ...int, minimum: 0 }];
/** 3.1: `const` and numeric exclusive bounds are JSON Schema 2020-12's. */
const V31 = "3.1.0";

/** [check, before, after, in a request, in a response, the OpenAPI version of both documents (3.0.3 unless said)]. */
export const SCHEMA_CASES: readonly [string, unknown, unknown, Expect, Expect, string?][] = [
  ["type-changed", str, { type: "boolean" }, "error", "error"],
  ["type-generalized", int, { type: "number" }, "info", "error"],
  ["type-specialized", { type: "number" }, int, { check: "type-changed", level: "error" }, "info"],
  ["became-nullable", str, { ...str, nullable: true }, "info", "error"],
  ["became-not-nullable", { ...str, nullable: true }, str, "error", "info"],
  ["became-enum", str, { ...str, enum: ["a", "b"] }, "error", "info"],
  ["enum-removed", { ...str, enum: ["a", "b"] }, str, "info", "error"],
  ["enum-value-added", { ...str, enum: ["a"] }, { ...str, enum: ["a", "b"] }, "info", "error"],
  ["enum-value-removed", { ...str, enum: ["a", "b"] }, { ...str, enum: ["a"] }, "error", "info"],
  ["min-increased", { ...int, minimum: 1 }, { ...int, minimum: 2 }, "error", "info"],
  ["min-decreased", { ...int, minimum: 2 }, { ...int, minimum: 1 }, "info", "error"],
  ["min-set", int, { ...int, minimum: 1 }, "warning", "info"],
  ["min-unset", { ...int, minimum: 1 }, int, "info", "error"],
  ["max-decreased", { ...int, maximum: 10 }, { ...int, maximum: 5 }, "error", "info"],
  ["max-increased", { ...int, maximum: 5 }, { ...int, maximum: 10 }, "info", "error"],
  ["max-set", int, { ...int, maximum: 10 }, "warning", "info"],
  ["max-unset", { ...int, maximum: 10 }, int, "info", "error"],
  ["min-length-increased", { ...str, minLength: 1 }, { ...str, minLength: 3 }, "error", "info"],
  ["min-length-decreased", { ...str, minLength: 3 }, { ...str, minLength: 1 }, "info", "error"],
  ["min-length-set", str, { ...str, minLength: 1 }, "warning", "info"],
  ["min-length-unset", { ...str, minLength: 1 }, str, "info", "error"],
  ["max-length-decreased", { ...str, maxLength: 10 }, { ...str, maxLength: 5 }, "error", "info"],
  ["max-length-increased", { ...str, maxLength: 5 }, { ...str, maxLength: 10 }, "info", "error"],
  ["max-length-set", str, { ...str, maxLength: 10 }, "warning", "info"],
  ["max-length-unset", { ...str, maxLength: 10 }, str, "info", "error"],
  ["min-items-increased", { ...strings, minItems: 1 }, { ...strings, minItems: 2 }, "error", "info"],
  ["min-items-decreased", { ...strings, minItems: 2 }, { ...strings, minItems: 1 }, "info", "error"],
  ["min-items-set", strings, { ...strings, minItems: 1 }, "warning", "info"],
  ["min-items-unset", { ...strings, minItems: 1 }, strings, "info", "error"],
  ["max-items-decreased", { ...strings, maxItems: 10 }, { ...strings, maxItems: 5 }, "error", "info"],
  ["max-items-increased", { ...strings, maxItems: 5 }, { ...strings, maxItems: 10 }, "info", "error"],
  ["max-items-set", strings, { ...strings, maxItems: 10 }, "warning", "info"],
  ["max-items-unset", { ...strings, maxItems: 10 }, strings, "info", "error"],
  ["exclusive-min-increased", { ...num, exclusiveMinimum: 1 }, { ...num, exclusiveMinimum: 2 }, "error", "info", V31],
  ["exclusive-min-decreased", { ...num, exclusiveMinimum: 2 }, { ...num, exclusiveMinimum: 1 }, "info", "error", V31],
  ["exclusive-min-set", num, { ...num, exclusiveMinimum: 1 }, "warning", "info", V31],
  ["exclusive-min-unset", { ...num, exclusiveMinimum: 1 }, num, "info", "error", V31],
  ["exclusive-max-decreased", { ...num, exclusiveMaximum: 10 }, { ...num, exclusiveMaximum: 5 }, "error", "info", V31],
  ["exclusive-max-increased", { ...num, exclusiveMaximum: 5 }, { ...num, exclusiveMaximum: 10 }, "info", "error", V31],
  ["exclusive-max-set", num, { ...num, exclusiveMaximum: 10 }, "warning", "info", V31],
  ["exclusive-max-unset", { ...num, exclusiveMaximum: 10 }, num, "info", "error", V31],
  ["const-added", str, { ...str, const: "a" }, "error", "info", V31],
  ["const-removed", { ...str, const: "a" }, str, "info", "error", V31],
  ["const-changed", { ...str, const: "a" }, { ...str, const: "b" }, "error", "error", V31],
  ["pattern-added", str, { ...str, pattern: "^a" }, "error", "info"],
  ["pattern-changed", { ...str, pattern: "^a" }, { ...str, pattern: "^b" }, "warning", "info"],
  ["pattern-removed", { ...str, pattern: "^a" }, str, "info", "info"],
  ["additional-properties-disallowed", closed, { ...closed, additionalProperties: false }, "error", "info"],
  ["additional-properties-allowed", { ...closed, additionalProperties: false }, closed, "info", "info"],
  ["one-of-added", { oneOf: choice }, { oneOf: [...choice, strings] }, "info", "error"],
  ["one-of-removed", { oneOf: [...choice, strings] }, { oneOf: choice }, "error", "info"],
  ["any-of-added", { anyOf: choice }, { anyOf: [...choice, strings] }, "info", "error"],
  ["any-of-removed", { anyOf: [...choice, strings] }, { anyOf: choice }, "error", "info"],
  ["wrapped-in-one-of", branch("A", "a"), { oneOf: [branch("A", "a"), branch("B", "b")] }, "error", "error"],
];

