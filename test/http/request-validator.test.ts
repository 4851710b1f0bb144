import { describe, expect, it } from "vitest";
import * as zod from "zod";
import { openapi } from "specloom";
import { requestValidator, type InvalidRequest, type ValidationResult } from "specloom/http";
import { expectValidOpenAPI } from "../helpers/document";
import { allVersions, userApis, usersApi } from "./apis";

const base = "http://api.test";
type Result = ValidationResult<unknown, string>;

function refused(result: Result): InvalidRequest {
  expect(result.ok, JSON.stringify((result as InvalidRequest).problem)).toBe(false);
  return result as InvalidRequest;
}

function accepted(result: Result) {
  expect(result.ok, JSON.stringify((result as InvalidRequest).problem)).toBe(true);
  return result as Extract<Result, { ok: true }>;
}

const headers = { "x-trace": "t-1" };

describe.each(userApis)("requestValidator with $name schemas", (lib) => {
  describe.each(allVersions)("OpenAPI %s", (version) => {
    const definition = usersApi(lib, version);
    const validate = requestValidator(definition);

    it("accepts a valid request and gives back the schemas' outputs, coerced from strings to each parameter's JSON Schema type", async () => {
      await expectValidOpenAPI(openapi(definition));
      const url = `${base}/users/42?tags=a&tags=b&active=true&filter[color]=red&filter[min]=1.5`;
      const result = accepted(await validate(new Request(url, { headers: { ...headers, "x-ids": "1, 2,3", cookie: "session=abc%20d; theme=dark" } })));
      expect(result.route).toBe("GET /users/{id}");
      expect(result.params).toEqual({ id: 42 });
      // limit is absent: the schema's default (20) is its output.
      expect(result.query).toEqual({ limit: 20, tags: ["a", "b"], active: true, filter: { color: "red", min: 1.5 } });
      expect(result.headers).toEqual({ "x-trace": "t-1", "x-ids": [1, 2, 3] });
      expect(result.cookies).toEqual({ session: "abc d", theme: "dark" });
    });

    it("reads a single value of an array parameter as a list of one (form, explode)", async () => {
      const result = accepted(await validate(new Request(`${base}/users/1?tags=only`, { headers })));
      expect(result.query).toMatchObject({ tags: ["only"] });
    });

    it("lists every issue at once, each with its place, name, pointer and the schema's message (RFC 9457)", async () => {
      const url = `${base}/users/abc?limit=500&filter[min]=lots`;
      const result = refused(await validate(new Request(url, { headers: { cookie: "theme=neon" } })));
      expect(result.status).toBe(400);
      const issues = result.problem.issues ?? [];
      const where = issues.map((issue) => [issue.in, issue.name, issue.pointer]);
      expect(where).toEqual(
        expect.arrayContaining([
          ["path", "id", ""],
          ["query", "limit", ""],
          ["query", "filter", "/min"],
          ["header", "x-trace", ""],
          ["cookie", "theme", ""],
        ]),
      );
      expect(issues.every((issue) => typeof issue.message === "string" && issue.message !== "")).toBe(true);
      const response = result.response();
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toEqual(result.problem);
    });

    it("answers 404 for a path no route has, and 405 with Allow for a method the path lacks", async () => {
      expect(refused(await validate(new Request(`${base}/nothing`))).status).toBe(404);
      const wrong = refused(await validate(new Request(`${base}/users/7`, { method: "PUT" })));
      expect(wrong.status).toBe(405);
      expect(wrong.response().headers.get("allow")).toBe("GET, DELETE, PATCH");
      expect(wrong.problem.allowed).toEqual(["GET", "DELETE", "PATCH"]);
    });

    it("checks a HEAD request against the GET route when the path has no HEAD route (RFC 9110: HEAD is GET without content)", async () => {
      expect(accepted(await validate(new Request(`${base}/users/me`, { method: "HEAD" }))).route).toBe("GET /users/me");
      expect(refused(await validate(new Request(`${base}/users`, { method: "HEAD" }))).status).toBe(405);
    });

    it('matches "concrete (non-templated) paths before their templated counterparts"', async () => {
      expect(accepted(await validate(new Request(`${base}/users/me`))).route).toBe("GET /users/me");
      // /users/me has no DELETE: the templated path that has one answers, and "me" is no integer id.
      expect(refused(await validate(new Request(`${base}/users/me`, { method: "DELETE" }))).problem.issues?.[0]).toMatchObject({ in: "path", name: "id" });
    });

    it("percent-decodes path segments after splitting them", async () => {
      const result = refused(await validate(new Request(`${base}/users/1%2F2`, { method: "DELETE" })));
      expect(result.problem.issues?.[0]).toMatchObject({ in: "path", name: "id" });
      expect(accepted(await validate(new Request(`${base}/users/%34%32`, { method: "DELETE" }))).params).toEqual({ id: 42 });
    });

    it("checks a route the caller names, as a framework that routed already would", async () => {
      const result = accepted(await validate(new Request(`${base}/users/5`, { method: "DELETE" }), "DELETE /users/:id" as "DELETE /users/{id}"));
      expect(result.route).toBe("DELETE /users/{id}");
      expect(refused(await validate(new Request(`${base}/users/me`), "DELETE /users/{id}")).status).toBe(400);
    });

    it("parses a JSON body and validates it with the route's schema", async () => {
      const body = JSON.stringify({ name: "Ada", age: 36 });
      const ok = accepted(await validate(new Request(`${base}/users`, { method: "POST", body, headers: { "content-type": "application/json; charset=utf-8" } })));
      expect(ok.body).toEqual({ name: "Ada", age: 36 });
      const bad = refused(await validate(new Request(`${base}/users`, { method: "POST", body: JSON.stringify({ name: "", age: 1.5 }), headers: { "content-type": "application/json" } })));
      expect(bad.problem.issues?.map((issue) => [issue.in, issue.pointer]).sort()).toEqual([["body", "/age"], ["body", "/name"]]);
    });

    it("reads a +json media type as JSON", async () => {
      const body = JSON.stringify({ name: "Ada", age: 36 });
      const ok = accepted(await validate(new Request(`${base}/users/3`, { method: "PATCH", body, headers: { "content-type": "application/merge-patch+json" } })));
      expect(ok.body).toEqual({ name: "Ada", age: 36 });
    });

    it("answers malformed JSON with a 400 that says where", async () => {
      const result = refused(await validate(new Request(`${base}/users`, { method: "POST", body: '{"name": "Ada",', headers: { "content-type": "application/json" } })));
      expect(result.status).toBe(400);
      expect(result.problem.issues?.[0]).toMatchObject({ in: "body", pointer: "" });
      expect(result.problem.issues?.[0]?.message).toMatch(/malformed JSON: .*position/);
    });

    it("answers a required body that is missing with 400", async () => {
      const result = refused(await validate(new Request(`${base}/users`, { method: "POST" })));
      expect(result.problem.issues?.[0]).toMatchObject({ in: "body", message: "a request body is required" });
    });

    it("answers 415 with the accepted media types when the body's type is not declared", async () => {
      const result = refused(await validate(new Request(`${base}/users`, { method: "POST", body: "name=Ada", headers: { "content-type": "text/plain" } })));
      expect(result.status).toBe(415);
      expect(result.problem.allowed).toEqual(["application/json"]);
      expect(result.response().headers.get("accept-post")).toBe("application/json");
    });

    it("reads an urlencoded form, coercing its fields (a repeated field is a list)", async () => {
      const body = "name=Ada+L&scores=3&scores=4";
      const ok = accepted(await validate(new Request(`${base}/forms`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } })));
      expect(ok.body).toEqual({ name: "Ada L", scores: [3, 4] });
    });

    it("reads multipart/form-data, coercing its text fields", async () => {
      const form = new FormData();
      form.append("name", "Ada");
      form.append("scores", "7");
      const ok = accepted(await validate(new Request(`${base}/uploads`, { method: "POST", body: form })));
      expect(ok.body).toEqual({ name: "Ada", scores: [7] });
    });

    it("reads text/* as a string and application/octet-stream as bytes", async () => {
      const text = accepted(await validate(new Request(`${base}/users/1/notes`, { method: "POST", body: "héllo", headers: { "content-type": "text/plain;charset=utf-8" } })));
      expect(text.body).toBe("héllo");
      const bytes = accepted(await validate(new Request(`${base}/users/1/avatar`, { method: "PUT", body: new Uint8Array([1, 2, 3]), headers: { "content-type": "application/octet-stream" } })));
      expect(bytes.body).toEqual(new Uint8Array([1, 2, 3]));
      const none = accepted(await validate(new Request(`${base}/users/1/avatar`, { method: "PUT" })));
      expect(none.body).toBeUndefined();
    });
  });
});

