/**
 * A schema that became one branch of a `oneOf` or an `anyOf` (a wrapping: `$ref: Cat` to
 * `anyOf: [Cat, Dog]`), or a choice that became one of its branches (an unwrapping). Its
 * properties are still there: the change is the branches beside it, and the schema is
 * compared with its branch (with what the choice's schema says beside the choice: its
 * `nullable`, its `type`, its properties). In a `oneOf`, a value of the schema that another
 * branch also accepts is now refused: that is oasdiff's `wrapped-in-one-of`, one change.
 */
import { canonicalJson } from "../internal/canonical-json";
import { getOwn, setOwn, type JsonObject } from "../internal/own";
import { article, branchName, essential, matchBranches } from "./composition";
import type { Located, Side } from "./context";
import { isNullOnly } from "./null-only";
import { reportSchema, type FramePair } from "./schema-pair";
import { viewOf, type SchemaView } from "./schema-view";

type Key = "oneOf" | "anyOf";

/** When the frame is a wrapping or an unwrapping: reports it, pushes the schema against its branch, and is true. */
export function compareWrapping(pair: FramePair): boolean {
  const { before, after, frame, walk } = pair;
  const [oldKey, newKey] = [choiceKey(before), choiceKey(after)];
  if ((oldKey === undefined) === (newKey === undefined)) return false;
  const wrap = newKey !== undefined;
  const key = (oldKey ?? newKey) as Key;
  const [loneParts, choiceSide, loneSide] = wrap ? [frame.before, walk.report.after, walk.report.before] : [frame.after, walk.report.before, walk.report.after];
  const choice = wrap ? after : before;
  if (loneParts.length !== 1) return false;
  const branches = essential(choiceSide, key, choice[key] as readonly Located[]);
  const matching = wrap ? matchBranches(loneSide, choiceSide, loneParts, branches) : matchBranches(choiceSide, loneSide, branches, loneParts);
  const matched = matching.pairs[0]?.[wrap ? 1 : 0];
  if (matched === undefined) return false;
  report(pair, key, wrap, choiceSide, matched, branches.filter((branch) => branch !== matched));
  const parts = [...rest(choice, key), matched];
  walk.push({ before: wrap ? loneParts : parts, after: wrap ? parts : loneParts, scope: frame.scope, path: frame.path });
  return true;
}

/** The choice of a view: its `oneOf`, or else its `anyOf`. */
function choiceKey(view: SchemaView): Key | undefined {
  return view.oneOf !== undefined ? "oneOf" : view.anyOf !== undefined ? "anyOf" : undefined;
}

/**
 * What the choice's schema says beside the choice: every part it was read from (its `allOf`
 * parts, the siblings of its `$ref`), flat, the choice taken out of the part that held it.
 */
function rest(view: SchemaView, key: Key): Located[] {
  const owner = view.owners[key]?.node;
  return view.flat.map((part) => ({ node: derived(part.node as JsonObject, part.node === owner ? key : undefined), pointer: part.pointer }));
}

function report(pair: FramePair, key: Key, wrap: boolean, side: Side, matched: Located, kept: readonly Located[]): void {
  if (kept.length === 0) return;
  const named = (branch: Located) => branchName(side, branch);
  if (!wrap) {
    for (const branch of kept) reportSchema(pair, `${check(key)}-removed`, "after", `it was one branch of ${article(key)}: ${named(branch)}, the branch beside it, was removed`);
  } else if (key === "oneOf" && kept.some((branch) => mayOverlap(viewOf(side, [matched]), viewOf(side, [branch])))) {
    reportSchema(pair, "wrapped-in-one-of", "after", `it is now one branch of a oneOf of ${kept.length + 1}: a value valid for it may match another branch too, which oneOf refuses`);
  } else {
    for (const branch of kept) reportSchema(pair, `${check(key)}-added`, "after", `it is now one branch of ${article(key)}: ${named(branch)} was added beside it`);
  }
}

const check = (key: Key) => (key === "oneOf" ? "one-of" : "any-of");

/** Whether a value may match both schemas: not when their types, or their enums, have nothing in common. */
function mayOverlap(a: SchemaView, b: SchemaView): boolean {
  if (a.nullable && b.nullable) return true;
  const widen = (types: readonly string[]) => (types.includes("number") ? [...types, "integer"] : types);
  if (a.types !== undefined && b.types !== undefined && !widen(a.types).some((type) => widen(b.types as readonly string[]).includes(type))) return false;
  if (a.enum !== undefined && b.enum !== undefined) {
    const keys = new Set(a.enum.map(canonicalJson));
    return b.enum.some((value) => keys.has(canonicalJson(value)));
  }
  return true;
}

/**
 * `node` as one flat part: without `allOf` (its parts are parts of their own) and `$ref` (it
 * was followed); without the choice `key` when given, kept nullable when the choice had a
 * null branch. Made once per node, so a pair of places made from it is the same pair each
 * time (a recursive schema ends).
 */
function derived(node: JsonObject, key: Key | undefined): JsonObject {
  const cacheKey = key ?? "";
  let byKey = derivedNodes.get(node);
  if (byKey === undefined) derivedNodes.set(node, (byKey = new Map()));
  let copy = byKey.get(cacheKey);
  if (copy === undefined) {
    copy = {};
    for (const name of Object.keys(node)) if (name !== key && name !== "allOf" && name !== "$ref") setOwn(copy, name, node[name]);
    const choice = key === undefined ? undefined : getOwn(node, key);
    if (Array.isArray(choice) && choice.some(isNullOnly)) copy.nullable = true;
    byKey.set(cacheKey, copy);
  }
  return copy;
}

const derivedNodes = new WeakMap<object, Map<string, JsonObject>>();
