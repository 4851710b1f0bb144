import { isObject, type JsonObject } from "../internal/own";
import type { ImportedSchema } from "./import";

/**
 * Where a registered schema may sit inline in an imported tree (ArkType's JSON Schema
 * carries no names at all; Zod without `.meta({ id })` and Valibot without global
 * definitions inline nested schemas). Each candidate gets a cheap key that is the same on
 * both sides of a schema (its property names, or its enum values), so a document compares
 * in full, and asks the library for a registered schema's other side, only where keys meet.
 */

/**
 * A node that could be a registered schema written inline, and how to reach it. A class,
 * not a literal with a getter: every document reads thousands of these, and a literal with
 * an accessor gets slow property access.
 */
export class Candidate {
  constructor(
    readonly key: string,
    readonly node: object,
    /** The tree it is in: the root ("#") or a definition key. */
    readonly tree: string,
    /** The node's number in its tree, and each numbered node's parent's (-1: the top). */
    readonly index: number,
    readonly parents: readonly number[],
    private readonly keys: readonly (string | number)[],
  ) {}

  /** Whether the node is the tree's top (its path is empty). */
  get isTop(): boolean {
    return this.index === 0;
  }

  /** Keys from the tree's top down to the node; built when read, since few candidates need it. */
  get path(): (string | number)[] {
    return pathOf(this.index, this.parents, this.keys);
  }
}

const candidatesCache = new WeakMap<ImportedSchema, readonly Candidate[]>();

/**
 * Shapes worth a name: objects with properties, enums of several values, unions. Tested
 * without building a key (shape-hash.ts asks it of every node it hashes).
 */
export function isShape(node: unknown): node is JsonObject {
  if (!isObject(node)) return false;
  return (
    (isObject(node.properties) && Object.keys(node.properties).length > 0) ||
    (Array.isArray(node.enum) && node.enum.length > 1) ||
    Array.isArray(node.anyOf) ||
    Array.isArray(node.oneOf)
  );
}

/** A shape's key, the same on both sides of a schema: its property names, its enum values, or its union's size. */
export function shapeKey(node: unknown): string | undefined {
  if (!isShape(node)) return undefined;
  if (isObject(node.properties)) {
    const names = Object.keys(node.properties);
    if (names.length > 0) return `o:${names.sort().join("\u0000")}`;
  }
  if (Array.isArray(node.enum) && node.enum.length > 1) return `e:${node.enum.map((value) => JSON.stringify(value)).sort().join("\u0000")}`;
  if (Array.isArray(node.anyOf)) return `a:${node.anyOf.length}`;
  return `1:${(node.oneOf as unknown[]).length}`;
}

const frozenKeys = new WeakMap<object, string | null>();

/** shapeKey of a frozen imported node (a registered body, a body without annotations), remembered: every document asks again. */
export function frozenShapeKey(node: unknown): string | undefined {
  if (node === null || typeof node !== "object") return undefined;
  let key = frozenKeys.get(node);
  if (key === undefined) frozenKeys.set(node, (key = shapeKey(node) ?? null));
  return key ?? undefined;
}

/** Every candidate of an imported schema (root and definitions), found once per import. */
export function candidatesOf(imported: ImportedSchema, rootKey: string): readonly Candidate[] {
  let found = candidatesCache.get(imported);
  if (found) return found;
  const list: Candidate[] = [];
  collect(imported.root, rootKey, list);
  for (const [key, body] of imported.defs) collect(body, key, list);
  candidatesCache.set(imported, list);
  found = list;
  return found;
}

/**
 * Iterative, without an object per node: `nodes[i]` was reached from `nodes[parents[i]]`
 * under `keys[i]`; a path is built only when a candidate's path is read.
 */
function collect(top: unknown, tree: string, list: Candidate[]): void {
  if (top === null || typeof top !== "object") return;
  const nodes: object[] = [top];
  const parents: number[] = [-1];
  const keys: (string | number)[] = [""];
  const stack: number[] = [0];
  while (stack.length > 0) {
    const index = stack.pop() as number;
    const node = nodes[index] as object;
    const key = shapeKey(node);
    // A path per candidate up front would be quadratic in depth (each holds all its ancestors).
    if (key !== undefined) list.push(new Candidate(key, node, tree, index, parents, keys));
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) visit(node[i], i, index, nodes, parents, keys, stack);
    } else {
      for (const child of Object.keys(node)) {
        // Data keywords hold values, not schemas.
        if (child === "enum" || child === "const" || child === "default" || child === "example" || child === "examples") continue;
        visit((node as Record<string, unknown>)[child], child, index, nodes, parents, keys, stack);
      }
    }
  }
}

/** Queues one child of node `parent` for collect(). */
function visit(child: unknown, key: string | number, parent: number, nodes: object[], parents: number[], keys: (string | number)[], stack: number[]): void {
  if (child === null || typeof child !== "object") return;
  stack.push(nodes.length);
  nodes.push(child);
  parents.push(parent);
  keys.push(key);
}

function pathOf(index: number, parents: readonly number[], keys: readonly (string | number)[]): (string | number)[] {
  const path: (string | number)[] = [];
  for (let i = index; parents[i] !== -1; i = parents[i] as number) path.push(keys[i] as string | number);
  return path.reverse();
}
