import { isShape } from "./shapes";

/**
 * Fingerprints of frozen imported nodes, for telling whether an inline node is a
 * registered schema's body: a hash of the node's own level that rejects most candidates
 * cheaply, then a structural hash of the whole tree (computed once per subtree, so nested
 * candidates cost linear work), then the JSON text, which decides (compared, not written).
 */

/**
 * Whether two frozen imported nodes have the same JSON text, decided without writing it:
 * the same keys in the same order (one library writes one schema with its keys in one
 * order), and values JSON writes alike (a number that is not finite is written `null`).
 * Stops at the first difference; allocates no string. Iterative: two parallel stacks.
 */
export function sameText(a: object, b: object): boolean {
  const xs: unknown[] = [a];
  const ys: unknown[] = [b];
  while (xs.length > 0) {
    const x = xs.pop();
    const y = ys.pop();
    if (x === y) continue;
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object") {
      if (!sameScalarText(x, y)) return false;
      continue;
    }
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) {
        xs.push(x[i]);
        ys.push(y[i]);
      }
      continue;
    }
    if (Array.isArray(y)) return false;
    const xKeys = Object.keys(x);
    const yKeys = Object.keys(y);
    if (xKeys.length !== yKeys.length) return false;
    for (let i = 0; i < xKeys.length; i++) {
      const key = xKeys[i] as string;
      if (key !== yKeys[i]) return false;
      xs.push((x as Record<string, unknown>)[key]);
      ys.push((y as Record<string, unknown>)[key]);
    }
  }
  return true;
}

/** Two values that are not objects, as JSON writes them: `null` for null and for numbers that are not finite. */
function sameScalarText(x: unknown, y: unknown): boolean {
  const xNull = x === null || (typeof x === "number" && !Number.isFinite(x));
  const yNull = y === null || (typeof y === "number" && !Number.isFinite(y));
  return xNull && yNull;
}

/**
 * A structural fingerprint of a frozen imported node, equal for equal trees whatever their
 * key order (so equal JSON text implies an equal hash). Computed bottom-up without
 * recursion. Remembered for the nodes a later call may start from or meet again (the
 * root asked for, and shapes: objects with properties, enums, unions), so each subtree is
 * hashed about once per process, while the many leaves below a shape hold no weak entry
 * (each costs the garbage collector on every collection).
 */
const hashes = new WeakMap<object, number>();

export function shapeHash(root: object): number {
  const known = hashes.get(root);
  if (known !== undefined) return known;
  // This call's hashes of nodes not remembered; two parallel stacks: no object per node.
  const local = new Map<object, number>();
  const hashOf = (node: object): number | undefined => local.get(node) ?? hashes.get(node);
  const nodes: object[] = [root];
  const expanded: boolean[] = [false];
  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const node = nodes[top] as object;
    if (!expanded[top]) {
      expanded[top] = true;
      const children = Array.isArray(node) ? node : Object.values(node);
      for (const child of children) {
        if (child !== null && typeof child === "object" && hashOf(child) === undefined) {
          nodes.push(child);
          expanded.push(false);
        }
      }
      continue;
    }
    nodes.pop();
    expanded.pop();
    // A node met twice below one parent (shared) is hashed once.
    if (hashOf(node) !== undefined) continue;
    let hash: number;
    if (Array.isArray(node)) {
      hash = 0x9e3779b9;
      for (const child of node) hash = mix(hash, valueHash(child, hashOf));
    } else {
      let sum = 0;
      for (const key of Object.keys(node)) sum = (sum + mix(stringHash(key), valueHash((node as Record<string, unknown>)[key], hashOf))) | 0;
      hash = mix(0x85ebca6b, sum);
    }
    if (node === root || isShape(node)) hashes.set(node, hash);
    else local.set(node, hash);
  }
  return hashes.get(root) as number;
}

const shallowHashes = new WeakMap<object, number>();

/**
 * A hash of a node's own level: its keys, its scalar values, and the size of each child
 * (not the child's content). Equal JSON text implies an equal hash, so registered bodies are
 * looked up by it, and only a candidate that meets one at this level pays for the
 * structural hash of its subtree. Remembered per node, for the next document.
 */
export function shallowHash(node: object): number {
  const known = shallowHashes.get(node);
  if (known !== undefined) return known;
  let hash: number;
  if (Array.isArray(node)) {
    hash = 0x9e3779b9 ^ node.length;
    for (const child of node) hash = mix(hash, levelHash(child));
  } else {
    let sum = 0;
    for (const key of Object.keys(node)) sum = (sum + mix(stringHash(key), levelHash((node as Record<string, unknown>)[key]))) | 0;
    hash = mix(0x85ebca6b, sum);
  }
  shallowHashes.set(node, hash);
  return hash;
}

/** A value as seen from its parent's level: a scalar in full, an array or object by its size. */
function levelHash(value: unknown): number {
  if (value === null || typeof value !== "object") return scalarHash(value);
  return Array.isArray(value) ? mix(4, value.length) : mix(5, Object.keys(value).length);
}

function scalarHash(value: unknown): number {
  return mix(typeof value === "string" ? 1 : typeof value === "number" ? 2 : 3, stringHash(String(value)));
}

function valueHash(value: unknown, hashOf: (node: object) => number | undefined): number {
  if (value !== null && typeof value === "object") return hashOf(value) as number;
  return scalarHash(value);
}

function stringHash(text: string): number {
  let hash = 0x811c9dc5 ^ text.length;
  // Long strings (regular expressions) are sampled: the full comparison that follows a hit decides.
  const step = text.length > 64 ? Math.floor(text.length / 32) : 1;
  for (let i = 0; i < text.length; i += step) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ b, 0x5bd1e995);
  h ^= h >>> 15;
  return Math.imul(h, 0x27d4eb2d) | 0;
}
