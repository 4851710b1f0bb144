import { hasOwn, type JsonObject } from "../internal/own";
import { holdsRef, isRefNode } from "./ref-marks";

/** A reference node of an imported tree. */
export type RefNode = JsonObject & { $ref: string };

/**
 * Whether two `$ref`s of trees being compared match: false when they cannot, else true,
 * after handing `compare` the two bodies they stand for when those decide.
 */
export type SameRefs = (x: RefNode, y: RefNode, compare: (x: unknown, y: unknown) => void) => boolean;

/**
 * Whether a `$ref` met beside a node that is none matches it: true after handing `compare`
 * the body it stands for and the node (`refFirst`: the reference is on the first tree's
 * side), false when it cannot.
 */
export type OneRef = (ref: RefNode, other: object, refFirst: boolean, compare: (x: unknown, y: unknown) => void) => boolean;

/**
 * Whether two imported trees are equal, each pair of `$ref`s judged by `sameRefs` (the
 * one thing callers differ in: how a reference resolves), and a `$ref` beside a node that
 * is none by `oneRef` (by default they differ). `sharedRefs`: the references of both trees
 * resolve alike, so a node met on both sides is equal to itself even when it holds one.
 * Iterative: two parallel stacks, no object per pair.
 */
export function sameTrees(a: unknown, b: unknown, sharedRefs: boolean, sameRefs: SameRefs, oneRef?: OneRef): boolean {
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
    if (ref !== isRefNode(y)) {
      if (!oneRef || !(ref ? oneRef(x, y, true, compare) : oneRef(y as RefNode, x, false, compare))) return false;
      continue;
    }
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
