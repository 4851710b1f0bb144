/**
 * Failures (issue point 6) and scale (issue point 7): vendors that throw, return something
 * that is not a JSON Schema, or refer to definitions they do not have; values in schema
 * positions that are not Standard JSON Schemas; 20,000-level deep schemas; and one vendor
 * call per target and side however often a schema object is used.
 */
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SpecloomError, type RouteShorthand, type StandardJSONSchemaV1 } from "specloom";
import { danglingRefs, leftoverKeys } from "../helpers/document";
import {
  accepts,
  bodySchema,
  build,
  component,
  expectCleanDocument,
  fixed,
  handMade,
  isNode,
  recording,
  refName,
  responseSchema,
  thrown,
  vb,
  VERSIONS,
  type Node,
} from "./support";

describe.each(VERSIONS)("OpenAPI %s", (version) => {
  describe("SCHEMA_RESOLUTION_FAILED", () => {
    it("a vendor that throws: names the route and position, keeps the vendor's error as cause", () => {
      const failure = new Error("cannot represent this");
      const Broken = handMade(() => {
        throw failure;
      });
      const error = thrown(() => build(version, { "POST /broken": { body: Broken } }));
      expect(error).toBeInstanceOf(SpecloomError);
      expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
      expect(error.message).toContain("POST /broken");
      expect(error.message).toContain("body");
      expect(error.message).toContain("cannot represent this");
      expect(error.cause).toBe(failure);
    });

    it("a vendor that throws for a named schema: names the route, the position and the schema", () => {
      const failure = new Error("nope");
      const Broken = handMade(() => {
        throw failure;
      });
      // The schema object itself, or its registered name, at a status: the route and the status are named.
      for (const use of [Broken, "Thing"]) {
        const error = thrown(() => build(version, { "GET /things": { 200: use } }, { schemas: { Thing: Broken } }));
        expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
        expect(error.message.startsWith('paths["GET /things"][200] (schema "Thing"): ')).toBe(true);
        expect(error.cause).toBe(failure);
      }
    });

    it("zod: a transform in a response position (its output cannot be JSON Schema)", () => {
      const Transformed = z.object({ n: z.string().transform(Number) });
      const error = thrown(() => build(version, { "GET /numbers": { 200: Transformed } }));
      expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
      expect(error.message).toContain("GET /numbers");
      expect(error.message).toContain("200");
      expect(error.cause).toBeInstanceOf(Error);
      expect((error.cause as Error).message).toMatch(/transform/i);
    });

    it("valibot: a transform in a response position", () => {
      const error = thrown(() => build(version, { "GET /numbers": { 200: vb(v.pipe(v.string(), v.transform(Number))) } }));
      expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
      expect(error.cause).toBeInstanceOf(Error);
    });

    it.each([
      ["null", null],
      ["a string", "{}"],
      ["a number", 42],
      ["undefined", undefined],
      ["an array", [{ type: "string" }]],
    ])("a vendor that returns %s", (_label, returned) => {
      const Odd = handMade(() => returned);
      const error = thrown(() => build(version, { "PUT /odd": { body: Odd } }));
      expect(error).toBeInstanceOf(SpecloomError);
      expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
      expect(error.message).toContain("PUT /odd");
      expect(error.message).toContain("body");
    });

    it.each([
      ["a missing $defs entry", { type: "object", properties: { a: { $ref: "#/$defs/Missing" } }, $defs: { Present: { type: "string" } } }],
      ["a missing definitions entry", { type: "array", items: { $ref: "#/definitions/Missing" } }],
      ["a remote document", { $ref: "https://example.com/schemas/pet.json" }],
      ["a JSON pointer into nothing", { type: "object", properties: { a: { $ref: "#/properties/nothing" } } }],
    ])("a vendor whose $ref cannot be resolved: %s", (_label, json) => {
      const error = thrown(() => build(version, { "GET /refs": { 200: fixed(json) } }));
      expect(error).toBeInstanceOf(SpecloomError);
      expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
      expect(error.message).toContain("GET /refs");
      expect(error.message).toContain("200");
    });

    it("an unresolvable $ref in a registered schema names the schema", () => {
      const error = thrown(() => build(version, {}, { schemas: { Dangling: fixed({ $ref: "#/$defs/Gone" }) } }));
      expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
      expect(error.message).toContain("Dangling");
    });
  });

  describe("target fallback", () => {
    it("a vendor without openapi-3.0 or draft-2020-12 is asked for draft-07, and its draft-07 is converted", async () => {
      const asked: string[] = [];
      const Draft07Only = handMade((_side, target) => {
        asked.push(target);
        if (target !== "draft-07") throw new Error(`no ${target}`);
        return {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          properties: { pair: { type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false }, item: { $ref: "#/definitions/Item" } },
          required: ["pair", "item"],
          definitions: { Item: { type: "integer", exclusiveMinimum: 0 } },
        };
      });
      const doc = build(version, { "POST /d7": { body: Draft07Only } });
      await expectCleanDocument(doc);
      expect(asked).toEqual(version === "3.0.3" ? ["openapi-3.0", "draft-2020-12", "draft-07"] : ["draft-2020-12", "draft-07"]);
      const body = bodySchema(doc, "POST /d7");
      expect(accepts(doc, body, { pair: ["a", 1], item: 3 })).toBe(true);
      expect(accepts(doc, body, { pair: ["a", 1], item: 0 })).toBe(false);
      if (version !== "3.0.3") expect(accepts(doc, body, { pair: [1, "a"], item: 3 })).toBe(false);
    });

    it("arktype (no openapi-3.0 target) produces a document in both versions", async () => {
      const doc = build(version, { "POST /a": { body: type({ n: "0 < number <= 5", s: "string | null" }) } });
      await expectCleanDocument(doc);
      expect(accepts(doc, bodySchema(doc, "POST /a"), { n: 5, s: "x" })).toBe(true);
      expect(accepts(doc, bodySchema(doc, "POST /a"), { n: 0, s: "x" })).toBe(false);
    });
  });

  describe("INVALID_DEFINITION for values that are not Standard JSON Schemas", () => {
    const rawValibot = v.object({ name: v.string() });
    const standardOnly = { "~standard": { version: 1, vendor: "somelib", validate: (value: unknown) => ({ value }) } };

    it.each([
      ["the request body", (s: unknown): Record<string, RouteShorthand> => ({ "POST /x": { body: s as StandardJSONSchemaV1 } })],
      ["a response", (s: unknown): Record<string, RouteShorthand> => ({ "POST /x": { 200: s as StandardJSONSchemaV1 } })],
      ["the query", (s: unknown): Record<string, RouteShorthand> => ({ "POST /x": { query: s as StandardJSONSchemaV1 } })],
      ["a body shorthand's schema", (s: unknown): Record<string, RouteShorthand> => ({ "POST /x": { body: { schema: s as StandardJSONSchemaV1, contentType: "application/json" } } })],
    ])("a Valibot schema not wrapped with toStandardJsonSchema, as %s: says what was found", (_where, paths) => {
      const error = thrown(() => build(version, paths(rawValibot)));
      expect(error).toBeInstanceOf(SpecloomError);
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toContain("POST /x");
      expect(error.message, "the message says it found a Valibot schema without JSON Schema support").toMatch(/valibot/i);
    });

    it("a Valibot schema not wrapped, in schemas: says what was found", () => {
      const error = thrown(() => build(version, {}, { schemas: { Named: rawValibot as unknown as StandardJSONSchemaV1 } }));
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toContain("Named");
      expect(error.message).toMatch(/valibot/i);
    });

    it.each([
      ["a number", 42, /number/],
      ["a string in the query", "string", /string/],
      ["null", null, /null/],
      ["a Standard Schema without jsonSchema", standardOnly, /somelib|jsonSchema/],
      ["a function", () => ({}), /function/],
    ])("%s in a schema position", (_label, value, mentions) => {
      const error = thrown(() => build(version, { "GET /y": { query: value as unknown as StandardJSONSchemaV1 } }));
      expect(error).toBeInstanceOf(SpecloomError);
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toContain("GET /y");
      expect(error.message).toMatch(mentions);
    });

    it("a number as a registered schema", () => {
      const error = thrown(() => build(version, {}, { schemas: { Num: 7 as unknown as StandardJSONSchemaV1 } }));
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toContain("Num");
      expect(error.message).toMatch(/number/);
    });
  });
});

