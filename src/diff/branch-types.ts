/**
 * The types of a choice with no type of its own: the union of its branches' types
 * (`anyOf: [string, enum [""]]` is a string), through nested choices. Walked with a stack,
 * each schema once per document (remembered by its node); a branch that comes back to a
 * schema still being walked adds nothing, an untyped branch admits any type.
 */
import { isObject } from "../internal/own";
import type { SchemaView } from "./schema-view";
import type { Located, Side } from "./side";

/** Any type: a branch restricts none. */
const ANY = "any";
type Types = ReadonlySet<string> | typeof ANY;

/** The view of one schema from its own keywords (its branches' types not added). */
export type OwnView = (at: Located) => SchemaView;

const known = new WeakMap<Side, WeakMap<object, Types>>();

/** Sorted, or undefined when a branch admits any type (or there is none). */
export function branchTypes(side: Side, branches: readonly Located[], ownView: OwnView): readonly string[] | undefined {
  const union = new Set<string>();
  for (const branch of branches) {
    const types = typesOf(side, branch, ownView);
    if (types === ANY) return undefined;
    for (const type of types) union.add(type);
  }
  return union.size === 0 ? undefined : [...union].sort();
}

interface Frame {
  readonly at: Located;
  readonly node: object;
  /** The branches, once the schema was read. */
  children?: readonly Located[];
}

function typesOf(side: Side, at: Located, ownView: OwnView): Types {
  let memo = known.get(side);
  if (memo === undefined) known.set(side, (memo = new WeakMap()));
  const root = side.follow(at).node;
  if (!isObject(root)) return ANY;
  // Results that depend on a schema still being walked (a cycle) hold for this walk only.
  const provisional = new Map<object, Types>();
  const result = (node: object) => memo.get(node) ?? provisional.get(node);
  const walking = new Set<object>();
  const stack: Frame[] = [{ at, node: root }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.children === undefined) {
      if (result(frame.node) !== undefined) {
        stack.pop();
        continue;
      }
      const view = ownView(frame.at);
      const branches = view.oneOf ?? view.anyOf;
      if (view.types !== undefined || branches === undefined) {
        memo.set(frame.node, view.types === undefined ? ANY : new Set(view.types));
        stack.pop();
        continue;
      }
      frame.children = branches;
      walking.add(frame.node);
      for (const branch of branches) {
        const node = side.follow(branch).node;
        if (isObject(node) && result(node) === undefined && !walking.has(node)) stack.push({ at: branch, node });
      }
      continue;
    }
    stack.pop();
    walking.delete(frame.node);
    let union: Set<string> | typeof ANY = new Set();
    let complete = true;
    for (const branch of frame.children) {
      const node = side.follow(branch).node;
      const types = isObject(node) ? result(node) : ANY;
      if (types === undefined) complete = false;
      else if (types === ANY) union = ANY;
      else if (union !== ANY) for (const type of types) union.add(type);
      if (isObject(node) && provisional.has(node)) complete = false;
    }
    (complete ? memo : provisional).set(frame.node, union);
  }
  return result(root) ?? ANY;
}
