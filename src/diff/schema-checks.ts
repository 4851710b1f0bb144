/**
 * The checks of one schema's own keywords: type and format, nullable, enum, bounds, pattern,
 * additionalProperties. Each narrows or widens what the schema allows; its level in a request
 * and in a response is in ./levels.ts.
 */
import { canonicalJson } from "../internal/canonical-json";
import { quote } from "./context";
import { reportSchema, type FramePair } from "./schema-pair";
import type { Bound, BoundName, SchemaView } from "./schema-view";

export function keywordChecks(pair: FramePair): void {
  checkType(pair);
  checkNullable(pair);
  checkEnum(pair);
  checkBounds(pair);
  checkPattern(pair);
  checkAdditionalProperties(pair);
}

const typeText = (view: SchemaView) => (view.types === undefined ? "any type" : view.types.join(" or ")) + (view.format === undefined ? "" : ` (${view.format})`);

/** Whether every value of `narrow` is one of `wide` (an integer is a number). */
function within(narrow: readonly string[], wide: readonly string[]): boolean {
  return narrow.every((type) => wide.includes(type) || (type === "integer" && wide.includes("number")));
}

export function checkType(pair: FramePair): void {
  const { before, after } = pair;
  const sameTypes = before.types?.join() === after.types?.join();
  if (sameTypes && before.format === after.format) return;
  const message = `the type changed from ${typeText(before)} to ${typeText(after)}`;
  const formatKept = before.format === after.format || after.format === undefined;
  const widened = after.types === undefined || (before.types !== undefined && within(before.types, after.types));
  const narrowed = before.types === undefined || (after.types !== undefined && within(after.types, before.types));
  if (widened && formatKept) reportSchema(pair, "type-generalized", "after", message);
  else if (narrowed && (before.format === after.format || before.format === undefined) && pair.walk.direction === "response") reportSchema(pair, "type-specialized", "after", message);
  else reportSchema(pair, "type-changed", "after", message);
}

export function checkNullable(pair: FramePair): void {
  if (pair.before.nullable === pair.after.nullable) return;
  if (pair.after.nullable) reportSchema(pair, "became-nullable", "after", "null is now allowed");
  else reportSchema(pair, "became-not-nullable", "after", "null is no longer allowed");
}

export function checkEnum(pair: FramePair): void {
  const [before, after] = [pair.before.enum, pair.after.enum];
  if (before === undefined && after === undefined) return;
  if (before === undefined) return reportSchema(pair, "became-enum", "after", `only ${(after as readonly unknown[]).map(quote).join(", ")} are now allowed`);
  if (after === undefined) return reportSchema(pair, "enum-removed", "after", "the enum was removed: any value of the type is now allowed");
  // The common case, the same values in the same order, needs no sets.
  if (before.length === after.length && before.every((value, i) => value === after[i])) return;
  const keys = (values: readonly unknown[]) => new Map(values.map((value) => [canonicalJson(value), value]));
  const [b, a] = [keys(before), keys(after)];
  for (const [key, value] of a) if (!b.has(key)) reportSchema(pair, "enum-value-added", "after", `the value ${quote(value)} was added to the enum`);
  for (const [key, value] of b) if (!a.has(key)) reportSchema(pair, "enum-value-removed", "after", `the value ${quote(value)} was removed from the enum`);
}

const KEYWORDS: Readonly<Record<BoundName, string>> = {
  min: "minimum", max: "maximum", "min-length": "minLength", "max-length": "maxLength", "min-items": "minItems", "max-items": "maxItems",
};

const boundText = (bound: Bound) => `${bound.value}${bound.exclusive ? " (exclusive)" : ""}`;

export function checkBounds(pair: FramePair): void {
  for (const name of Object.keys(KEYWORDS) as BoundName[]) {
    const [before, after] = [pair.before.bounds[name], pair.after.bounds[name]];
    const keyword = KEYWORDS[name];
    if (before === undefined && after === undefined) continue;
    if (before === undefined) reportSchema(pair, `${name}-set`, "after", `${keyword} ${boundText(after as Bound)} was set`);
    else if (after === undefined) reportSchema(pair, `${name}-unset`, "after", `${keyword} ${boundText(before)} was removed`);
    else {
      const lower = name.startsWith("min");
      const delta = (after.value - before.value) * (lower ? 1 : -1) || Number(after.exclusive) - Number(before.exclusive);
      if (delta === 0) continue;
      const moved = after.value > before.value || (after.value === before.value && (lower ? after.exclusive : before.exclusive)) ? "increased" : "decreased";
      reportSchema(pair, `${name}-${moved}`, "after", `${keyword} changed from ${boundText(before)} to ${boundText(after)}`);
    }
  }
}

export function checkPattern(pair: FramePair): void {
  const [before, after] = [pair.before.pattern, pair.after.pattern];
  if (before === after) return;
  if (before === undefined) reportSchema(pair, "pattern-added", "after", `the pattern ${quote(after)} was added`);
  else if (after === undefined) reportSchema(pair, "pattern-removed", "after", `the pattern ${quote(before)} was removed`);
  else reportSchema(pair, "pattern-changed", "after", `the pattern changed from ${quote(before)} to ${quote(after)}`);
}

export function checkAdditionalProperties(pair: FramePair): void {
  const [before, after] = [pair.before.additional, pair.after.additional];
  if ((before === false) === (after === false)) return;
  // Only objects have properties: a schema of another type is not changed by the keyword.
  if (pair.after.types !== undefined && !pair.after.types.includes("object")) return;
  if (after === false) reportSchema(pair, "additional-properties-disallowed", "after", "additionalProperties: false now refuses properties it does not name");
  else reportSchema(pair, "additional-properties-allowed", "after", "properties it does not name are now allowed (additionalProperties: false was removed)");
}
