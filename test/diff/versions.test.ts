/**
 * "A change of version alone is no change": the same definition built for 3.0.3, 3.1.0 and
 * 3.2.0 (nullable vs type arrays, boolean vs numeric exclusive bounds, example vs examples)
 * gives no change in any direction; nor does a path parameter renamed.
 */
import { describe, expect, it } from "vitest";
import { type } from "arktype";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { z } from "zod";
import { diff, openapi, type OpenAPIVersion, type SpecloomDefinition } from "specloom";
import petstore from "../../examples/petstore";
import { expectValidOpenAPI } from "../helpers/document";
import { document, operation } from "./fixtures";

const VERSIONS: readonly OpenAPIVersion[] = ["3.0.3", "3.1.0", "3.2.0"];

const zodApi: SpecloomDefinition = {
  info: { title: "Notes", version: "1" },
  schemas: { Note: z.object({ text: z.string().nullable(), stars: z.number().int().gt(0).lt(6), tags: z.array(z.string()).max(3).optional() }).meta({ example: { text: "hi", stars: 5 } }) },
  paths: {
    "GET /notes/{id}": { params: z.object({ id: z.string() }), query: z.object({ after: z.number().gte(0).nullable().optional() }), 200: z.object({ note: z.string().nullable(), rating: z.number().gt(0) }) },
    "POST /notes": { body: z.object({ text: z.string().nullable(), stars: z.number().int().gt(0).lt(6) }), 201: z.object({ id: z.string() }) },
  },
};
const arktypeApi: SpecloomDefinition = {
  info: { title: "Notes", version: "1" },
  paths: { "POST /notes": { body: type({ text: "string | null", stars: "0 < number.integer < 6" }), 200: type({ id: "string", "tag?": "string | null" }) } },
};
const valibotApi: SpecloomDefinition = {
  info: { title: "Notes", version: "1" },
  paths: {
    "POST /notes": {
      body: toStandardJsonSchema(v.object({ text: v.nullable(v.string()), stars: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
      200: toStandardJsonSchema(v.object({ id: v.string() })),
    },
  },
};

describe("diff: one definition in two OpenAPI versions has no change", () => {
  for (const [name, definition] of [["petstore (Zod)", petstore], ["nullable and exclusive bounds (Zod)", zodApi], ["ArkType", arktypeApi], ["Valibot", valibotApi]] as const) {
    for (const before of VERSIONS) {
      for (const after of VERSIONS) {
        if (before === after) continue;
        it(`${name}: ${before} -> ${after}`, async () => {
          const [a, b] = [openapi({ ...definition, openapi: before }), openapi({ ...definition, openapi: after })];
          await expectValidOpenAPI(a);
          await expectValidOpenAPI(b);
          expect(diff(a, b).changes).toEqual([]);
        });
      }
    }
  }

  it("3.0's example and 3.1's examples are annotations: no change", () => {
    const schema = (extra: object) => ({ responses: { "200": { description: "OK", content: { "application/json": { schema: { type: "string", ...extra } } } } } });
    const before = document({ "/a": { get: schema({ example: "x", nullable: true, minimum: 1, exclusiveMinimum: true }) } });
    const after = document({ "/a": { get: schema({ examples: ["x"], type: ["string", "null"], exclusiveMinimum: 1 }) } }, {}, "3.1.0");
    expect(diff(before, after).changes).toEqual([]);
  });

  it("a nullable schema as 3.1's anyOf with { type: 'null' } is the same as 3.0's nullable: true", () => {
    const body = (schema: unknown) => operation({ requestBody: { content: { "application/json": { schema } } } });
    const ref = { $ref: "#/components/schemas/Pet" };
    const components = { components: { schemas: { Pet: { type: "object", properties: { id: { type: "integer" } } } } } };
    const before = document({ "/a": { post: body({ nullable: true, allOf: [ref] }) } }, components);
    const after = document({ "/a": { post: body({ anyOf: [ref, { type: "null" }] }) } }, components, "3.1.0");
    expect(diff(before, after).changes).toEqual([]);
    const notNull = document({ "/a": { post: body(ref) } }, components, "3.1.0");
    expect(diff(after, notNull).changes.map((change) => change.id)).toEqual(["request-body-became-not-nullable"]);
  });
});

describe("diff: path parameters", () => {
  const item = (name: string) => ({ get: operation({ parameters: [{ name, in: "path", required: true, schema: { type: "string" } }] }) });

  it("renaming a path parameter (/pets/{id} -> /pets/{petId}) is no change", () => {
    expect(diff(document({ "/pets/{id}": item("id") }), document({ "/pets/{petId}": item("petId") })).changes).toEqual([]);
  });

  it("the path item's parameters are merged into its operations: moving one there is no change", () => {
    const limit = { name: "limit", in: "query", schema: { type: "integer" } };
    const before = document({ "/pets": { get: operation({ parameters: [limit] }) } });
    const after = document({ "/pets": { parameters: [limit], get: operation() } });
    expect(diff(before, after).changes).toEqual([]);
    const required = document({ "/pets": { parameters: [{ ...limit, required: true }], get: operation() } });
    expect(diff(after, required).changes).toEqual([
      { id: "request-parameter-became-required", level: "error", operation: "GET /pets", location: "/paths/~1pets/parameters/0", message: expect.stringContaining("limit") },
    ]);
  });

  it("an operation's parameter overrides the path item's of the same name and place", () => {
    const limit = { name: "limit", in: "query", schema: { type: "integer" } };
    const before = document({ "/pets": { parameters: [limit], get: operation({ parameters: [{ ...limit, required: true }] }) } });
    const after = document({ "/pets": { parameters: [limit], get: operation({ parameters: [{ ...limit, required: true }] }) } });
    expect(diff(before, after).changes).toEqual([]);
  });

  it("style and explode are compared as they take effect: writing the defaults out is no change", () => {
    const query = (extra: object) => document({ "/pets": { get: operation({ parameters: [{ name: "ids", in: "query", schema: { type: "array", items: { type: "string" } }, ...extra }] }) } });
    expect(diff(query({}), query({ style: "form", explode: true })).changes).toEqual([]);
    expect(diff(query({}), query({ explode: false })).changes.map((change) => change.id)).toEqual(["request-parameter-explode-changed"]);
  });
});