// ---------------------------------------------------------------------------------------
// Scale

const DEPTH = 20_000;

function nestedObjects(depth: number): Node {
  let schema: Node = { type: "string", minLength: 1 };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { a: schema }, required: ["a"] };
  return schema;
}

function nullableArrays(depth: number): Node {
  // anyOf with a null branch at every level: the 3.0 conversion works on each of them.
  let schema: Node = { const: "leaf" };
  for (let i = 0; i < depth; i++) schema = { anyOf: [{ type: "array", items: schema, minItems: 1 }, { type: "null" }] };
  return schema;
}

function definitionChain(depth: number): Node {
  // Generated definitions 0 -> 1 -> ... -> depth-1: all inlined, one inside the next.
  const defs: Node = {};
  for (let i = 0; i < depth; i++) defs[String(i)] = i === depth - 1 ? { type: "integer", exclusiveMinimum: 0 } : { type: "array", items: { $ref: `#/$defs/${i + 1}` } };
  return { $ref: "#/$defs/0", $defs: defs };
}

function selfReferenceAtTheBottom(depth: number): Node {
  let schema: Node = { anyOf: [{ $ref: "#" }, { type: "boolean" }] };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { a: schema } };
  return schema;
}

/** How many `key` steps lead down from `schema` (following `$ref`s into the document), and what is at the end. */
function descend(doc: unknown, schema: unknown, step: (s: Node) => unknown, limit: number): { levels: number; end: Node } {
  let current = schema as Node;
  let levels = 0;
  while (levels < limit) {
    if (typeof current.$ref === "string") current = component(doc, refName(current) as string);
    const next = step(current);
    if (!isNode(next)) return { levels, end: current };
    current = next;
    levels++;
  }
  return { levels, end: current };
}

