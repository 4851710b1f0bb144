import { isObject } from "../internal/own";
import type { ImportedSchema } from "./import";

/**
 * Structural fingerprints of imported schema trees, for recognising a registered schema
 * where a vendor wrote it inline (ArkType's JSON Schema carries no names at all; Zod
 * without `.meta({ id })` and Valibot without global definitions inline nested schemas).
 * Hashes ignore key order, like the equality that confirms a match. Everything is
 * memoised on the frozen nodes themselves, so each tree is hashed once per process.
 */

const hashes = new WeakMap<object, number>();
/** Nodes that are, or contain, a node a registered schema could match. */
const candidateAncestors = new WeakSet<object>();
const candidateHashes = new WeakMap<ImportedSchema, ReadonlySet<number>>();

/** Shapes worth a name: objects with properties, enums of several values, unions. */
export function isShapeCandidate(node: unknown): boolean {
  if (!isObject(node)) return false;
  if (isObject(node.properties) && Object.keys(node.properties).length > 0) return true;
  if (Array.isArray(node.enum) && node.enum.length > 1) return true;
  return Array.isArray(node.anyOf) || Array.isArray(node.oneOf);
}

export function containsCandidate(node: unknown): boolean {
  return node !== null && typeof node === "object" && candidateAncestors.has(node);
}

/** The fingerprint of a node of an imported tree (hashing it first if needed). */
export function shapeHash(node: unknown): number {
  if (node === null || typeof node !== "object") return primitiveHash(node);
  indexTree(node);
  return hashes.get(node) as number;
}

/** Fingerprints of every candidate node in an imported schema (root and definitions). */
export function candidateHashesOf(imported: ImportedSchema): ReadonlySet<number> {
  const found = candidateHashes.get(imported);
  if (found) return found;
  const set = new Set<number>();
  for (const tree of [imported.root, ...imported.defs.values()]) {
    indexTree(tree);
    collectCandidates(tree, set);
  }
  candidateHashes.set(imported, set);
  return set;
}

/** Post-order, iterative: each node's hash from its children's. */
function indexTree(root: unknown): void {
  if (root === null || typeof root !== "object") return;
  const stack: { node: object; expanded: boolean }[] = [{ node: root, expanded: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: object; expanded: boolean };
    const node = top.node;
    if (hashes.has(node)) {
      stack.pop();
      continue;
    }
    const children = Array.isArray(node) ? node : Object.values(node);
    if (!top.expanded) {
      top.expanded = true;
      for (const child of children) {
        if (child !== null && typeof child === "object" && !hashes.has(child)) stack.push({ node: child, expanded: false });
      }
      continue;
    }
    stack.pop();
    let hash: number;
    let holdsCandidate = isShapeCandidate(node);
    if (Array.isArray(node)) {
      hash = 0x9e3779b9;
      for (const child of node) {
        hash = mix(hash, childHash(child));
        if (containsCandidate(child)) holdsCandidate = true;
      }
    } else {
      let sum = 0;
      for (const key of Object.keys(node)) {
        const child = (node as Record<string, unknown>)[key];
        sum = (sum + mix(stringHash(key), childHash(child))) | 0;
        if (containsCandidate(child)) holdsCandidate = true;
      }
      hash = mix(0x85ebca6b, sum);
    }
    hashes.set(node, hash);
    if (holdsCandidate) candidateAncestors.add(node);
  }
}

/** The hashes of candidate nodes in a hashed tree, descending only where candidates are. */
function collectCandidates(root: unknown, candidates: Set<number>): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!containsCandidate(node)) continue;
    if (isShapeCandidate(node)) candidates.add(hashes.get(node as object) as number);
    stack.push(...(Array.isArray(node) ? node : Object.values(node as object)));
  }
}

function childHash(child: unknown): number {
  return child !== null && typeof child === "object" ? (hashes.get(child) as number) : primitiveHash(child);
}

function primitiveHash(value: unknown): number {
  return mix(typeof value === "string" ? 1 : typeof value === "number" ? 2 : 3, stringHash(String(value)));
}

function stringHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ b, 0x5bd1e995);
  h ^= h >>> 15;
  return Math.imul(h, 0x27d4eb2d) | 0;
}