describe.each(allVersions)("multipart files (%s)", (version) => {
  const { z } = zod;
  const validate = requestValidator({
    openapi: version,
    info: { title: "Files", version: "1" },
    paths: { "POST /files": { body: { schema: z.object({ file: z.file(), count: z.number().int() }), contentType: "multipart/form-data" }, 201: null } },
  });

  it("hands a file field to the schema as a File, and coerces the text fields", async () => {
    const form = new FormData();
    form.append("file", new File(["hello"], "hello.txt", { type: "text/plain" }));
    form.append("count", "3");
    const result = accepted(await validate(new Request(`${base}/files`, { method: "POST", body: form })));
    const body = result.body as { file: File; count: number };
    expect(body.file).toBeInstanceOf(File);
    expect(await body.file.text()).toBe("hello");
    expect(body.count).toBe(3);
    const missing = refused(await validate(new Request(`${base}/files`, { method: "POST", body: new FormData() })));
    expect(missing.status).toBe(400);
  });
});

describe.each(allVersions)("parameters the document has beyond the route's schemas (%s)", (version) => {
  it("reads a path-level parameter a plugin added, with the document's required and schema type", async () => {
    const tenant = { name: "x-tenant", in: "header" as const, required: true, schema: { type: "integer" as const } };
    const validate = requestValidator({
      openapi: version,
      info: { title: "Tenants", version: "1" },
      plugins: [
        {
          name: "tenant",
          transformDocument: (document) => ({ ...document, paths: { ...document.paths, "/items": { ...document.paths["/items"], parameters: [tenant] } } }),
        },
      ],
      paths: { "GET /items": { 200: null } },
    });
    expect(accepted(await validate(new Request(`${base}/items`, { headers: { "x-tenant": "5" } }))).headers).toEqual({ "x-tenant": 5 });
    expect(refused(await validate(new Request(`${base}/items`))).problem.issues).toEqual([{ in: "header", name: "x-tenant", pointer: "", message: "required" }]);
  });
});