const generators = [
  ["nested object properties", nestedObjects],
  ["nullable arrays (anyOf with null)", nullableArrays],
  ["a chain of generated definitions", definitionChain],
  ["a self-reference at the bottom", selfReferenceAtTheBottom],
] as const;

describe.each(VERSIONS)("OpenAPI %s: no recursion over vendor output", (version) => {
  it.each(generators)(`a ${DEPTH}-level deep schema converts: %s`, (_label, generate) => {
    const Deep = handMade(() => generate(DEPTH));
    const doc = build(version, { "POST /deep": { body: Deep } });
    // The official validator recurses over the document itself and cannot take 20,000 levels;
    // these checks walk iteratively. The same shapes, shallower, go through it below.
    expect(danglingRefs(doc)).toEqual([]);
    expect(leftoverKeys(doc)).toEqual([]);
    const body = bodySchema(doc, "POST /deep");
    const step = (s: Node): unknown => {
      if (isNode(s.properties)) return s.properties.a;
      if (Array.isArray(s.anyOf)) return (s.anyOf as Node[]).find((b) => b.type !== "null" && b.type !== "boolean")?.items ?? (s.anyOf as Node[]).find((b) => typeof b.$ref === "string");
      if (Array.isArray(s.allOf)) return (s.allOf as Node[])[0];
      if (s.type === "array") return s.items;
      return undefined;
    };
    const { levels } = descend(doc, body, step, DEPTH + 10);
    expect(levels).toBeGreaterThanOrEqual(DEPTH - 1);
  });

  it.each(generators)("the same shape, 60 levels deep, is a valid document that means the same: %s", async (_label, generate) => {
    const Deep = handMade(() => generate(60));
    const doc = build(version, { "POST /deep": { body: Deep, 200: Deep } });
    await expectCleanDocument(doc);
    expect(accepts(doc, responseSchema(doc, "POST /deep"), null)).toBe(generate === nullableArrays);
  });
});

describe.each(VERSIONS)("OpenAPI %s: one vendor call per target and side", (version) => {
  it.each([
    ["zod", () => z.object({ name: z.string(), size: z.number().gt(0).default(1) })],
    ["arktype", () => type({ name: "string", size: "number > 0" })],
    ["valibot", () => vb(v.object({ name: v.string(), size: v.optional(v.pipe(v.number(), v.gtValue(0)), 1) }))],
  ] as const)("%s: a schema used in forty positions is converted once per side", async (_library, make) => {
    const { schema, calls } = recording(make());
    const paths: Record<string, RouteShorthand> = {};
    for (let i = 0; i < 10; i++) {
      paths[`POST /r${i}`] = { body: schema, 200: schema, 201: { schema, description: "again" } };
      paths[`GET /r${i}`] = { query: schema };
    }
    const doc = build(version, paths);
    await expectCleanDocument(doc);
    const perSideAndTarget = new Map<string, number>();
    for (const call of calls) perSideAndTarget.set(call, (perSideAndTarget.get(call) ?? 0) + 1);
    for (const [call, count] of perSideAndTarget) expect(count, call).toBe(1);
    expect(calls.some((c) => c.startsWith("input:"))).toBe(true);
    expect(calls.some((c) => c.startsWith("output:"))).toBe(true);
  });

  it("a registered schema used by name and by object, many times, is converted once per side", async () => {
    const { schema, calls } = recording(z.object({ id: z.string() }));
    const paths: Record<string, RouteShorthand> = {};
    for (let i = 0; i < 10; i++) paths[`PUT /t${i}`] = { body: schema, 200: "Thing", 201: schema };
    const doc = build(version, paths, { schemas: { Thing: schema } });
    await expectCleanDocument(doc);
    expect([...calls].sort()).toEqual(version === "3.0.3" ? ["input:openapi-3.0", "output:openapi-3.0"] : ["input:draft-2020-12", "output:draft-2020-12"]);
  });
});
