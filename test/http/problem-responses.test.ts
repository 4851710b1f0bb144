import { Ajv } from "ajv";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { openapi, type ResponseObject } from "specloom";
import { problemResponses, requestValidator, type InvalidRequest } from "specloom/http";
import { expectValidOpenAPI } from "../helpers/document";
import { allVersions, userApis, usersApi } from "./apis";

const base = "http://api.test";

describe.each(allVersions)("problemResponses (%s)", (version) => {
  const definition = { ...usersApi(userApis[0]!, version), plugins: [problemResponses()] };
  const document = openapi(definition);

  it("documents the statuses the validator answers with, as application/problem+json with one Problem schema", async () => {
    await expectValidOpenAPI(document);
    const get = document.paths["/users/{id}"]?.get?.responses as Record<string, ResponseObject>;
    const post = document.paths["/users"]?.post?.responses as Record<string, ResponseObject>;
    expect(Object.keys(get)).toEqual(["200", "400", "404", "405"]);
    expect(Object.keys(post)).toEqual(["201", "400", "404", "405", "408", "413", "415"]);
    expect(post["415"]?.content?.["application/problem+json"]?.schema).toEqual({ $ref: "#/components/schemas/Problem" });
    expect(get["405"]?.headers?.Allow).toMatchObject({ schema: { type: "string" } });
  });

  it("takes another component name where the definition has its own Problem, and refuses a bad option naming it", async () => {
    const petstoreLike = { openapi: version, info: { title: "t", version: "1" }, schemas: { Problem: z.object({ title: z.string() }) }, paths: { "GET /a": { 404: "Problem" } } };
    expect(() => openapi({ ...petstoreLike, plugins: [problemResponses()] })).toThrow('plugin "problemResponses" (schemas.Problem)');
    const named = openapi({ ...petstoreLike, plugins: [problemResponses({ name: "ProblemDetails" })] });
    await expectValidOpenAPI(named);
    expect(named.paths["/a"]?.get?.responses?.["400"]).toMatchObject({ content: { "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } } } });
    expect(() => problemResponses({ name: "a b" })).toThrow('plugin "problemResponses" (options.name)');
    expect(() => problemResponses({ exlude: "/a" } as object)).toThrow('plugin "problemResponses" (options.exlude): unknown option (expected exclude, name)');
  });

  it("keeps a status the route defines itself", () => {
    const own = openapi({ openapi: version, info: { title: "t", version: "1" }, plugins: [problemResponses()], paths: { "GET /a": { 404: null } } });
    expect(own.paths["/a"]?.get?.responses?.["404"]).toEqual({ description: "Not Found" });
  });

  it("describes what the validator sends: each refusal's body is valid against the documented Problem schema", async () => {
    const schema = (document.components?.schemas as Record<string, object>).Problem as object;
    const check = new Ajv({ strict: false }).compile(version === "3.0.3" ? schema : { ...schema, $schema: undefined });
    const validate = requestValidator(definition, { bodyTimeout: 20 });
    const stalled = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const refusals = [
      new Request(`${base}/users/x`),
      new Request(`${base}/none`),
      new Request(`${base}/users/1`, { method: "PUT" }),
      new Request(`${base}/users`, { method: "POST", body: "x", headers: { "content-type": "text/csv" } }),
      new Request(`${base}/users`, { method: "POST", body: "{}".padEnd(2 * 1024 * 1024), headers: { "content-type": "application/json" } }),
      new Request(`${base}/users`, { method: "POST", body: stalled, duplex: "half", headers: { "content-type": "application/json" } } as RequestInit),
    ];
    const statuses: number[] = [];
    for (const request of refusals) {
      const result = (await validate(request)) as InvalidRequest;
      statuses.push(result.status);
      const body: unknown = await result.response().json();
      expect(check(body), JSON.stringify(check.errors)).toBe(true);
    }
    expect(statuses).toEqual([400, 404, 405, 415, 413, 408]);
  });
});
