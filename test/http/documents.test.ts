/**
 * requestValidator and responseValidator on plain OpenAPI documents: the OpenAPI
 * Initiative's example documents (3.0, and the same converted to 3.1 by merge), and the
 * documents openapi() generates, which must be judged as their definitions are.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { merge, openapi, type OpenAPIDocument } from "specloom";
import { requestValidator, responseValidator, type InvalidRequest, type ValidationResult } from "specloom/http";
import { expectValidOpenAPI } from "../helpers/document";
import { allVersions, userApis, usersApi } from "./apis";

const folder = join(import.meta.dirname, "..", "corpora", "oai-examples");
const examples = readdirSync(folder).filter((name) => name.endsWith(".yaml"));
const read = (name: string) => parse(readFileSync(join(folder, name), "utf8")) as OpenAPIDocument;
const as31 = (document: OpenAPIDocument) => merge({ openapi: "3.1.0", info: document.info, paths: {} }, document);

const base = "http://pets.test";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const post = (path: string, body: string, type = "application/json") => new Request(`${base}${path}`, { method: "POST", body, headers: { "content-type": type } });
type Result = ValidationResult<unknown, string>;
const places = (result: Result) => ((result as InvalidRequest).problem?.issues ?? []).map((issue) => [issue.in, issue.name, issue.pointer]);

describe("every OAI example document builds both validators (3.0 and converted to 3.1)", () => {
  it.each(examples)("%s", async (name) => {
    for (const document of [read(name), as31(read(name))]) {
      await expectValidOpenAPI(document);
      expect(() => requestValidator(document)).not.toThrow();
      expect(() => responseValidator(document)).not.toThrow();
    }
  });
});

describe.each([
  ["3.0", () => read("petstore-expanded.yaml")],
  ["3.1", () => as31(read("petstore-expanded.yaml"))],
] as const)("petstore-expanded, OpenAPI %s", (_version, document) => {
  const validate = requestValidator(document());
  const checker = responseValidator(document());

  it("reads parameters as the document writes them, coerced to their schema's types", async () => {
    const result = await validate(new Request(`${base}/pets?tags=a&tags=b&limit=5`));
    expect(result).toMatchObject({ ok: true, route: "GET /pets", query: { tags: ["a", "b"], limit: 5 } });
    expect(await validate(new Request(`${base}/pets/7`))).toMatchObject({ ok: true, params: { id: 7 } });
    expect(places(await validate(new Request(`${base}/pets?limit=many`)))).toEqual([["query", "limit", ""]]);
    expect(places(await validate(new Request(`${base}/pets/seven`)))).toEqual([["path", "id", ""]]);
  });

  it("judges the body by the document's schema, and answers 404, 405 and 415 as for a definition", async () => {
    expect(await validate(post("/pets", '{"name":"Rex","tag":"dog"}'))).toMatchObject({ ok: true, body: { name: "Rex", tag: "dog" } });
    expect(places(await validate(post("/pets", '{"tag":1}')))).toEqual([
      ["body", undefined, "/name"],
      ["body", undefined, "/tag"],
    ]);
    expect(((await validate(new Request(`${base}/owners`))) as InvalidRequest).status).toBe(404);
    expect(((await validate(new Request(`${base}/pets/1`, { method: "PUT" }))) as InvalidRequest).status).toBe(405);
    expect(((await validate(post("/pets", "name=Rex", "application/x-www-form-urlencoded"))) as InvalidRequest).status).toBe(415);
  });

  it("checks responses against the document, allOf and default included", async () => {
    expect(await checker.check("GET /pets/{id}", json({ id: 1, name: "Rex" }))).toEqual({ ok: true });
    expect(await checker.check("GET /pets/:id", json({ name: "Rex" }))).toEqual({ ok: false, issues: [{ in: "body", pointer: "/id", message: "required" }] });
    expect(await checker.check("GET /pets", json([{ id: 1, name: "Rex" }, { id: 2, name: "Tom" }]))).toEqual({ ok: true });
    expect(await checker.check("GET /pets", json({ code: 500, message: "down" }, 500))).toEqual({ ok: true });
    expect(await checker.check("DELETE /pets/{id}", new Response(null, { status: 204 }))).toEqual({ ok: true });
  });
});

describe.each(userApis)("a generated document is judged as its definition ($name)", (lib) => {
  describe.each(allVersions)("OpenAPI %s", (version) => {
    const definition = usersApi(lib, version);
    const fromDefinition = requestValidator(definition);
    const fromDocument = requestValidator(openapi(definition) as OpenAPIDocument);
    const requests = () => [
      new Request(`${base}/users/42?tags=a&tags=b&active=true&filter[color]=red&filter[min]=1.5`, { headers: { "x-trace": "t", "x-ids": "1,2", cookie: "theme=dark" } }),
      new Request(`${base}/users/abc?limit=500&filter[min]=lots`, { headers: { cookie: "theme=neon" } }),
      new Request(`${base}/users/1`, { method: "PATCH" }),
      new Request(`${base}/nowhere`),
    ];

    it("the same verdicts, statuses and issue places", async () => {
      const given = requests();
      const again = requests();
      for (let i = 0; i < given.length; i++) {
        const one = await fromDefinition(given[i] as Request);
        const two = await fromDocument(again[i] as Request);
        expect(two.ok, given[i]?.url).toBe(one.ok);
        if (!one.ok) {
          expect((two as InvalidRequest).status).toBe(one.status);
          expect(places(two).sort()).toEqual(places(one).sort());
        }
      }
    });
  });
});
