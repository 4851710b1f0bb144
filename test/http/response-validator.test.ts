import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type } from "arktype";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { openapi, SpecloomError, type OpenAPIDocument, type OpenAPIVersion } from "specloom";
import { responseValidator, type ResponseCheck, type ResponseIssue } from "specloom/http";
import { expectValidOpenAPI } from "../helpers/document";
import { allVersions } from "./apis";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

function issues(result: ResponseCheck): ResponseIssue[] {
  expect(result.ok).toBe(false);
  return (result as { issues: ResponseIssue[] }).issues;
}

/** A users API whose 200 body has a default (required in the output form, optional in the input form) and a transform. */
function usersApi(version: OpenAPIVersion) {
  const User = z.object({ id: z.number().int(), name: z.string().min(1), role: z.enum(["admin", "member"]).default("member"), tags: z.array(z.string()).optional() });
  return {
    openapi: version,
    info: { title: "Users", version: "1" },
    paths: {
      "GET /users/{id}": {
        params: z.object({ id: z.coerce.number().int() }),
        200: { schema: User, headers: { "X-Rate-Limit": { schema: z.number().int().min(0), required: true }, "X-Ids": { schema: z.array(z.number().int()) } } },
        404: { schema: z.object({ message: z.string() }), contentType: "application/problem+json" },
        "5XX": { schema: z.object({ retry: z.boolean() }) },
        default: { schema: z.object({ error: z.string() }) },
      },
      "DELETE /users/{id}": { 204: null },
      "GET /reports": { 200: { content: { "text/csv": { schema: z.string() }, "application/*": { schema: z.object({ rows: z.number() }) } } } },
    },
  } as const;
}

describe.each(allVersions)("responseValidator on a definition, OpenAPI %s", (version) => {
  const definition = usersApi(version);
  const checker = responseValidator(definition);
  const good = { id: 1, name: "Ada", role: "admin" };
  const rate = { "x-rate-limit": "10" };

  it("accepts what the document declares, and checks the body in its output form (a default is required there)", async () => {
    await expectValidOpenAPI(openapi(definition));
    expect(await checker.check("GET /users/{id}", json(good, 200, rate))).toEqual({ ok: true });
    // The input form would let `role` be left out; the API sends its output, where it is always there.
    expect(issues(await checker.check("GET /users/{id}", json({ id: 1, name: "Ada" }, 200, rate)))).toEqual([{ in: "body", pointer: "/role", message: "required" }]);
  });

  it("names every body issue by JSON Pointer, all at once", async () => {
    const found = issues(await checker.check("GET /users/:id" as "GET /users/{id}", json({ id: 1.5, name: "", role: "owner", tags: ["a", 2], extra: true }, 200, rate)));
    expect(found.map((issue) => [issue.in, issue.pointer])).toEqual([
      ["body", "/id"],
      ["body", "/name"],
      ["body", "/role"],
      ["body", "/tags/1"],
      ["body", "/extra"],
    ]);
    expect(found[2]?.message).toBe('expected one of "admin", "member"');
  });

  it("matches the status exactly, then by range, then default; an undeclared status is an issue", async () => {
    expect(await checker.check("GET /users/{id}", json({ message: "gone" }, 404, { "content-type": "application/problem+json" }))).toEqual({ ok: true });
    expect(await checker.check("GET /users/{id}", json({ retry: true }, 503))).toEqual({ ok: true });
    // 503 falls under 5XX, not default: default's body is wrong for it.
    expect(issues(await checker.check("GET /users/{id}", json({ error: "x" }, 503)))[0]).toMatchObject({ in: "body", pointer: "/retry" });
    expect(await checker.check("GET /users/{id}", json({ error: "teapot" }, 418))).toEqual({ ok: true });
    expect(issues(await checker.check("DELETE /users/{id}", json({}, 200)))).toEqual([{ in: "status", message: "200 is not a status DELETE /users/{id} declares (it declares 204)" }]);
  });

  it("checks required and present headers by their schemas, read as the simple style", async () => {
    expect(issues(await checker.check("GET /users/{id}", json(good)))).toEqual([{ in: "header", name: "X-Rate-Limit", message: "required" }]);
    const found = issues(await checker.check("GET /users/{id}", json(good, 200, { "x-rate-limit": "-1", "x-ids": "1, two" })));
    expect(found).toEqual([
      { in: "header", name: "X-Rate-Limit", pointer: "", message: "expected a number at least 0, found -1" },
      { in: "header", name: "X-Ids", pointer: "/1", message: "expected an integer, found a string" },
    ]);
    expect(await checker.check("GET /users/{id}", json(good, 200, { ...rate, "x-ids": "1,2" }))).toEqual({ ok: true });
  });

  it("matches the media type by its essence and by the ranges the response declares", async () => {
    const csv = new Response("a,b", { headers: { "content-type": "text/csv; charset=utf-8" } });
    expect(await checker.check("GET /reports", csv)).toEqual({ ok: true });
    // application/* covers application/json and any other application type.
    expect(await checker.check("GET /reports", json({ rows: 3 }))).toEqual({ ok: true });
    expect(issues(await checker.check("GET /reports", json({ rows: "3" }))).map((issue) => issue.pointer)).toEqual(["/rows"]);
    const html = new Response("<p>", { headers: { "content-type": "text/html" } });
    expect(issues(await checker.check("GET /reports", html))).toEqual([{ in: "header", name: "content-type", message: "text/html is not a media type 200 declares (it declares text/csv, application/*)" }]);
    const problem = json({ message: "gone" }, 404);
    expect(issues(await checker.check("GET /users/{id}", problem))[0]).toMatchObject({ in: "header", name: "content-type" });
  });

  it("wants no body where none is declared, and a body where one is", async () => {
    expect(await checker.check("DELETE /users/{id}", new Response(null, { status: 204 }))).toEqual({ ok: true });
    const missing = issues(await checker.check("GET /users/{id}", new Response(null, { status: 200, headers: rate })));
    expect(missing).toEqual([{ in: "body", message: "the response has no body; 200 declares one (application/json)" }]);
    const untyped = issues(await checker.check("GET /users/{id}", new Response("{}", { status: 200, headers: rate })));
    expect(untyped[0]).toMatchObject({ in: "header", name: "content-type" });
  });

  it("reports a body that is not JSON as an issue, without throwing", async () => {
    const broken = new Response('{"id": 1,', { status: 200, headers: { "content-type": "application/json", ...rate } });
    const found = issues(await checker.check("GET /users/{id}", broken));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ in: "body", pointer: "" });
    expect(found[0]?.message).toMatch(/^malformed JSON/);
  });

  it("never consumes the caller's Response", async () => {
    const response = json(good, 200, rate);
    await checker.check("GET /users/{id}", response);
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual(good);
  });
});

