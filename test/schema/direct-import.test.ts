/**
 * The direct import (one walk, for answers already in the document's dialect) must give
 * exactly what the converting walk gives, or give up: the same trees with the same key
 * order, every node frozen and marked as holding a `$ref` alike, the same edges and first
 * properties, and the same candidates for recognition in the same order. Checked on
 * answers shaped like the libraries' and on hostile ones (test/fuzz's JSON Schema trees).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidatesOf } from "../../src/schema/shapes";
import type { Candidate } from "../../src/schema/candidates";
import type { ImportedSchema } from "../../src/schema/import";
import { convertingImport, directImportOf } from "../../src/schema/import";
import type { DirectImport } from "../../src/schema/direct-import";
import { holdsRef } from "../../src/schema/ref-marks";
import { jsonSchema, type Json } from "../fuzz/arbitraries/json-schema";

const NAMES = ["a", "b", "id", "items", "properties", "anyOf", "enum", "default", "__proto__", "x-a"];
const DEFS = ["A", "B", "__schema0"];

/** Answers as libraries write them: objects, arrays, unions, enums, references to root definitions, annotations. */
const libraryNode: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => {
  const node = tie("node");
  const properties = fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), node), { minLength: 1, maxLength: 4, selector: ([key]) => key }).map((entries) => Object.fromEntries(entries) as Json);
  return {
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.record({ type: fc.constantFrom("string", "integer", "number", "boolean") }, { requiredKeys: [] }),
      fc.record({ type: fc.constant("string"), format: fc.constantFrom("uuid", "email", "binary", "date-time"), maxLength: fc.nat(9) }, { requiredKeys: ["type"] }),
      fc.record({ type: fc.constant("object"), properties, required: fc.constant<Json>(["a"]), additionalProperties: fc.oneof(fc.boolean(), node), description: fc.string({ maxLength: 3 }) }, { requiredKeys: ["properties"] }),
      fc.record({ type: fc.constant("array"), items: node, maxItems: fc.nat(9) }, { requiredKeys: ["items"] }),
      fc.record({ anyOf: fc.array(node, { minLength: 0, maxLength: 3 }), default: fc.constant(null) }, { requiredKeys: ["anyOf"] }),
      fc.record({ oneOf: fc.array(node, { minLength: 1, maxLength: 3 }) }),
      fc.record({ enum: fc.array(fc.oneof(fc.string({ maxLength: 2 }), fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 3 }), type: fc.constant("string") }, { requiredKeys: ["enum"] }),
      fc.record({ $ref: fc.constantFrom("#", "#/$defs/A", "#/$defs/B", "#/$defs/__schema0", "#/properties/a"), description: fc.string({ maxLength: 2 }) }, { requiredKeys: ["$ref"] }),
      fc.record({ allOf: fc.array(node, { minLength: 1, maxLength: 2 }), "x-data": fc.constantFrom<Json>(1, [1, 2], { properties: { a: { type: "string" } } }) }, { requiredKeys: ["allOf"] }),
      fc.record({ type: fc.constant("object"), propertyNames: node, $id: fc.constant("x"), $schema: fc.constant("y") }, { requiredKeys: ["type"] }),
      fc.boolean(),
    ),
  };
}).node;

const libraryAnswer: fc.Arbitrary<Json> = fc
  .tuple(libraryNode, fc.uniqueArray(fc.tuple(fc.constantFrom(...DEFS), libraryNode), { maxLength: 3, selector: ([key]) => key }))
  .map(([root, defs]) => {
    const answer: Record<string, Json> = { $schema: "https://json-schema.org/draft/2020-12/schema", ...(root !== null && typeof root === "object" && !Array.isArray(root) ? root : { type: "string" }) };
    if (defs.length > 0) answer.$defs = Object.fromEntries(defs) as Json;
    return answer;
  });

const SKIP = new Set(["$schema", "$id", "$defs", "definitions"]);

