/**
 * The types of a choice with no type of its own: the union of its branches' types
 * (`anyOf: [string, enum [""]]` is a string), through nested choices. A choice whose
 * branches are each types alone is a list of types (`anyOf: [string, integer]` is how 3.0
 * writes 3.1's `type: [string, integer]`); in a `oneOf` only when no value has two of them.
 * Walked with a stack, each schema once per document (remembered by its node); a branch
 * that comes back to a schema still being walked adds nothing, an untyped branch admits any.
 */
import { isObject } from "../internal/own";
import type { Located, Side } from "./side";
import type { Choice, SchemaView } from "./view-types";

/** What a schema allows, as far as types go. */
interface Typing {
  /** With `null`; undefined: any type. */
  readonly types: ReadonlySet<string> | undefined;
  /** The schema says nothing but its types. */
  readonly alone: boolean;
}

/** The view of one schema from its own keywords (its branches' types not added). */
export type OwnView = (at: Located) => SchemaView;

interface ChoiceTypes {
  /** Sorted, without `null`. */
  readonly types: readonly string[];
  /** Every branch is types alone: the choice is that list of types. */
  readonly list: boolean;
  /** A branch allows null (counts only when `list`). */
  readonly nullable: boolean;
}

const known = new WeakMap<Side, WeakMap<object, Typing>>();
const ANY: Typing = { types: undefined, alone: false };

/**
 * `own` (a view from its parts' own keywords) with its choices' types: a choice of types
 * alone narrows the type as a `type` would, and is no choice; a choice with no type of its
 * own beside it takes the union of its branches' types.
 */
export function withChoiceTypes(side: Side, own: SchemaView, ownView: OwnView): SchemaView {
  if (own.oneOf === undefined && own.anyOf === undefined && own.moreChoices.length === 0) return own;
  let view = own;
  const choices: Choice[] = [];
  for (const key of ["oneOf", "anyOf"] as const) {
    const owner = own.owners[key];
    if (own[key] !== undefined && owner !== undefined) choices.push({ key, branches: own[key], owner });
  }
  for (const choice of [...choices, ...own.moreChoices]) {
    const found = choiceTypes(side, choice.branches, choice.key, ownView);
    if (found?.list) {
      view = { ...view, types: view.types === undefined ? found.types : both(view.types, found.types), nullable: view.nullable || found.nullable };
      if (view[choice.key] === choice.branches) view = { ...view, [choice.key]: undefined, owners: { ...view.owners, [choice.key]: undefined } };
    } else if (view[choice.key] === undefined) view = { ...view, [choice.key]: choice.branches, owners: { ...view.owners, [choice.key]: choice.owner } };
  }
  const key = view.oneOf !== undefined ? "oneOf" : view.anyOf !== undefined ? "anyOf" : undefined;
  if (key === undefined || view.types !== undefined) return view;
  const found = choiceTypes(side, view[key] as readonly Located[], key, ownView);
  return found === undefined ? view : { ...view, types: found.types, typesFromBranches: true };
}

/** The types two lists both allow (an integer is a number): `[number, null]` and `[integer]` allow integers. */
export function both(a: readonly string[], b: readonly string[]): string[] {
  const kept = new Set(a.filter((type) => b.includes(type) || (type === "integer" && b.includes("number"))));
  if (b.includes("integer") && a.includes("number")) kept.add("integer");
  return [...kept].sort();
}

/**
 * The types of a choice of `branches`, or undefined when a branch admits any type (or none
 * has one). What the schema says beside the choice does not stop it being a list of types.
 */
function choiceTypes(side: Side, branches: readonly Located[], key: "oneOf" | "anyOf", ownView: OwnView): ChoiceTypes | undefined {
  const typing = combine(true, key, branches.map((branch) => typingOf(side, branch, ownView)));
  if (typing.types === undefined || typing.types.size === 0) return undefined;
  const types = [...typing.types].filter((type) => type !== "null").sort();
  return types.length === 0 ? undefined : { types, list: typing.alone, nullable: typing.types.has("null") };
}

/** Whether the view restricts anything but its type and its choices. */
function saysMore(view: SchemaView): boolean {
  return view.enum !== undefined || view.format !== undefined || view.pattern !== undefined || Object.values(view.bounds).some((bound) => bound !== undefined) || view.properties.size > 0 || view.required.size > 0 || view.additional !== undefined || view.items.length > 0;
}

/** A choice's typing from its branches' (`alone` when nothing else stops it being types alone). */
function combine(alone: boolean, key: "oneOf" | "anyOf", branches: readonly (Typing | undefined)[]): Typing {
  const union = new Set<string>();
  for (const branch of branches) {
    // A branch still being walked (a cycle) adds nothing.
    if (branch === undefined) continue;
    if (branch.types === undefined) return ANY;
    alone &&= branch.alone;
    for (const type of branch.types) {
      // In a oneOf, a value two branches accept is refused: overlapping types are no list.
      if (key === "oneOf" && (union.has(type) || (type === "integer" && union.has("number")) || (type === "number" && union.has("integer")))) alone = false;
      union.add(type);
    }
  }
  return { types: union, alone };
}

function typingOf(side: Side, at: Located, ownView: OwnView): Typing | undefined {
  let memo = known.get(side);
  if (memo === undefined) known.set(side, (memo = new WeakMap()));
  const root = side.follow(at).node;
  if (!isObject(root)) return ANY;
  // Results that depend on a schema still being walked (a cycle) hold for this walk only.
  const provisional = new Map<object, Typing>();
  const result = (node: object) => memo.get(node) ?? provisional.get(node);
  const walking = new Set<object>();
  const stack: { at: Located; node: object; view?: SchemaView }[] = [{ at, node: root }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const key = frame.view && (frame.view.oneOf !== undefined ? "oneOf" : "anyOf");
    if (frame.view === undefined) {
      if (result(frame.node) !== undefined) {
        stack.pop();
        continue;
      }
      const view = (frame.view = ownView(frame.at));
      const branches = view.oneOf ?? view.anyOf;
      if (branches === undefined) {
        const types = view.types === undefined ? undefined : new Set(view.nullable ? [...view.types, "null"] : view.types);
        memo.set(frame.node, { types, alone: types !== undefined && !saysMore(view) });
        stack.pop();
        continue;
      }
      walking.add(frame.node);
      for (const branch of branches) {
        const node = side.follow(branch).node;
        if (isObject(node) && result(node) === undefined && !walking.has(node)) stack.push({ at: branch, node });
      }
      continue;
    }
    stack.pop();
    walking.delete(frame.node);
    const nodes = ((frame.view[key as "oneOf" | "anyOf"] ?? []) as readonly Located[]).map((branch) => side.follow(branch).node);
    const view = frame.view;
    const typing = combine(!saysMore(view) && (key === "anyOf" || view.anyOf === undefined), key as "oneOf" | "anyOf", nodes.map((node) => (isObject(node) ? result(node) : ANY)));
    const own = view.types === undefined ? typing : { types: new Set(view.types), alone: false };
    const complete = nodes.every((node) => !isObject(node) || (memo.has(node) && !provisional.has(node)));
    (complete ? memo : provisional).set(frame.node, view.nullable && own.types !== undefined ? { ...own, types: new Set([...own.types, "null"]) } : own);
  }
  return result(root) ?? ANY;
}
