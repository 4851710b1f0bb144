/**
 * Whose mistake is it? A client's gets an answer (400...); the server's makes `validate`
 * reject with a SpecloomError naming it, never a 400 that blames the client: a schema whose
 * `validate` throws, a body the server's code read first, a route key the definition lacks.
 * And a body nested deep enough to overflow a recursive schema is the client's: refused
 * before any schema sees it.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { scope } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SpecloomError, type SpecloomDefinition, type StandardJSONSchemaV1 } from "specloom";
import { requestValidator, type InvalidRequest } from "specloom/http";

const base = "http://api.test";
const info = { title: "Mistakes", version: "1" };
const json = (body: string) => ({ method: "POST", body, headers: { "content-type": "application/json" } });
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

/** What `validate` rejected with; fails when it resolved. */
async function rejection(pending: Promise<unknown>): Promise<unknown> {
  try {
    await pending;
  } catch (error) {
    return error;
  }
  throw new Error("expected validate to reject, but it resolved");
}

const zodTree: z.ZodType = z.lazy(() => z.array(zodTree));
const valibotTree: v.GenericSchema<unknown[]> = v.lazy(() => v.array(valibotTree));
const trees: [string, StandardJSONSchemaV1][] = [
  ["zod", zodTree],
  ["valibot", toStandardJsonSchema(valibotTree)],
  ["arktype", scope({ tree: "tree[]" }).export().tree],
];

describe("deep bodies are refused before any schema sees them", () => {
  it.each(trees)("a 4 KB body of 2,000 nested arrays against a recursive %s schema: 400", async (_name, tree) => {
    const validate = requestValidator({ info, paths: { "POST /trees": { body: tree, 200: null } } });
    const result = (await validate(new Request(`${base}/trees`, json(nested(2_000))))) as InvalidRequest;
    expect(result.status).toBe(400);
    expect(result.problem.issues).toEqual([{ in: "body", pointer: "", message: "the JSON nests arrays and objects deeper than 128 levels" }]);
    expect(await validate(new Request(`${base}/trees`, json(nested(5))))).toMatchObject({ ok: true, body: [[[[[]]]]] });
  });

  it("counts arrays and objects, 128 levels by default or depthLimit's, and not brackets inside strings", async () => {
    const paths: SpecloomDefinition["paths"] = { "POST /values": { body: z.unknown(), 200: null } };
    const validate = requestValidator({ info, paths });
    const send = (body: string) => validate(new Request(`${base}/values`, json(body)));
    expect((await send(nested(128))).ok).toBe(true);
    expect(((await send(nested(129))) as InvalidRequest).status).toBe(400);
    const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;
    expect((await send(objects(128))).ok).toBe(true);
    expect(((await send(objects(129))) as InvalidRequest).status).toBe(400);
    expect(await send(`["${"[{\\\"".repeat(1_000)}"]`)).toMatchObject({ ok: true });
    const shallow = requestValidator({ info, paths }, { depthLimit: 2 });
    expect((await shallow(new Request(`${base}/values`, json('{"a":[1]}')))).ok).toBe(true);
    expect(((await shallow(new Request(`${base}/values`, json('{"a":[[1]]}')))) as InvalidRequest).problem.issues?.[0]?.message).toBe("the JSON nests arrays and objects deeper than 2 levels");
  });

  it("refuses a depthLimit that is not a whole number of levels, naming it", () => {
    const paths = { "POST /values": { body: z.unknown(), 200: null } };
    expect(() => requestValidator({ info, paths }, { depthLimit: 0 })).toThrow("requestValidator options.depthLimit: expected a whole number of levels, 1 or more, found a number (0)");
    expect(() => requestValidator({ info, paths }, { depthLimit: "9" as unknown as number })).toThrow("requestValidator options.depthLimit");
  });
});

/** A Standard JSON Schema whose `validate` throws (or rejects): a bug in the server's schema. */
function throwing(how: "throws" | "rejects", type = "object"): StandardJSONSchemaV1 {
  const jsonSchema = () => ({ type });
  const validate = () => {
    if (how === "throws") throw new TypeError("the schema's own bug");
    return Promise.reject(new TypeError("the schema's own bug"));
  };
  return { "~standard": { version: 1, vendor: "test", validate, jsonSchema: { input: jsonSchema, output: jsonSchema } } } as StandardJSONSchemaV1;
}