/** Each object of a result by its path from its tree's top ("#" or a definition key, then keys). */
function paths(result: DirectImport): Map<object, string> {
  const found = new Map<object, string>();
  const trees: [string, unknown][] = [["#", result.root], ...result.defs];
  for (const [tree, top] of trees) {
    const stack: [unknown, string][] = [[top, tree]];
    while (stack.length > 0) {
      const [node, path] = stack.pop() as [unknown, string];
      if (node === null || typeof node !== "object") continue;
      found.set(node, path);
      for (const key of Object.keys(node)) stack.push([(node as Record<string, unknown>)[key], `${path}/${key}`]);
    }
  }
  return found;
}

/** Every node's path with whether it is frozen and holds a `$ref`. */
function marks(result: DirectImport): string[] {
  return [...paths(result)].map(([node, path]) => `${path} frozen:${Object.isFrozen(node)} ref:${holdsRef(node)}`).sort();
}

function describeCandidates(list: readonly Candidate[], result: DirectImport): string[] {
  const where = paths(result);
  return list.map((c) => `${where.get(c.node)} tree:${c.tree} top:${c.isTop} union:${c.union === undefined ? "-" : where.get(c.union)}`);
}

/** Containment by numbers must be containment by path. */
function checkNumbers(list: readonly Candidate[], result: DirectImport): void {
  const where = paths(result);
  for (const outer of list) {
    for (const inner of list) {
      if (outer === inner) continue;
      const byPath = (where.get(inner.node) as string).startsWith(`${where.get(outer.node) as string}/`);
      expect(outer.pre < inner.pre && inner.pre < outer.end, `${where.get(outer.node)} above ${where.get(inner.node)}`).toBe(byPath);
    }
  }
}

/** The result of a walk, or the message it threw. */
function attempt<T>(walk: () => T): T | string {
  try {
    return walk();
  } catch (error) {
    return String(error);
  }
}

function compare(raw: Json): boolean {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return false;
  const direct = attempt(() => directImportOf(structuredClone(raw), SKIP, "zod", "here"));
  const converted = attempt(() => convertingImport(structuredClone(raw), SKIP, "draft-2020-12", "3.1", "zod", "here"));
  // Both refuse a malformed container of definitions alike, before either walks.
  if (typeof direct === "string") {
    expect(converted).toBe(direct);
    return false;
  }
  if (direct === undefined) return false;
  if (typeof converted === "string") throw new Error(`the direct import took what the converting walk refuses: ${converted}`);
  expect(JSON.stringify(direct.root)).toBe(JSON.stringify(converted.root));
  expect([...direct.defs].map(([key, body]) => [key, JSON.stringify(body)])).toEqual([...converted.defs].map(([key, body]) => [key, JSON.stringify(body)]));
  expect(marks(direct)).toEqual(marks(converted));
  expect([...direct.edges]).toEqual([...converted.edges]);
  expect([...direct.firstProperty]).toEqual([...converted.firstProperty]);
  if (direct.candidates !== undefined) {
    const collected = candidatesOf({ root: converted.root, defs: converted.defs, candidates: undefined } as unknown as ImportedSchema);
    expect(describeCandidates(direct.candidates, direct)).toEqual(describeCandidates(collected, converted));
    checkNumbers(direct.candidates, direct);
  }
  return true;
}

describe("the direct import gives what the converting walk gives", () => {
  it("on answers shaped like the libraries'", () => {
    let direct = 0;
    fc.assert(
      fc.property(libraryAnswer, (raw) => {
        if (compare(raw)) direct++;
      }),
      { seed: 33, numRuns: 600 },
    );
    // Most of them take the direct walk, so the comparison means something.
    expect(direct).toBeGreaterThan(200);
  });

  it("on hostile answers", () => {
    fc.assert(
      fc.property(jsonSchema, (raw) => {
        compare(raw);
      }),
      { seed: 34, numRuns: 600 },
    );
  });

  it("gives up on what only the converting walk handles", () => {
    const giveUp = (raw: Record<string, unknown>) => expect(directImportOf(raw, SKIP, "zod", "here")).toBeUndefined();
    giveUp({ type: "object", properties: { a: { $defs: { X: { type: "string" } } } } });
    giveUp({ type: "string", $anchor: "x" });
    giveUp({ type: "string", format: "binary" });
    giveUp({ anyOf: [] });
    giveUp({ type: 5 });
    giveUp({ properties: { a: { $ref: "#/nowhere" } } });
  });
});
