import { isObject } from "../internal/own";
import { Candidate, DATA_KEYWORDS, isShape, shapeKey } from "./candidates";
import type { ImportedSchema } from "./import";

export { isShape, shapeKey } from "./candidates";

const candidatesCache = new WeakMap<ImportedSchema, readonly Candidate[]>();

const frozenKeys = new WeakMap<object, string | null>();

/** shapeKey of a frozen imported node (a registered body, a body without annotations), remembered: every document asks again. */
export function frozenShapeKey(node: unknown): string | undefined {
  if (node === null || typeof node !== "object") return undefined;
  let key = frozenKeys.get(node);
  if (key === undefined) frozenKeys.set(node, (key = shapeKey(node) ?? null));
  return key ?? undefined;
}

/**
 * Every candidate of an imported schema (root and definitions), in the order a depth-first
 * walk meets them: those the direct import listed as it copied, else found once here.
 */
export function candidatesOf(imported: ImportedSchema): readonly Candidate[] {
  if (imported.candidates) return imported.candidates;
  let found = candidatesCache.get(imported);
  if (found) return found;
  const list: Candidate[] = [];
  let next = collect(imported.root, "#", list, 0);
  for (const [key, body] of imported.defs) next = collect(body, key, list, next);
  candidatesCache.set(imported, list);
  found = list;
  return found;
}

/** One object being walked: its keys (undefined for an array), the next child, and where a candidate for it goes. */
interface Visit {
  readonly node: object;
  readonly keys: string[] | undefined;
  index: number;
  readonly pre: number;
  /** Its candidate's place in the list, or -1. */
  readonly slot: number;
  /** The object holding it (for an array under `anyOf`/`oneOf`: the union). */
  readonly owner: object | undefined;
  readonly key: string | number;
}

/**
 * The candidates of one tree, numbered from `first`; returns the next free number.
 * Every object is entered but the values of data keywords. Iterative.
 */
function collect(top: unknown, tree: string, list: (Candidate | undefined)[], first: number): number {
  if (top === null || typeof top !== "object") return first;
  let counter = first;
  const enter = (node: object, owner: object | undefined, key: string | number): Visit => {
    const slot = isShape(node) ? list.push(undefined) - 1 : -1;
    return { node, keys: Array.isArray(node) ? undefined : Object.keys(node), index: 0, pre: counter++, slot, owner, key };
  };
  const stack: Visit[] = [enter(top, undefined, "")];
  while (stack.length > 0) {
    const visit = stack[stack.length - 1] as Visit;
    const child = nextChild(visit);
    if (child !== undefined) {
      stack.push(enter(child[0], visit.node, child[1]));
      continue;
    }
    stack.pop();
    if (visit.slot === -1) continue;
    // A branch of a union: its parent sits under `anyOf`/`oneOf` in the union.
    const parent = stack[stack.length - 1];
    const union = parent !== undefined && (parent.key === "anyOf" || parent.key === "oneOf") && isObject(parent.owner) ? parent.owner : undefined;
    list[visit.slot] = new Candidate(visit.node, tree, stack.length === 0, visit.pre, counter, union);
  }
  // Filled in post-order: each slot was taken when its node was entered.
  return counter;
}

/**
 * The next object child of a visit, with its key: an array's items in order, an object's
 * keys last first (the order candidates have always been listed in, which decides the
 * order registered schemas are first asked for); data keywords' values are skipped.
 */
function nextChild(visit: Visit): [object, string | number] | undefined {
  const node = visit.node as Record<string | number, unknown>;
  const keys = visit.keys;
  const length = keys === undefined ? (node as unknown as unknown[]).length : keys.length;
  while (visit.index < length) {
    const key = keys === undefined ? visit.index : (keys[length - 1 - visit.index] as string);
    visit.index += 1;
    if (typeof key === "string" && DATA_KEYWORDS.has(key)) continue;
    const child = node[key];
    if (child !== null && typeof child === "object") return [child, key];
  }
  return undefined;
}

export { Candidate };
