/**
 * Any object tree is compared: imperfect documents, hostile keys, 20,000-level schemas;
 * inputs are never changed; the result is the same for the same inputs, whatever their key order.
 */
import { describe, expect, it } from "vitest";
import { SpecloomError, diff } from "specloom";
import { deepFreezeForTest as deepFreeze } from "../helpers/document";
import { document, operation, postPets, type Json } from "./fixtures";

/** The same JSON with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, node: unknown) =>
    node !== null && typeof node === "object" && !Array.isArray(node) ? Object.fromEntries(Object.entries(node).reverse()) : node,
  );
}

describe("diff: imperfect documents are still compared", () => {
  it("responses: null, a parameter that is a string, paths that is an array, a dangling $ref: no throw, the rest compared", () => {
    const before = document({ "/a": { get: { responses: null, parameters: ["x", { $ref: "#/nowhere" }] } }, "/b": { get: operation() } });
    const after = document({ "/a": { get: { responses: null, parameters: ["x", { $ref: "#/nowhere" }], stray: 1 } } });
    expect(diff(before, after).changes.map((change) => `${change.operation} ${change.id}`)).toEqual(["GET /b api-path-removed-without-deprecation"]);
    expect(diff({ openapi: "3.1.0", paths: [] }, { paths: "none", webhooks: 3 }).changes).toEqual([]);
  });

  it("what is not an object is a SpecloomError naming the argument", () => {
    expect(() => diff(null, {})).toThrow(SpecloomError);
    expect(() => diff({}, [])).toThrow(/^diff\(after\): expected an OpenAPI document \(an object\), found an array$/);
  });
});

describe("diff: keys from the documents are data", () => {
  it("properties and paths named __proto__, constructor and prototype are compared as any other", () => {
    const body = (properties: Json) => postPets({ requestBody: { content: { "application/json": { schema: { type: "object", properties } } } } });
    const before = JSON.parse('{"constructor":{"type":"string"}}') as Json;
    const after = JSON.parse('{"constructor":{"type":"integer"},"__proto__":{"type":"string"},"prototype":{"type":"string"}}') as Json;
    expect(diff(body(before), body(after)).changes.map((change) => `${change.id} ${change.location.split("/").pop()}`)).toEqual([
      "new-optional-request-property __proto__",
      "request-property-type-changed constructor",
      "new-optional-request-property prototype",
    ]);
    const paths = JSON.parse('{"/__proto__":{"get":{"responses":{}}},"/constructor":{"get":{"responses":{}}}}') as Json;
    expect(diff(document({}), document(paths)).changes.map((change) => change.operation)).toEqual(["GET /__proto__", "GET /constructor"]);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});

describe("diff: no recursion over the documents", () => {
  it("a schema nested 20,000 levels deep, with a change at the bottom", () => {
    const nested = (leaf: Json) => {
      let schema: Json = leaf;
      for (let i = 0; i < 20_000; i++) schema = { type: "object", properties: { a: schema } };
      return postPets({ requestBody: { content: { "application/json": { schema } } } });
    };
    const { changes } = diff(nested({ type: "string" }), nested({ type: "string", maxLength: 3 }));
    expect(changes.map((change) => change.id)).toEqual(["request-property-max-length-set"]);
    expect(changes[0]?.location.split("/properties/a").length).toBe(20_001);
  });

  it("10,000 callbacks nested in callbacks", () => {
    const nested = (leaf: Json) => {
      let op: Json = leaf;
      for (let i = 0; i < 10_000; i++) op = operation({ callbacks: { c: { "{$url}": { post: op } } } });
      return document({ "/a": { post: op } });
    };
    const { changes } = diff(nested(operation()), nested(operation({ deprecated: true })));
    expect(changes.map((change) => change.id)).toEqual(["endpoint-deprecated"]);
  });
});

describe("diff: inputs and output", () => {
  const before = postPets({ parameters: [{ name: "q", in: "query", schema: { type: "string", enum: ["a", "b"] } }], tags: ["x"] });
  const after = postPets({ parameters: [{ name: "q", in: "query", required: true, schema: { type: "string", enum: ["b", "c"] } }], tags: ["y"] });

  it("the result is deeply frozen", () => {
    const result = diff(before, after);
    expect([Object.isFrozen(result), Object.isFrozen(result.changes), result.changes.every((change) => Object.isFrozen(change))]).toEqual([true, true, true]);
  });

  it("deeply frozen inputs are read, never changed", () => {
    const [b, a] = [structuredClone(before), structuredClone(after)];
    const result = diff(deepFreeze(b), deepFreeze(a));
    expect(result.changes.map((change) => change.id)).toEqual([
      "request-parameter-became-required",
      "request-parameter-enum-value-added",
      "request-parameter-enum-value-removed",
      "api-tag-added",
      "api-tag-removed",
    ]);
    expect([b, a]).toEqual([before, after]);
  });

  it("the same changes, in the same order, whatever the key order of the inputs", () => {
    expect(JSON.stringify(diff(reversedKeys(before), reversedKeys(after)))).toBe(JSON.stringify(diff(before, after)));
  });

  it("ignore leaves out an id, at one operation or under one pointer", () => {
    const all = diff(before, after).changes.map((change) => change.id);
    const kept = (ignore: Parameters<typeof diff>[2]) => diff(before, after, ignore).changes.map((change) => change.id);
    expect(kept({ ignore: [{ id: "api-tag-added" }] })).toEqual(all.filter((id) => id !== "api-tag-added"));
    expect(kept({ ignore: [{ id: "api-tag-added", operation: "GET /other" }] })).toEqual(all);
    expect(kept({ ignore: [{ id: "request-parameter-enum-value-removed", location: "/paths/~1pets/post/parameters/0" }] })).toEqual(all.filter((id) => id !== "request-parameter-enum-value-removed"));
  });
});
