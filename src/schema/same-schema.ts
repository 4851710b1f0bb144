import { hasOwn, type JsonObject } from "../internal/own";
import type { Naming } from "./document-schemas";
import { holdsRef, isRefNode, refTarget, ROOT } from "./import";

/** A reference node of an imported tree. */
type RefNode = JsonObject & { $ref: string };

/**
 * Whether two `$ref`s of trees being compared match: false when they cannot, else true,
 * after handing `compare` the two bodies they stand for when those decide.
 */
export type SameRefs = (x: RefNode, y: RefNode, compare: (x: unknown, y: unknown) => void) => boolean;

/**
 * Whether two imported trees are equal, each pair of `$ref`s judged by `sameRefs` (the
 * one thing callers differ in: how a reference resolves). `sharedRefs`: the references of
 * both trees resolve alike, so a node met on both sides is equal to itself even when it
 * holds one. Iterative: two parallel stacks, no object per pair.
 */
export function sameTrees(a: unknown, b: unknown, sharedRefs: boolean, sameRefs: SameRefs): boolean {
  const xs: unknown[] = [a];
  const ys: unknown[] = [b];
  const compare = (x: unknown, y: unknown): void => {
    xs.push(x);
    ys.push(y);
  };
  while (xs.length > 0) {
    const x = xs.pop();
    const y = ys.pop();
    if (x === y && (sharedRefs || !holdsRef(x))) continue;
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object") {
      if (x !== y) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const ref = isRefNode(x);
    if (ref !== isRefNode(y)) return false;
    if (ref && !sameRefs(x, y as RefNode, compare)) return false;
    const xKeys = Object.keys(x);
    if (xKeys.length !== Object.keys(y).length) return false;
    for (const key of xKeys) {
      if (!hasOwn(y, key)) return false;
      if (!ref || key !== "$ref") compare((x as JsonObject)[key], (y as JsonObject)[key]);
    }
  }
  return true;
}

/**
 * Two imported bodies mean the same schema when they are equal with every reference
 * resolved: to the same component name, or to inlined definitions that are equal.
 */
export function sameSchema(a: unknown, aNaming: Naming, b: unknown, bNaming: Naming): boolean {
  return sameTrees(a, b, aNaming === bNaming, (x, y, compare) => {
    const xKey = refTarget(x.$ref);
    const yKey = refTarget(y.$ref);
    const xName = componentName(xKey, aNaming);
    const yName = componentName(yKey, bNaming);
    // A name meets only the same name; two inlined definitions are compared by body.
    if (xName !== undefined || yName !== undefined) return xName === yName;
    compare(aNaming.imported.defs.get(xKey), bNaming.imported.defs.get(yKey));
    return true;
  });
}

/** The component name a reference's target has, or undefined when it is inlined. */
function componentName(key: string, naming: Naming): string | undefined {
  return key === ROOT ? naming.root : naming.defs.get(key);
}
