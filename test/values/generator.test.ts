/**
 * The value generator's rules one at a time, on schemas written for each: directions and
 * readOnly/writeOnly, discriminators, allOf's additionalProperties, recursion, schemas no
 * value fits, hostile names and depths, seeds, edges and the labels of broken values.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleOne, schemaValues, type Direction } from "../../src/values/index";
import { catchError } from "../helpers/errors";
import { documentJudge, onlyThatRule } from "./judge";

type Json = Record<string, unknown>;
const document = (version: string, schemas: Json): Json => ({ openapi: version, info: { title: "T", version: "1" }, paths: {}, components: { schemas } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const draws = (doc: Json, name: string, direction: Direction = "response", runs = 40) => fc.sample(schemaValues(doc, { direction }).valid(ref(name), name), { seed: 5, numRuns: runs });

describe("values: what the document's schemas ask", () => {
  const user = document("3.1.0", {
    User: { type: "object", required: ["id", "password", "name"], properties: { id: { type: "integer", readOnly: true }, password: { type: "string", writeOnly: true }, name: { type: "string" } } },
  });

  it("a response leaves out writeOnly properties, required or not; a request leaves out readOnly ones (OpenAPI 3.1 Schema Object)", () => {
    for (const value of draws(user, "User", "response")) expect(Object.keys(value as Json).sort()).toEqual(["id", "name"]);
    for (const value of draws(user, "User", "request")) expect(Object.keys(value as Json).sort()).toEqual(["name", "password"]);
  });

  it("each part's additionalProperties: false refuses the names other allOf parts declare (JSON Schema's rule), so the required name makes the schema impossible", () => {
    const doc = document("3.1.0", { A: { allOf: [{ type: "object", properties: { a: { type: "string" } }, additionalProperties: false }, { required: ["b"], properties: { b: { type: "string" } } }] } });
    const error = catchError(() => schemaValues(doc, { direction: "response" }).valid(ref("A"), "components.schemas.A"));
    expect(error.message).toBe('components.schemas.A: no value can be generated for this schema: the required property "b" is refused by additionalProperties: false');
  });

  it("under a discriminator, the property holds the mapping's value for the branch drawn, or the component's name", () => {
    const doc = document("3.0.3", {
      Pet: { oneOf: [ref("Cat"), ref("Dog")], discriminator: { propertyName: "kind", mapping: { feline: "#/components/schemas/Cat" } } },
      Cat: { type: "object", required: ["kind", "lives"], properties: { kind: { type: "string" }, lives: { type: "integer", minimum: 1, maximum: 9 } } },
      Dog: { type: "object", required: ["kind", "barks"], properties: { kind: { type: "string" }, barks: { type: "boolean" } } },
    });
    const values = draws(doc, "Pet") as Json[];
    for (const value of values) expect(value.kind).toBe("lives" in value ? "feline" : "Dog");
    expect(new Set(values.map((value) => value.kind))).toEqual(new Set(["feline", "Dog"]));
  });

  it("a recursive schema gives finite values at most 32 levels deep, and deep ones when the schema asks", () => {
    const doc = document("3.1.0", { Node: { type: "object", required: ["next"], properties: { next: { anyOf: [{ type: "null" }, ref("Node")] } } } });
    for (const value of draws(doc, "Node")) {
      let depth = 0;
      for (let node = value as Json | null; node !== null; node = node.next as Json | null) depth++;
      expect(depth).toBeLessThanOrEqual(32);
    }
  });

  it("a schema whose every value nests without end is a SpecloomError, found before any value is drawn", () => {
    const doc = document("3.1.0", { Loop: { type: "object", required: ["self"], properties: { self: ref("Loop") } } });
    const error = catchError(() => schemaValues(doc, { direction: "response" }).valid(ref("Loop"), "Loop"));
    expect(error.message).toBe("Loop: no value can be generated for this schema: every value would have to nest deeper than 32 levels (a required property of its own type, or a required list of at least one)");
  });

  it("a $ref to nowhere is SCHEMA_RESOLUTION_FAILED, a type clash INVALID_DEFINITION, each naming the place", () => {
    const doc = document("3.1.0", { A: { type: "object", required: ["b"], properties: { b: { $ref: "#/components/schemas/Nowhere" } } }, B: { allOf: [{ type: "string" }, { type: "integer" }] } });
    const missing = catchError(() => schemaValues(doc, { direction: "response" }).valid(ref("A"), "A"));
    expect([missing.code, missing.message]).toEqual(["SCHEMA_RESOLUTION_FAILED", "A: no value can be generated for this schema: at /b: #/components/schemas/Nowhere points nowhere in the document"]);
    const clash = catchError(() => schemaValues(doc, { direction: "response" }).valid(ref("B"), "B"));
    expect([clash.code, clash.message]).toEqual(["INVALID_DEFINITION", "B: no value can be generated for this schema: its parts allow no type in common"]);
  });

  it("3.0's nullable adds null; its boolean exclusiveMinimum excludes the bound (OpenAPI 3.0.3 Schema Object)", () => {
    const doc = document("3.0.3", { N: { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 3, nullable: true } });
    const values = new Set(draws(doc, "N", "response", 200));
    expect(values).toEqual(new Set([null, 1, 2, 3]));
  });
});

describe("values: hostile schemas", () => {
  it("keeps __proto__, constructor and prototype as own properties of plain objects", () => {
    const doc = document("3.1.0", { H: { type: "object", required: ["__proto__", "constructor", "prototype"], properties: { ["__proto__"]: { type: "string", const: "p" }, constructor: { type: "integer", const: 1 }, prototype: { type: "boolean", const: true } } } });
    for (const value of draws(doc, "H", "response", 5)) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(JSON.stringify(value)).toBe('{"__proto__":"p","constructor":1,"prototype":true}');
    }
  });

  it("reads a schema 20,000 levels deep without exhausting the stack, and reports it cannot nest that far", () => {
    let node: Json = { type: "string" };
    for (let i = 0; i < 20_000; i++) node = { type: "object", required: ["a"], properties: { a: node } };
    const error = catchError(() => schemaValues(document("3.1.0", { Deep: node }), { direction: "response" }).valid(ref("Deep"), "Deep"));
    expect(error.message).toMatch(/^Deep: no value can be generated for this schema: every value would have to nest deeper than 32 levels/);
  });

  it("draws from an enum of 200,000 values without spreading it into a call", () => {
    const values = Array.from({ length: 200_000 }, (_, i) => i);
    const drawn = draws(document("3.1.0", { E: { enum: values } }), "E", "response", 50);
    for (const value of drawn) expect(Number.isInteger(value)).toBe(true);
  });

  it("reports a pattern JavaScript cannot read, rather than looping", () => {
    const error = catchError(() => schemaValues(document("3.1.0", { P: { type: "string", pattern: "(" } }), { direction: "response" }).valid(ref("P"), "P"));
    expect(error.message).toBe('P: no value can be generated for this schema: the pattern "(" is not a regular expression JavaScript reads');
  });
});

describe("values: seeds, edges and broken values", () => {
  const doc = document("3.1.0", {
    Order: {
      type: "object",
      required: ["id", "items"],
      additionalProperties: false,
      properties: {
        id: { type: "string", pattern: "^ord_[a-z0-9]{8}$" },
        items: { type: "array", minItems: 1, maxItems: 3, uniqueItems: true, items: { type: "integer", minimum: 1, maximum: 99 } },
        note: { type: "string", maxLength: 5 },
        status: { enum: ["new", "paid", "sent"] },
      },
    },
  });
  const values = schemaValues(doc, { direction: "response" });
  const judge = documentJudge(doc, "response");

  it("the same seed draws the same value", () => {
    const arbitrary = values.valid(ref("Order"), "Order");
    expect(sampleOne(arbitrary, 9)).toEqual(sampleOne(values.valid(ref("Order"), "Order"), 9));
    expect(new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify(sampleOne(arbitrary, seed)))).size).toBeGreaterThan(1);
  });

  it("edges: required only and every optional property, each scalar at its first edge, then at each other edge; each valid", () => {
    const edges = values.edges(ref("Order"), "Order");
    for (const edge of edges) expect(judge.errors("/components/schemas/Order", edge.value), edge.label).toEqual([]);
    const smallest = edges.find((edge) => edge.label === "required properties only, fewest items")?.value;
    expect(smallest).toEqual({ id: expect.stringMatching(/^ord_/), items: [1] });
    expect(edges.find((edge) => edge.label === "every optional property")?.value).toEqual({ ...(smallest as Json), note: "", status: "new" });
    const labels = edges.map((edge) => edge.label);
    expect(labels).toEqual(expect.arrayContaining(["/items/0: maximum 99", "/note: maxLength 5", "/status: last enum value"]));
    const of = (label: string) => edges.find((edge) => edge.label === label)?.value as Json;
    expect([of("/items/0: maximum 99").items, of("/note: maxLength 5").note, of("/status: last enum value").status]).toEqual([[99], "aaaaa", "sent"]);
  });

  it("broken values: one per rule and place, each labelled with the keyword and the JSON Pointer Ajv reports", () => {
    const base = { id: "ord_abcd1234", items: [5, 6], note: "hi", status: "paid" };
    const broken = values.broken(ref("Order"), base, "Order");
    const rules = broken.map(({ rule }) => `${rule.keyword} ${rule.pointer}`);
    expect(rules).toEqual(expect.arrayContaining(["type ", "required ", "additionalProperties ", "type /id", "pattern /id", "type /items", "minItems /items", "maxItems /items", "uniqueItems /items", "minimum /items/0", "maximum /items/0", "type /note", "maxLength /note", "enum /status"]));
    for (const { value, rule } of broken) expect(onlyThatRule(judge.errors("/components/schemas/Order", value), rule), JSON.stringify(rule)).toBe(true);
    expect(broken.find(({ rule }) => rule.keyword === "required")?.rule.message).toBe('the required property "id" is missing');
  });

  it("invalid(): draws broken values with their base; none for a schema with no rule to break", () => {
    const invalid = values.invalid(ref("Order"), "Order");
    expect(invalid).toBeDefined();
    for (const { value, rule } of fc.sample(invalid as fc.Arbitrary<{ value: unknown; rule: { keyword: string; pointer: string; message: string } }>, { seed: 2, numRuns: 20 })) {
      expect(onlyThatRule(judge.errors("/components/schemas/Order", value), rule)).toBe(true);
    }
    expect(schemaValues(document("3.1.0", { Any: {} }), { direction: "response" }).invalid(ref("Any"), "Any")).toBeUndefined();
  });
});
