/**
 * The checks of one schema's own keywords: type and format, nullable, enum and const,
 * bounds, pattern, additionalProperties. Each narrows or widens what the schema allows; its
 * level in a request and in a response is in ./levels.ts. Where a side lists its values (an
 * enum), a bound or pattern those values all satisfy restricts nothing, and is no change.
 */
import { canonicalJson } from "../internal/canonical-json";
import { matchesPattern, withinBound } from "./admits";
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
  // Two choices: the branches added and removed say how the type changed.
  if (before.typesFromBranches && after.typesFromBranches) return;
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
  if (checkConst(pair)) return;
  if (before === undefined) return reportSchema(pair, "became-enum", "after", `only ${(after as readonly unknown[]).map(quote).join(", ")} are now allowed`);
  if (after === undefined) return reportSchema(pair, "enum-removed", "after", "the enum was removed: any value of the type is now allowed");
  // The common case, the same values in the same order, needs no sets.
  if (before.length === after.length && before.every((value, i) => value === after[i])) return;
  const keys = (values: readonly unknown[]) => new Map(values.map((value) => [canonicalJson(value), value]));
  const [b, a] = [keys(before), keys(after)];
  for (const [key, value] of a) if (!b.has(key)) reportSchema(pair, "enum-value-added", "after", `the value ${quote(value)} was added to the enum`);
  for (const [key, value] of b) if (!a.has(key)) reportSchema(pair, "enum-value-removed", "after", `the value ${quote(value)} was removed from the enum`);
}

/** A `const` set, removed or changed is one change, not an enum's (true when it was one). */
function checkConst(pair: FramePair): boolean {
  const { before, after } = pair;
  if (!before.fromConst && !after.fromConst) return false;
  if (before.enum === undefined && after.fromConst) reportSchema(pair, "const-added", "after", `only the value ${quote(after.enum?.[0])} is now allowed (const)`);
  else if (after.enum === undefined && before.fromConst) reportSchema(pair, "const-removed", "after", `the const ${quote(before.enum?.[0])} was removed: any value of the type is now allowed`);
  else if (before.enum?.length === 1 && after.enum?.length === 1) {
    const [was, is] = [before.enum[0], after.enum[0]];
    if (canonicalJson(was) !== canonicalJson(is)) reportSchema(pair, "const-changed", "after", `the const changed from ${quote(was)} to ${quote(is)}`);
  } else return false;
  return true;
}

const KEYWORDS: Readonly<Record<BoundName, string>> = {
  min: "minimum", max: "maximum", "min-length": "minLength", "max-length": "maxLength", "min-items": "minItems", "max-items": "maxItems",
};

/**
 * Whether a restriction that changed lets a value through, or refuses one, that it did not
 * before, as far as the enums tell: when `before` lists its values and `admitted` holds for
 * each, the new restriction refuses none of them (it narrows nothing); when `after` lists its
 * values and `wasAdmitted` holds for each, the old one refused none (it widens nothing).
 */
function moves(pair: FramePair, admitted: (value: unknown) => boolean, wasAdmitted: (value: unknown) => boolean): { narrows: boolean; widens: boolean } {
  const [before, after] = [pair.before.enum, pair.after.enum];
  return { narrows: before === undefined || !before.every(admitted), widens: after === undefined || !after.every(wasAdmitted) };
}

/** The bound's id: `exclusive-min-increased` when the bound (after the change, or the one removed) is exclusive, as oasdiff names them. */
const boundId = (name: BoundName, bound: Bound, change: string) => `${bound.exclusive ? "exclusive-" : ""}${name}-${change}`;
/** Only `minimum` and `maximum` have an exclusive form. */
const keyword = (name: BoundName, bound: Bound) => (bound.exclusive ? (name === "min" ? "exclusiveMinimum" : "exclusiveMaximum") : KEYWORDS[name]);

export function checkBounds(pair: FramePair): void {
  for (const name of Object.keys(KEYWORDS) as BoundName[]) {
    const [before, after] = [pair.before.bounds[name], pair.after.bounds[name]];
    if (before === undefined && after === undefined) continue;
    const text = (bound: Bound) => `${keyword(name, bound)} ${bound.value}`;
    const { narrows, widens } = moves(pair, (value) => after === undefined || withinBound(name, after, value), (value) => before === undefined || withinBound(name, before, value));
    if (before === undefined) {
      if (narrows) reportSchema(pair, boundId(name, after as Bound, "set"), "after", `${text(after as Bound)} was set`);
    } else if (after === undefined) {
      if (widens) reportSchema(pair, boundId(name, before, "unset"), "after", `${text(before)} was removed`);
    } else {
      const lower = name.startsWith("min");
      const delta = (after.value - before.value) * (lower ? 1 : -1) || Number(after.exclusive) - Number(before.exclusive);
      if (delta === 0 || !(delta > 0 ? narrows : widens)) continue;
      const moved = after.value > before.value || (after.value === before.value && (lower ? after.exclusive : before.exclusive)) ? "increased" : "decreased";
      reportSchema(pair, boundId(name, after, moved), "after", keyword(name, before) === keyword(name, after) ? `${keyword(name, after)} changed from ${before.value} to ${after.value}` : `${text(before)} became ${text(after)}`);
    }
  }
}

export function checkPattern(pair: FramePair): void {
  const [before, after] = [pair.before.pattern, pair.after.pattern];
  if (before === after) return;
  const { narrows, widens } = moves(pair, (value) => after === undefined || matchesPattern(after, value) === true, (value) => before === undefined || matchesPattern(before, value) === true);
  if (before === undefined) {
    if (narrows) reportSchema(pair, "pattern-added", "after", `the pattern ${quote(after)} was added`);
  } else if (after === undefined) {
    if (widens) reportSchema(pair, "pattern-removed", "after", `the pattern ${quote(before)} was removed`);
  } else if (narrows || widens) reportSchema(pair, "pattern-changed", "after", `the pattern changed from ${quote(before)} to ${quote(after)}`);
}

export function checkAdditionalProperties(pair: FramePair): void {
  const [before, after] = [pair.before.additional, pair.after.additional];
  if ((before === false) === (after === false)) return;
  // Only objects have properties: a schema of another type is not changed by the keyword.
  if (pair.after.types !== undefined && !pair.after.types.includes("object")) return;
  if (after === false) reportSchema(pair, "additional-properties-disallowed", "after", "additionalProperties: false now refuses properties it does not name");
  else reportSchema(pair, "additional-properties-allowed", "after", "properties it does not name are now allowed (additionalProperties: false was removed)");
}
