/**
 * Properties of diff() on random input (fast-check, seeded and bounded): any object tree is
 * compared without throwing, twice the same; a random document against a copy of itself, or
 * against the same document with its keys in another order, has no change; and swapping the
 * two documents turns each addition into a removal.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { buildDocument } from "../fuzz/arbitraries/build-document";
import { documentPlan } from "../fuzz/arbitraries/documents";

const SEED = 20_251_126;
const reversedKeys = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_key, node: unknown) => (node !== null && typeof node === "object" && !Array.isArray(node) ? Object.fromEntries(Object.entries(node).reverse()) : node));

/** Trees with the keys of OpenAPI documents, so random values reach every check. */
const KEYS = ["openapi", "paths", "/a", "/a/{id}", "get", "post", "query", "parameters", "requestBody", "responses", "200", "default", "content", "application/json", "schema", "type", "properties", "required", "items", "allOf", "oneOf", "anyOf", "$ref", "security", "webhooks", "callbacks", "name", "in", "enum", "nullable", "deprecated", "x-sunset", "headers", "additionalOperations", "__proto__", "constructor"];
const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.jsonValue({ maxDepth: 1 }), fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(fc.constantFrom(...KEYS), tie("node"), { maxKeys: 5 })),
})).node;
const object = fc.dictionary(fc.constantFrom(...KEYS), tree, { maxKeys: 6 });

describe("diff: properties on random input", () => {
  it("any two object trees are compared without throwing, the same way twice", () => {
    fc.assert(
      fc.property(object, object, (before, after) => {
        const first = diff(before, after, { today: "2026-01-01" });
        expect(JSON.stringify(diff(structuredClone(before), structuredClone(after), { today: "2026-01-01" }))).toBe(JSON.stringify(first));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("a random document against its copy, or its keys reversed, has no change", () => {
    fc.assert(
      fc.property(documentPlan, (plan) => {
        const document = buildDocument(plan);
        expect(diff(document, structuredClone(document)).changes).toEqual([]);
        expect(diff(document, reversedKeys(document)).changes).toEqual([]);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it("against an empty document, every operation is removed; the other way round, added", () => {
    fc.assert(
      fc.property(documentPlan, (plan) => {
        const document = buildDocument(plan);
        const empty = { openapi: document.openapi, info: document.info, paths: {}, ...(document.components === undefined ? {} : { components: document.components }) };
        const removed = diff(document, empty).changes.map((change) => change.operation);
        const added = diff(empty, document).changes.map((change) => change.operation);
        expect(removed).toEqual(added);
        expect(diff(empty, document).changes.every((change) => change.id === "endpoint-added" || change.id === "webhook-added")).toBe(true);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