describe("the server's mistakes make validate reject with a SpecloomError, never a 400", () => {
  it.each(["throws", "rejects"] as const)("a schema whose validate %s, in each part, named with the route and the part", async (how) => {
    const schema = throwing(how);
    const validate = requestValidator({
      openapi: "3.2.0",
      info,
      paths: {
        "POST /things/{id}": { params: z.object({ id: z.string() }), body: schema, 200: null },
        "GET /things/{id}": { params: schema, 200: null },
        "GET /search": { query: schema, 200: null },
        "GET /own": { parameters: [{ name: "q", in: "query", schema: throwing(how, "string") }], 200: null },
        "GET /find": { querystring: schema, 200: null },
        "GET /me": { headers: schema, cookies: z.object({ a: z.string().optional() }), 200: null },
      },
    });
    const cases: [Request, string][] = [
      [new Request(`${base}/things/1`, json("{}")), "POST /things/{id}: the body schema's validate threw: the schema's own bug"],
      [new Request(`${base}/things/1`), "GET /things/{id}: the path parameters' schema's validate threw: the schema's own bug"],
      [new Request(`${base}/search?a=1`), "GET /search: the query parameters' schema's validate threw: the schema's own bug"],
      [new Request(`${base}/own?q=1`), 'GET /own: the query parameter "q"\'s schema\'s validate threw: the schema\'s own bug'],
      [new Request(`${base}/find?a=1`), "GET /find: the querystring schema's validate threw: the schema's own bug"],
      [new Request(`${base}/me`), "GET /me: the header parameters' schema's validate threw: the schema's own bug"],
    ];
    for (const [request, message] of cases) {
      const error = (await rejection(validate(request))) as SpecloomError;
      expect(error).toBeInstanceOf(SpecloomError);
      expect({ code: error.code, message: error.message }).toEqual({ code: "INVALID_DEFINITION", message: `validate(request) ${message}` });
      expect(error.cause).toEqual(new TypeError("the schema's own bug"));
    }
  });

  it("a depthLimit raised past what a recursive schema can take: the overflow is the server's", async () => {
    const validate = requestValidator({ info, paths: { "POST /trees": { body: zodTree, 200: null } } }, { depthLimit: 100_000 });
    const error = (await rejection(validate(new Request(`${base}/trees`, json(nested(50_000)))))) as SpecloomError;
    expect(error).toBeInstanceOf(SpecloomError);
    expect(error.message).toMatch(/^validate\(request\) POST \/trees: the body schema's validate threw: Maximum call stack size exceeded/);
    expect(error.cause).toBeInstanceOf(RangeError);
  });

  it("a body the server's code read first, or is reading", async () => {
    const validate = requestValidator({ info, paths: { "POST /notes": { body: z.object({ text: z.string() }), 200: null } } });
    const read = new Request(`${base}/notes`, json('{"text":"t"}'));
    await read.text();
    const error = (await rejection(validate(read))) as SpecloomError;
    expect(error).toBeInstanceOf(SpecloomError);
    expect(error.message).toBe("validate(request) POST /notes: the request's body was already read by the server's code (a middleware that read it, or validate run twice on one request); validate reads the body itself, so it must come first");
    const locked = new Request(`${base}/notes`, json('{"text":"t"}'));
    (locked.body as ReadableStream).getReader();
    expect(await rejection(validate(locked))).toBeInstanceOf(SpecloomError);
    // A route without a body never reads it, so a body read first is no mistake there.
    const bodiless = requestValidator({ info, paths: { "POST /ping": { 204: null } } });
    const pinged = new Request(`${base}/ping`, json("{}"));
    await pinged.text();
    expect((await bodiless(pinged)).ok).toBe(true);
  });

  it("a route key the definition lacks, or one that is no route key", async () => {
    const validate = requestValidator({ info, paths: { "GET /users/{id}": { 200: null } } });
    const missing = (await rejection(validate(new Request(`${base}/users/1`), "GET /accounts/{id}" as never))) as SpecloomError;
    expect({ code: missing.code, message: missing.message }).toEqual({ code: "INVALID_ROUTE_KEY", message: 'validate(request, route): the definition has no route "GET /accounts/{id}"' });
    expect(await rejection(validate(new Request(`${base}/users/1`), "users" as never))).toBeInstanceOf(SpecloomError);
  });
});
