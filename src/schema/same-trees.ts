import { hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import { holdsRef, isRefNode } from "./ref-marks";
import { nullBranch } from "./wrappers-30";

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
 * Two forms a library writes for one schema by whether a part is a reference (`simplerPair`)
 * meet as the simpler pair.
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
    const simpler = simplerPair(x, y);
    if (simpler) {
      compare(simpler[0], simpler[1]);
      continue;
    }
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

/** Whether a reference has no keyword beside it (only such a node stands for its target alone). */
export function onlyRef(ref: RefNode): boolean {
  for (const key in ref) if (key !== "$ref" && hasOwn(ref, key)) return false;
  return true;
}

/**
 * Two forms of one schema that a library writes by whether a part is a reference or
 * written out, as the simpler pair to compare instead: `{ allOf: [S] }` is S (Zod wraps a
 * reference so), and in 3.0 a union of S and the null branch is S made nullable (a part
 * written out carries `nullable` itself; a reference cannot).
 */
function simplerPair(x: object, y: object): [unknown, unknown] | undefined {
  const xSole = soleMember(x, "allOf");
  const ySole = soleMember(y, "allOf");
  if ((xSole === undefined) !== (ySole === undefined)) return [xSole ?? x, ySole ?? y];
  const xOrNull = nullableMember(x);
  if (xOrNull !== undefined && isNullableNode(y)) return [xOrNull, withoutNullable(y)];
  const yOrNull = nullableMember(y);
  if (yOrNull !== undefined && isNullableNode(x)) return [withoutNullable(x), yOrNull];
  return undefined;
}

/** S of a node that is `{ [keyword]: [S] }` and nothing else. */
function soleMember(node: object, keyword: string): unknown {
  if (Array.isArray(node)) return undefined;
  const list = (node as JsonObject)[keyword];
  if (!Array.isArray(list) || list.length !== 1) return undefined;
  for (const key in node) if (key !== keyword && hasOwn(node, key)) return undefined;
  return list[0];
}

/** S of a node that is `{ anyOf: [S, <3.0 null branch>] }` and nothing else. */
function nullableMember(node: object): unknown {
  if (Array.isArray(node)) return undefined;
  const anyOf = (node as JsonObject).anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || !isNullBranch(anyOf[1])) return undefined;
  for (const key in node) if (key !== "anyOf" && hasOwn(node, key)) return undefined;
  return anyOf[0];
}

const NULL_BRANCH = nullBranch();

function isNullBranch(node: unknown): boolean {
  return isObject(node) && Object.keys(node).length === 3 && node.type === NULL_BRANCH.type && node.nullable === true && Array.isArray(node.enum) && node.enum.length === 1 && node.enum[0] === null;
}

/** A 3.0 node written out nullable: `nullable: true` beside its `type`. */
function isNullableNode(node: object): boolean {
  return !Array.isArray(node) && (node as JsonObject).nullable === true && typeof (node as JsonObject).type === "string" && !hasOwn(node, "anyOf");
}

/** One copy per node: a comparison that meets the node again must meet the same copy, or a cycle would never end. */
const withoutNullableCopies = new WeakMap<object, JsonObject>();

function withoutNullable(node: object): JsonObject {
  let copy = withoutNullableCopies.get(node);
  if (copy) return copy;
  copy = {};
  for (const key of Object.keys(node)) if (key !== "nullable") setOwn(copy, key, (node as JsonObject)[key]);
  withoutNullableCopies.set(node, copy);
  return copy;
}
