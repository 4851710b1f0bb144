/**
 * A schema that became one branch of a `oneOf` or an `anyOf` (a wrapping: `$ref: Cat` to
 * `anyOf: [Cat, Dog]`), or a choice that became one of its branches (an unwrapping). Its
 * properties are still there: the change is the branches beside it, and the schema is
 * compared with its branch (with what the choice's schema says beside the choice: its
 * `nullable`, its `type`, its properties). In a `oneOf`, a value of the schema that another
 * branch also accepts is now refused: that is oasdiff's `wrapped-in-one-of`, one change.
 * A list of types written as a choice of one type each (`type: [integer, string]` and
 * `anyOf: [integer, string]`, as 3.0 writes a 3.1 type list) is the same schema.
 */
import { canonicalJson } from "../internal/canonical-json";
import { getOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import { article, branchName, matchBranches, redundant } from "./composition";
import type { Located, Side } from "./context";
import { isNullOnly } from "./null-only";
import { reportSchema, type FramePair } from "./schema-pair";
import { viewOf, type SchemaView } from "./schema-view";

type Key = "oneOf" | "anyOf";

/** Keywords that restrict nothing: a branch of nothing else is a type alone. */
const ANNOTATIONS = new Set(["title", "description", "example", "examples", "default", "deprecated", "$comment", "readOnly", "writeOnly", "nullable"]);

/** When the frame is a wrapping or an unwrapping: reports it, pushes the schema against its branch, and is true. */
export function compareWrapping(pair: FramePair): boolean {
  const { before, after, frame, walk } = pair;
  const [oldKey, newKey] = [choiceKey(before), choiceKey(after)];
  if ((oldKey === undefined) === (newKey === undefined)) return false;
  const wrap = newKey !== undefined;
  const key = (oldKey ?? newKey) as Key;
  const [loneParts, choiceParts] = wrap ? [frame.before, frame.after] : [frame.after, frame.before];
  const [loneSide, choiceSide] = wrap ? [walk.report.before, walk.report.after] : [walk.report.after, walk.report.before];
  const [lone, choice] = wrap ? [before, after] : [after, before];
  const rest = restOf(choiceSide, choiceParts, choice, key);
  if (loneParts.length !== 1 || rest === undefined) return false;
  const branches = choice[key] as readonly Located[];
  const list = choice.typesFromBranches ? typeList(choiceSide, branches, lone) : undefined;
  let others: readonly Located[] = [];
  let parts: readonly Located[];
  if (list !== undefined) parts = [{ node: derived(rest.owner.node, key, list), pointer: rest.owner.pointer }, ...rest.siblings];
  else {
    const matching = wrap ? matchBranches(loneSide, choiceSide, loneParts, branches) : matchBranches(choiceSide, loneSide, branches, loneParts);
    const matched = matching.pairs[0]?.[wrap ? 1 : 0];
    if (matched === undefined) return false;
    others = branches.filter((branch) => branch !== matched);
    // The choice's schema first: what its keywords change is reported where it is.
    parts = [{ node: derived(rest.owner.node, key), pointer: rest.owner.pointer }, matched, ...rest.siblings];
    report(pair, key, wrap, choiceSide, matched, others);
  }
  walk.push({ before: wrap ? loneParts : parts, after: wrap ? parts : loneParts, scope: frame.scope, path: frame.path });
  return true;
}

/** The choice of a view: its `oneOf`, or else its `anyOf`. */
function choiceKey(view: SchemaView): Key | undefined {
  return view.oneOf !== undefined ? "oneOf" : view.anyOf !== undefined ? "anyOf" : undefined;
}

/**
 * The schema that holds the choice, when it is the frame's one part (after its `$ref`), and
 * the siblings of that `$ref` (3.1 lets a `$ref` have them). A choice inside an `allOf` part
 * is left to the ordinary comparison.
 */
function restOf(side: Side, parts: readonly Located[], view: SchemaView, key: Key): { owner: Located & { node: JsonObject }; siblings: Located[] } | undefined {
  const owner = view.owners[key];
  if (parts.length !== 1 || owner === undefined || !isObject(owner.node)) return undefined;
  const part = parts[0] as Located;
  if (side.follow(part).node !== owner.node) return undefined;
  const siblings = part.node !== owner.node && isObject(part.node) && Object.keys(part.node).length > 1 ? [{ node: derived(part.node, "$ref"), pointer: part.pointer }] : [];
  return { owner: owner as Located & { node: JsonObject }, siblings };
}

/**
 * The types of a choice whose branches are each a type and nothing else, when they are the
 * other side's types (two or more: one type is a one-branch wrapping).
 */
function typeList(side: Side, branches: readonly Located[], lone: SchemaView): string[] | undefined {
  if (lone.types === undefined || lone.types.length < 2 || lone.oneOf !== undefined || lone.anyOf !== undefined) return undefined;
  const types = new Set<string>();
  for (const branch of branches) {
    const node = side.follow(branch).node;
    if (!isObject(node) || typeof getOwn(node, "type") !== "string") return undefined;
    for (const key of Object.keys(node)) if (key !== "type" && !ANNOTATIONS.has(key) && !key.startsWith("x-")) return undefined;
    types.add(getOwn(node, "type") as string);
  }
  const list = [...types].sort();
  return list.join() === lone.types.join() ? list : undefined;
}

function report(pair: FramePair, key: Key, wrap: boolean, side: Side, matched: Located, others: readonly Located[]): void {
  const all = [matched, ...others];
  const kept = key === "anyOf" ? others.filter((branch) => !redundant(side, branch, all)) : others;
  if (kept.length === 0) return;
  const named = (branch: Located) => branchName(side, branch);
  if (!wrap) {
    for (const branch of kept) reportSchema(pair, `${check(key)}-removed`, "after", `it was ${article(key)} branch: the branch ${named(branch)} was removed`);
  } else if (key === "oneOf" && kept.some((branch) => mayOverlap(viewOf(side, [matched]), viewOf(side, [branch])))) {
    reportSchema(pair, "wrapped-in-one-of", "after", `it became one branch of a oneOf of ${all.length}; a value valid for it may now match another branch too, which oneOf refuses`);
  } else {
    for (const branch of kept) reportSchema(pair, `${check(key)}-added`, "after", `it became ${article(key)} branch: the branch ${named(branch)} was added`);
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
 * `node` without the choice `key` (kept nullable when the choice had a null branch), with
 * `types` as its `type` when given; `$ref` for the siblings of a `$ref`. Made once per node,
 * so a pair of places made from it is the same pair each time (a recursive schema ends).
 */
function derived(node: JsonObject, key: Key | "$ref", types?: readonly string[]): JsonObject {
  const cacheKey = types === undefined ? key : `${key} ${types.join()}`;
  let byKey = derivedNodes.get(node);
  if (byKey === undefined) derivedNodes.set(node, (byKey = new Map()));
  let copy = byKey.get(cacheKey);
  if (copy === undefined) {
    copy = {};
    for (const name of Object.keys(node)) if (name !== key) setOwn(copy, name, node[name]);
    const choice = getOwn(node, key);
    if (Array.isArray(choice) && choice.some(isNullOnly)) copy.nullable = true;
    if (types !== undefined) copy.type = [...types];
    byKey.set(cacheKey, copy);
  }
  return copy;
}

const derivedNodes = new WeakMap<object, Map<string, JsonObject>>();
