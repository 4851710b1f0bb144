/**
 * A library's answer that is not JSON Schema never reaches the document: each keyword is
 * checked against the JSON Schema 2020-12 meta-schemas (and the draft-07 and OpenAPI 3.0
 * forms a library may answer with), and a wrong one is SCHEMA_RESOLUTION_FAILED naming the
 * schema's position, and the keyword by its JSON pointer inside the library's answer.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type StandardJSONSchemaV1 } from "specloom";
import { runCli } from "../cli/helpers";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";
import { accepts, bodySchema, VERSIONS } from "./support";

const info = { title: "Invalid answers", version: "1.0.0" };

/** A Standard JSON Schema answering `json` (a fresh copy) for every side and target. */
function answering(json: unknown, vendor = "hand-made"): StandardJSONSchemaV1 {
  const copy = () => JSON.parse(JSON.stringify(json)) as Record<string, unknown>;
  return { "~standard": { version: 1, vendor, jsonSchema: { input: copy, output: copy } } };
}

/** [what the meta-schema says, the answer, the pointer of the wrong value, words of the message]. */
const INVALID: readonly [string, unknown, string, string][] = [
  ['"type": simpleTypes, not null', { type: null }, "/type", "found null"],
  ['"type": one of the seven simpleTypes', { type: "nope" }, "/type", 'found the string "nope"'],
  ['"type" array: "uniqueItems": true', { type: ["string", "string"] }, "/type", "listed twice"],
  ['"type" array: "minItems": 1', { type: [] }, "/type", "empty array"],
  ['"multipleOf": "exclusiveMinimum": 0', { multipleOf: 0 }, "/multipleOf", "greater than 0"],
  ['"maxLength": nonNegativeInteger', { type: "string", maxLength: -1 }, "/maxLength", "whole number from 0 up"],
  ['"minItems": nonNegativeInteger, not a fraction', { type: "array", minItems: 1.5 }, "/minItems", "whole number from 0 up"],
  ['"minimum": "type": "number"', { minimum: "0" }, "/minimum", 'found the string "0"'],
  ['"items": a schema, not null', { type: "array", items: null }, "/items", "found null"],
  ['"items": a schema, not a number', { type: "array", items: 5 }, "/items", "found a number (5)"],
  ['"title": "type": "string"', { title: null }, "/title", "expected a string"],
  ['"deprecated": "type": "boolean"', { deprecated: "yes" }, "/deprecated", "expected a boolean"],
  ['"prefixItems": schemaArray', { type: "array", prefixItems: {} }, "/prefixItems", "non-empty array of schemas, found an object"],
  ['"anyOf": schemaArray', { anyOf: {} }, "/anyOf", "non-empty array of schemas, found an object"],
  ['"allOf": each item a schema', { allOf: [{ type: "string" }, 5] }, "/allOf/1", "found a number (5)"],
  ['"required": stringArray', { type: "object", required: [1] }, "/required", "property names"],
  ['"required": stringArray, "uniqueItems": true', { type: "object", required: ["a", "a"] }, "/required", "listed twice"],
  ['"properties": "type": "object"', { properties: [] }, "/properties", "an object whose values are schemas"],
  ['"properties": each value a schema', { type: "object", properties: { a: 1 } }, "/properties/a", "found a number (1)"],
  ['"properties": each value a schema, not an array', { type: "object", properties: { a: [] } }, "/properties/a", "found an array"],
  ['"enum": "type": "array"', { enum: "x" }, "/enum", "expected an array"],
  ['"examples": "type": "array"', { examples: "x" }, "/examples", "expected an array"],
  ['"pattern": "format": "regex"', { type: "string", pattern: "(" }, "/pattern", "not a regular expression"],
  ['"patternProperties": "propertyNames": { "format": "regex" }', { patternProperties: { "[": { type: "string" } } }, "/patternProperties/[", "not a regular expression"],
  ['"dependentRequired": values are stringArray', { dependentRequired: { a: "b" } }, "/dependentRequired/a", "property names"],
  ['"not": a schema', { not: "x" }, "/not", "a schema"],
  ['"$defs": "type": "object"', { $defs: [] }, "/$defs", "an object whose values are schemas"],
  ['"$anchor": an anchor name', { $anchor: "1st" }, "/$anchor", "a name of letters"],
  ["deep inside: a nested property's items", { type: "object", properties: { list: { type: "array", items: { minLength: -1 } } } }, "/properties/list/items/minLength", "whole number from 0 up"],
  ["inside a definition the root refers to", { $ref: "#/$defs/Thing", $defs: { Thing: { type: 7 } } }, "/$defs/Thing/type", "found a number (7)"],
];