describe("responseValidator: the server's mistakes are thrown", () => {
  const checker = responseValidator(usersApi("3.1.0"));

  it("a route the definition lacks is a SpecloomError, as validate(request, key) throws", async () => {
    const error = await checker.check("GET /nowhere" as "GET /users/{id}", json({})).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SpecloomError);
    expect((error as SpecloomError).code).toBe("INVALID_ROUTE_KEY");
    expect((error as Error).message).toContain('"GET /nowhere"');
  });

  it("a body already read cannot be checked", async () => {
    const response = json({});
    await response.text();
    await expect(checker.check("GET /users/{id}", response)).rejects.toThrow(/already read/);
  });

  it("checks its options", () => {
    expect(() => responseValidator(usersApi("3.1.0"), { depth: 3 } as never)).toThrow(SpecloomError);
    expect(() => responseValidator(usersApi("3.1.0"), { depthLimit: 0 })).toThrow(/depthLimit/);
  });
});

describe("responseValidator: deep bodies", () => {
  it("refuses a body nested past the depth limit before any schema runs on it", async () => {
    const Tree: z.ZodType = z.lazy(() => z.object({ children: z.array(Tree) }));
    const checker = responseValidator({ info: { title: "T", version: "1" }, paths: { "GET /tree": { 200: Tree } } }, { depthLimit: 50 });
    let deep: unknown = { children: [] };
    for (let i = 0; i < 2_000; i++) deep = { children: [deep] };
    const found = issues(await checker.check("GET /tree", json(deep)));
    expect(found).toEqual([{ in: "body", pointer: "", message: "the body nests deeper than 50 levels, so it was not checked (the depthLimit option)" }]);
    let shallow: unknown = { children: [] };
    for (let i = 0; i < 20; i++) shallow = { children: [shallow] };
    expect(await checker.check("GET /tree", json(shallow))).toEqual({ ok: true });
  });
});

describe("responseValidator with each schema library", () => {
  const shapes = [
    ["zod", z.object({ n: z.number().int().min(1) })],
    ["arktype", type({ n: "number.integer >= 1" })],
    ["valibot", toStandardJsonSchema(v.object({ n: v.pipe(v.number(), v.integer(), v.minValue(1)) }))],
  ] as const;
  it.each(shapes)("%s", async (_name, schema) => {
    const checker = responseValidator({ info: { title: "T", version: "1" }, paths: { "GET /n": { 200: schema } } });
    expect(await checker.check("GET /n", json({ n: 2 }))).toEqual({ ok: true });
    expect(issues(await checker.check("GET /n", json({ n: 0 })))).toEqual([{ in: "body", pointer: "/n", message: "expected a number at least 1, found 0" }]);
  });
});

describe("responseValidator on a plain document", () => {
  it("reads 3.0's nullable, boolean exclusive bounds and $ref, with the readOnly/writeOnly rule for required", async () => {
    const document: OpenAPIDocument = {
      openapi: "3.0.3",
      info: { title: "Pets", version: "1" },
      paths: {
        "/pets/{petId}": {
          get: {
            responses: {
              "200": { description: "A pet", content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
            },
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            type: "object",
            required: ["id", "name", "secret"],
            properties: {
              id: { type: "integer", minimum: 0, exclusiveMinimum: true },
              name: { type: "string", nullable: true },
              secret: { type: "string", writeOnly: true },
              owner: { allOf: [{ $ref: "#/components/schemas/Owner" }], nullable: true },
            },
          },
          Owner: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
        },
      },
    };
    await expectValidOpenAPI(document);
    const checker = responseValidator(document);
    expect(await checker.check("GET /pets/{petId}", json({ id: 1, name: null, owner: null }))).toEqual({ ok: true });
    const found = issues(await checker.check("GET /pets/{id}", json({ id: 0, name: 3, owner: {} })));
    expect(found).toEqual([
      { in: "body", pointer: "/id", message: "expected a number above 0, found 0" },
      { in: "body", pointer: "/name", message: "expected a string, found an integer" },
      { in: "body", pointer: "/owner/name", message: "required" },
    ]);
  });
});