describe.each(allVersions)("a path's own schemas (%s)", (version) => {
  const definition = {
    openapi: version,
    info: { title: "Orders", version: "1" },
    paths: {
      "/orders/:id": { params: zod.object({ id: zod.coerce.number().int().positive() }), query: zod.object({ lang: zod.string().default("en") }) },
      "GET /orders/:id": { 200: null },
      "DELETE /orders/{id}": { query: zod.object({ force: zod.boolean() }), 204: null },
    },
  };
  const validate = requestValidator(definition);

  it("validate each part a route has no schema for with the path's schema: its output, transforms and defaults applied", async () => {
    await expectValidOpenAPI(openapi(definition));
    const result = accepted(await validate(new Request(`${base}/orders/7`)));
    expect(result.params).toEqual({ id: 7 });
    expect(result.query).toEqual({ lang: "en" });
    expect(refused(await validate(new Request(`${base}/orders/-1`))).problem.issues).toEqual([expect.objectContaining({ in: "path", name: "id" })]);
  });

  it("merge a part's path-level parameters with the route's own: path parameters \"can be overridden at the operation level, but cannot be removed there\"", async () => {
    const result = accepted(await validate(new Request(`${base}/orders/7?lang=fr&force=true`, { method: "DELETE" })));
    expect(result.params).toEqual({ id: 7 });
    expect(result.query).toEqual({ lang: "fr", force: true });
  });

  it("validate a body given by a registered request body's name with that body's schema", async () => {
    const bodies = requestValidator({
      openapi: version,
      info: { title: "Notes", version: "1" },
      requestBodies: { Note: { schema: zod.object({ text: zod.string().transform((text) => text.length) }) } },
      paths: { "POST /notes": { body: "Note", 204: null } },
    });
    const post = (body: unknown) => new Request(`${base}/notes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(accepted(await bodies(post({ text: "four" }))).body).toEqual({ text: 4 });
    expect(refused(await bodies(post({ text: 4 }))).problem.issues).toEqual([expect.objectContaining({ in: "body", pointer: "/text" })]);
  });
});
