import { isObject, type JsonObject } from "../internal/own";

/**
 * Where a registered schema may sit inline in an imported tree (ArkType's JSON Schema
 * carries no names at all; Zod without `.meta({ id })` and Valibot without global
 * definitions inline nested schemas): the shapes worth a name, and a cheap key for each
 * that is the same on both sides of a schema (its property names, or its enum values), so
 * a document compares in full, and asks the library for a registered schema's other side,
 * only where keys meet. shapes.ts lists an import's candidates; the direct import
 * (direct-import.ts) lists them as it copies.
 */

/**
 * A node that could be a registered schema written inline. Nodes are numbered in the order
 * a depth-first walk of the import enters them: a node's subtree holds the numbers from
 * its own (`pre`) up to `end`, excluded, so a candidate below another is found by number.
 * A class, not a literal: every document reads thousands of these.
 */
export class Candidate {
  /** Its shape key, once asked for (`null`: computed, and it has none). */
  private shape: string | null | undefined;

  constructor(
    readonly node: object,
    /** The tree it is in: the root ("#") or a definition key. */
    readonly tree: string,
    /** Whether it is the tree's top. */
    readonly isTop: boolean,
    readonly pre: number,
    readonly end: number,
    /** The union (`anyOf`/`oneOf`) it is a branch of, if it is one. */
    readonly union: JsonObject | undefined,
  ) {}

  /** Its shape key (shapeKey), computed once. */
  get key(): string | undefined {
    if (this.shape === undefined) this.shape = shapeKey(this.node) ?? null;
    return this.shape ?? undefined;
  }
}

/** Keys whose values a candidate walk does not enter: they hold data, not schemas. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(["enum", "const", "default", "example", "examples"]);

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
