/**
 * Each schema pair is compared once, whatever reaches it: documents that contain themselves
 * (JS object cycles, as a dereferencing tool writes a recursive schema), components shared
 * by many operations, and one component reached by many paths from one response.
 */
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { document, operation, postPets, type Json } from "./fixtures";

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const ok = (schema: unknown) => ({ responses: { "200": { description: "OK", ...json(schema) } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const summary = (result: ReturnType<typeof diff>) => result.changes.map((change) => `${change.operation ?? "-"} ${change.id} ${change.location}: ${change.message}`);

describe("diff: documents that contain themselves", () => {
  /** A recursive schema with its recursion as an object cycle: `next` is the schema itself. */
  const linked = (nameType: string): Json => {
    const node: Json = { type: "object", properties: { name: { type: nameType } } };
    (node.properties as Json).next = node;
    return node;
  };

  it("a schema whose property is the schema itself: the change inside is found once, at its shortest path", () => {
    const result = diff(postPets({ requestBody: json(linked("string")) }), postPets({ requestBody: json(linked("integer")) }));
    expect(summary(result)).toEqual([
      "POST /pets request-property-type-changed /paths/~1pets/post/requestBody/content/application~1json/schema/properties/name: the property name of the request body (application/json): the type changed from string to integer",
    ]);
  });

  it("the same cyclic schema in both documents (one object): no change", () => {
    const shared = linked("string");
    expect(diff(postPets({ requestBody: json(shared) }), postPets({ requestBody: json(shared) })).changes).toEqual([]);
  });

  it("two cycles through each other, in a request and a response", () => {
    const pair = (extra: Json): Json => {
      const a: Json = { type: "object", properties: {} };
      const b: Json = { type: "object", properties: { a, ...extra } };
      (a.properties as Json).b = b;
      return a;
    };
    const before = postPets({ requestBody: json(pair({})), ...ok(pair({})) });
    const after = postPets({ requestBody: json(pair({ tag: { type: "string" } })), ...ok(pair({ tag: { type: "string" } })) });
    expect(summary(diff(before, after)).map((line) => line.split(": ").slice(0, 2).join(": "))).toEqual([
      "POST /pets new-optional-request-property /paths/~1pets/post/requestBody/content/application~1json/schema/properties/b/properties/tag: the property b/tag of the request body (application/json)",
      "POST /pets response-optional-property-added /paths/~1pets/post/responses/200/content/application~1json/schema/properties/b/properties/tag: the property b/tag of the response 200 (application/json)",
    ]);
  });

  it("a callback whose operation is the operation itself, a path item that contains the document", () => {
    const make = (deprecated: boolean) => {
      const post: Json = operation({ deprecated });
      post.callbacks = { again: { "{$request.body#/url}": { post } } };
      const doc = document({ "/pets": { post } });
      (doc.paths as Json)["/pets"] = { post, "x-document": doc };
      (doc as Json).components = { schemas: { Doc: doc } };
      return doc;
    };
    // The callback's operation is the pair of operations already compared: each pair once.
    const changes = diff(make(false), make(true)).changes.map((change) => `${change.operation} ${change.id}`);
    expect(changes).toEqual(["POST /pets endpoint-deprecated"]);
  });
});

describe("diff: a component shared by many operations", () => {
  const OPERATIONS = 50;
  const api = (code: Json) => {
    const paths: Json = {};
    for (let i = 0; i < OPERATIONS; i++) paths[`/things/${String(i).padStart(2, "0")}`] = { get: { responses: { "200": { description: "OK", ...json(ref("Thing")) }, default: { description: "Error", ...json(ref("Error")) } } } };
    const error = { type: "object", properties: { code, inner: ref("Error"), causes: { type: "array", items: ref("Error") } } };
    return document(paths, { components: { schemas: { Error: error, Thing: { type: "object", properties: { error: ref("Error"), errors: { type: "array", items: ref("Error") } } } } } });
  };
  const before = api({ type: "string", enum: ["a"] });
  const after = api({ type: "string", enum: ["a", "b"] });

  it("one distinct change, with every operation, sorted", () => {
    const { distinct } = diff(before, after);
    const operations = Array.from({ length: OPERATIONS }, (_, i) => `GET /things/${String(i).padStart(2, "0")}`);
    expect(distinct).toEqual([
      {
        id: "response-property-enum-value-added",
        level: "error",
        location: "/components/schemas/Error/properties/code",
        message: 'the property code of the schema Error: the value "b" was added to the enum',
        operations,
      },
    ]);
  });

  it("changes: one per operation and response, at the shortest path from each", () => {
    const { changes } = diff(before, after);
    expect(changes.length).toBe(2 * OPERATIONS);
    expect(changes.slice(0, 2).map((change) => change.message)).toEqual([
      'the property code of the response DEFAULT (application/json): the value "b" was added to the enum',
      'the property error/code of the response 200 (application/json): the value "b" was added to the enum',
    ]);
    expect(new Set(changes.map((change) => change.location))).toEqual(new Set(["/components/schemas/Error/properties/code"]));
  });

  it("the same component reached from a request body and a response: two changes at the operation, each with its id", () => {
    const make = (code: Json) => postPets({ requestBody: json(ref("Error")), ...ok({ type: "array", items: ref("Error") }) }, { components: { schemas: { Error: { type: "object", properties: { code } } } } });
    const result = diff(make({ type: "integer" }), make({ type: "integer", maximum: 10 }));
    expect(summary(result)).toEqual([
      "POST /pets request-property-max-set /components/schemas/Error/properties/code: the property code of the request body (application/json): maximum 10 was set",
      "POST /pets response-property-max-set /components/schemas/Error/properties/code: the property items/code of the response 200 (application/json): maximum 10 was set",
    ]);
    expect(result.distinct.map((change) => `${change.id}: ${change.message} ${change.operations.join()}`)).toEqual([
      "request-property-max-set: the property code of the schema Error: maximum 10 was set POST /pets",
      "response-property-max-set: the property code of the schema Error: maximum 10 was set POST /pets",
    ]);
  });

  it("a change in an inline schema: distinct names it as the operation does", () => {
    const result = diff(postPets(ok({ type: "string" })), postPets(ok({ type: "integer" })));
    expect(result.distinct).toEqual([
      {
        id: "response-body-type-changed",
        level: "error",
        location: "/paths/~1pets/post/responses/200/content/application~1json/schema",
        message: "the response 200 (application/json): the type changed from string to integer",
        operations: ["POST /pets"],
      },
    ]);
  });

  it("a change of the whole document is a distinct change with no operation", () => {
    const result = diff(document({}, { components: { schemas: { Gone: { type: "string" } } } }), document({}));
    expect(result.distinct.map((change) => [change.id, change.operations])).toEqual([["api-schema-removed", []]]);
  });

  it("an ignored operation leaves the distinct change with the others; distinct is deeply frozen", () => {
    const result = diff(before, after, { ignore: [{ id: "response-property-enum-value-added", operation: "GET /things/00" }] });
    expect(result.distinct[0]?.operations.length).toBe(OPERATIONS - 1);
    expect([Object.isFrozen(result.distinct), Object.isFrozen(result.distinct[0]), Object.isFrozen(result.distinct[0]?.operations)]).toEqual([true, true, true]);
  });
});

describe("diff: a graph of components, each pair compared once", () => {
  /** `count` components in a ring, each referring to the next one and the one after; operation i returns component i. */
  const ring = (count: number, changed: number, maxLength: number): Json => {
    const schemas: Json = {};
    const paths: Json = {};
    for (let i = 0; i < count; i++) {
      const name = `C${i}`;
      schemas[name] = { type: "object", properties: { next: ref(`C${(i + 1) % count}`), skip: ref(`C${(i + 2) % count}`), label: { type: "string", ...(i === changed ? { maxLength } : {}) } } };
      paths[`/c/${i}`] = { get: ok(ref(name)) };
    }
    return document(paths, { components: { schemas } });
  };

  it("a ring of 400 components every operation reaches whole: one change, at every operation, at its shortest path", () => {
    const result = diff(ring(400, 7, 10), ring(400, 7, 20));
    expect(result.distinct.map((change) => [change.id, change.location, change.operations.length])).toEqual([["response-property-max-length-increased", "/components/schemas/C7/properties/label", 400]]);
    const at = (operation: string) => result.changes.find((change) => change.operation === operation)?.message;
    expect(at("GET /c/7")).toBe("the property label of the response 200 (application/json): maxLength changed from 10 to 20");
    expect(at("GET /c/6")).toBe("the property next/label of the response 200 (application/json): maxLength changed from 10 to 20");
    expect(at("GET /c/5")).toBe("the property skip/label of the response 200 (application/json): maxLength changed from 10 to 20");
    // 399 steps ahead: 199 skips and one next, the next first (the first in alphabetical order of the shortest paths).
    expect(at("GET /c/8")?.split(" of the response")[0]).toBe(`the property next/${"skip/".repeat(199)}label`);
  });
});