describe.each(VERSIONS)("OpenAPI %s", (version) => {
  it.each(INVALID)("%s", (_rule, json, pointer, words) => {
    const error = catchError(() => openapi({ openapi: version, info, paths: { "GET /a": { 200: answering(json) } } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.location).toBe('paths["GET /a"][200]');
    expect(error.message).toContain(`the hand-made schema's JSON Schema is not valid at ${pointer}: `);
    expect(error.message).toContain(words);
  });

  it("names a request position too, and a registered schema's own location when unused", () => {
    const Bad = answering({ type: "object", properties: { a: { type: "strnig" } } });
    expect(catchError(() => openapi({ openapi: version, info, paths: { "POST /a": { body: Bad } } })).location).toBe('paths["POST /a"].body');
    expect(catchError(() => openapi({ openapi: version, info, schemas: { Bad }, paths: {} })).location).toBe('schemas.Bad (schema "Bad")');
  });

  it("accepts the forms libraries answer with: draft-07 tuples, OpenAPI 3.0 boolean bounds and nullable, booleans as schemas", async () => {
    const open30: StandardJSONSchemaV1 = {
      "~standard": {
        version: 1,
        vendor: "hand-made",
        // Asked for "openapi-3.0" in a 3.0.3 document only; a 3.1.0 document gets 2020-12.
        jsonSchema: {
          input: ({ target }) => (target === "openapi-3.0" ? { type: "number", minimum: 0, exclusiveMinimum: true, nullable: true } : { type: ["number", "null"], exclusiveMinimum: 0 }),
          output: ({ target }) => (target === "openapi-3.0" ? { type: "number", minimum: 0, exclusiveMinimum: true, nullable: true } : { type: ["number", "null"], exclusiveMinimum: 0 }),
        },
      },
    };
    const booleans = answering({ type: "object", properties: { any: true, none: false }, additionalProperties: false });
    const draft07Only: StandardJSONSchemaV1 = {
      "~standard": {
        version: 1,
        vendor: "hand-made",
        jsonSchema: {
          input: ({ target }) => (target === "draft-07" ? { type: "array", items: [{ type: "string" }] } : (() => { throw new Error(`no ${target}`); })()),
          output: ({ target }) => (target === "draft-07" ? { type: "array", items: [{ type: "string" }] } : (() => { throw new Error(`no ${target}`); })()),
        },
      },
    };
    const document = openapi({ openapi: version, info, paths: { "POST /a": { body: draft07Only, 200: open30, 201: booleans } } });
    await expectValidOpenAPI(document);
  });
});

describe.each(VERSIONS)("empty lists libraries write, OpenAPI %s: rewritten to what they mean", (version) => {
  it("Zod's and Valibot's empty tuples: no prefix (2020-12 prefixItems: [], draft-07 items: [], OpenAPI 3.0 items: { anyOf: [] })", async () => {
    const empty = z.tuple([]);
    // What Zod writes for z.tuple([], z.string()), which its types do not let us write.
    const rest = answering({ type: "array", prefixItems: [], items: { type: "string" } });
    const document = openapi({ openapi: version, info, paths: { "POST /empty": { body: empty }, "POST /rest": { body: rest }, "POST /valibot": { body: toStandardJsonSchema(v.tuple([])) } } });
    await expectValidOpenAPI(document);
    const emptySchema = bodySchema(document, "POST /empty");
    expect(accepts(document, emptySchema, [])).toBe(true);
    expect(accepts(document, emptySchema, ["a"])).toBe(false);
    const restSchema = bodySchema(document, "POST /rest");
    expect(accepts(document, restSchema, ["a", "b"])).toBe(true);
    expect(accepts(document, restSchema, [1])).toBe(false);
    expect(accepts(document, bodySchema(document, "POST /valibot"), [])).toBe(true);
  });

  it("`anyOf: []` and `oneOf: []` accept nothing (no branch can match); `allOf: []` constrains nothing", async () => {
    const document = openapi({
      openapi: version,
      info,
      paths: {
        "POST /none": { body: answering({ anyOf: [] }) },
        "POST /one": { body: answering({ type: "string", oneOf: [], not: { const: "x" } }) },
        "POST /all": { body: answering({ type: "string", allOf: [] }) },
      },
    });
    await expectValidOpenAPI(document);
    for (const value of [null, 1, "a", {}, []]) expect(accepts(document, bodySchema(document, "POST /none"), value)).toBe(false);
    expect(accepts(document, bodySchema(document, "POST /one"), "a")).toBe(false);
    expect(accepts(document, bodySchema(document, "POST /all"), "a")).toBe(true);
    expect(accepts(document, bodySchema(document, "POST /all"), 1)).toBe(false);
  });
});

describe("a $ref inside a keyword JSON Schema does not define (Zod's .meta)", () => {
  const Linked = z.object({ id: z.string() }).meta({ see: { $ref: "#/nowhere" } });

  it("OpenAPI 3.1.0: SCHEMA_RESOLUTION_FAILED naming the keyword, since the value is data the import cannot resolve", () => {
    const error = catchError(() => openapi({ info, paths: { "GET /linked": { 200: Linked } } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.location).toBe('paths["GET /linked"][200]');
    expect(error.message).toContain("the zod schema's JSON Schema is not valid at /see/$ref: ");
    expect(error.message).toContain('a $ref inside "see", which is not a JSON Schema keyword');
  });

  it("OpenAPI 3.1.0: found however deep, in a nested schema and in an array", () => {
    const Nested = z.object({ inner: z.object({ a: z.string() }).meta({ links: [{ rel: "self" }, { target: { $ref: "#/x" } }] }) });
    const error = catchError(() => openapi({ info, paths: { "GET /nested": { 200: Nested } } }));
    expect(error.message).toContain("not valid at /properties/inner/links/1/target/$ref: ");
  });

  it("OpenAPI 3.0.3 drops unknown keywords, the reference with them; `specloom validate` accepts the document", async () => {
    const document = openapi({ openapi: "3.0.3", info, paths: { "GET /linked": { 200: Linked } } });
    expect(JSON.stringify(document)).not.toContain("#/nowhere");
    await expectValidOpenAPI(document);
    const run = await runCli(["validate", "-"], { input: JSON.stringify(document) });
    expect(run.stderr).toContain("1 valid");
    expect(run.code).toBe(0);
  });

  it("OpenAPI 3.1.0: an unknown keyword without a $ref stays, as data; `specloom validate` accepts the document", async () => {
    const Described = z.object({ id: z.string() }).meta({ see: { href: "https://example.com/ids" } });
    const document = openapi({ info, paths: { "GET /described": { 200: Described } } });
    expect(JSON.stringify(document)).toContain('"see":{"href":"https://example.com/ids"}');
    await expectValidOpenAPI(document);
    const run = await runCli(["validate", "-"], { input: JSON.stringify(document) });
    expect(run.stderr).toContain("1 valid");
    expect(run.code).toBe(0);
  });
});
