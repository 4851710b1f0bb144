import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type SpecloomDefinition, type StandardJSONSchemaV1 } from "specloom";
import { requestValidator, type InvalidRequest } from "specloom/http";
import { expectValidOpenAPI } from "../helpers/document";
import { chooseCoding } from "../../src/serve/content-encoding";
import { allVersions, userApis, usersApi } from "./apis";

const base = "http://api.test";
const headers = { "x-trace": "t" };

describe.each(userApis)("safety with $name schemas", (lib) => {
  const definition = usersApi(lib, "3.1.0");
  const validate = requestValidator(definition);

  it("reads __proto__ and constructor keys as data, never as a way to Object.prototype", async () => {
    const url = `${base}/users/1?filter[__proto__][polluted]=1&filter[constructor][prototype][x]=2&__proto__=3`;
    const result = await validate(new Request(url, { headers }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("x");
    // Unknown properties of the filter: each library drops or reports them, none follows them.
    if (result.ok) expect(Object.getPrototypeOf(result.query)).toBe(Object.prototype);
    const form = await validate(new Request(`${base}/forms`, { method: "POST", body: "__proto__=x&constructor=y&name=n", headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect(form.ok).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("reads 10,000 query keys and a 100,000-character header", async () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `k${i}=${i}`).join("&");
    const result = await validate(new Request(`${base}/users/1?${keys}&tags=a&filter[color]=c`, { headers: { ...headers, "x-ids": Array.from({ length: 20_000 }, (_, i) => i).join(",") } }));
    expect(result.ok).toBe(true);
    expect((result as { headers: { "x-ids": number[] } }).headers["x-ids"]).toHaveLength(20_000);
  });

  it("refuses deepObject keys nested deeper than 32 levels, with the parameter's name", async () => {
    const deep = `filter${"[a]".repeat(5_000)}=1`;
    const result = (await validate(new Request(`${base}/users/1?${deep}`, { headers }))) as InvalidRequest;
    expect(result.status).toBe(400);
    expect(result.problem.issues?.[0]).toMatchObject({ in: "query", name: "filter" });
    expect(result.problem.issues?.[0]?.message).toContain("nests deeper than 32 levels");
  });

  it("never throws for what a client sends (seeded random methods, paths, queries, headers and bodies)", async () => {
    const text = fc.string({ unit: "binary", maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "PURGE"),
        fc.array(fc.oneof(text, fc.constantFrom("users", "1", "me", "forms", "uploads", "notes", "%", "%zz", ".", ";id=")), { maxLength: 4 }),
        text,
        fc.constantFrom("application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", "application/octet-stream", "application/merge-patch+json", ""),
        text,
        async (method, segments, query, type, body) => {
          const path = `/${segments.map((segment) => encodeURIComponent(segment).replace(/%25/g, "%")).join("/")}`;
          let request: Request;
          try {
            request = new Request(`${base}${path}?${encodeURI(query)}`, {
              method,
              headers: { cookie: query, ...(type ? { "content-type": type } : {}) },
              ...(method === "GET" ? {} : { body }),
            });
          } catch {
            return; // Not a request Fetch can make.
          }
          const result = await validate(request);
          if (!result.ok) expect([400, 404, 405, 408, 413, 415]).toContain(result.status);
        },
      ),
      { seed: 26, numRuns: 300 },
    );
  });

  it("leaves the caller's definition as it was: neither changed nor frozen", async () => {
    const fresh = usersApi(lib, "3.1.0");
    const before = JSON.stringify(fresh);
    const check = requestValidator(fresh);
    await check(new Request(`${base}/users/1?tags=a`, { headers }));
    expect(JSON.stringify(fresh)).toBe(before);
    expect(Object.isFrozen(fresh.paths["GET /users/{id}"])).toBe(false);
    expect(Object.isFrozen(fresh.paths["GET /users/{id}"].styles)).toBe(false);
  });
});

describe("the body limit", () => {
  const definition = usersApi(userApis[0]!, "3.1.0");

  it("answers 413 while reading: a body that never ends is cancelled once past the limit", async () => {
    const validate = requestValidator(definition, { bodyLimit: 1024 });
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(256).fill(32));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request(`${base}/users`, { method: "POST", body: endless, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
    const result = (await validate(request)) as InvalidRequest;
    expect(result.status).toBe(413);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  it("answers 413 from Content-Length alone, and defaults to 1 MiB", async () => {
    const validate = requestValidator(definition);
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024), age: 1 });
    expect(((await validate(new Request(`${base}/users`, { method: "POST", body: big, headers: { "content-type": "application/json" } }))) as InvalidRequest).status).toBe(413);
    const small = requestValidator(definition, { bodyLimit: 10 });
    const declared = new Request(`${base}/users`, { method: "POST", body: "{}", headers: { "content-type": "application/json", "content-length": "999999" } });
    expect(((await small(declared)) as InvalidRequest).status).toBe(413);
  });

  it("refuses a bad option with the option's name", () => {
    expect(() => requestValidator(definition, { bodyLimit: -1 })).toThrow("requestValidator options.bodyLimit: expected a whole number of bytes");
    expect(() => requestValidator(definition, { limit: 1 } as object)).toThrow("requestValidator options.limit: unknown option");
  });
});

describe.each(allVersions)("OpenAPI 3.2 methods and querystring (%s)", (version) => {
  const query = z.object({ q: z.string(), page: z.number().int().optional() });
  const definition = (paths: SpecloomDefinition["paths"]): SpecloomDefinition => ({ openapi: version, info: { title: "Search", version: "1" }, paths });

  it(version === "3.2.0" ? "matches QUERY and other methods of 3.2" : "cannot define QUERY before 3.2.0", async () => {
    const paths = { "QUERY /search": { body: query, 200: null }, "PURGE /cache": { 204: null }, "GET /search": { 200: null } };
    if (version !== "3.2.0") {
      expect(() => requestValidator(definition(paths))).toThrow("needs OpenAPI 3.2.0");
      return;
    }
    await expectValidOpenAPI(openapi(definition(paths)));
    const validate = requestValidator(definition(paths));
    const found = await validate(new Request(`${base}/search`, { method: "QUERY", body: JSON.stringify({ q: "x", page: 2 }), headers: { "content-type": "application/json" } }));
    expect(found).toMatchObject({ ok: true, route: "QUERY /search", body: { q: "x", page: 2 } });
    expect(await validate(new Request(`${base}/cache`, { method: "PURGE" }))).toMatchObject({ ok: true, route: "PURGE /cache" });
    const allow = ((await validate(new Request(`${base}/search`, { method: "DELETE" }))) as InvalidRequest).response().headers.get("allow");
    expect(allow).toBe("QUERY, GET");
  });

  it(version === "3.2.0" ? "reads 3.2's querystring as one form-encoded object" : "cannot define a querystring before 3.2.0", async () => {
    const paths = { "GET /find": { querystring: query, 200: null } };
    if (version !== "3.2.0") {
      expect(() => requestValidator(definition(paths))).toThrow("querystring needs OpenAPI 3.2.0");
      return;
    }
    const validate = requestValidator(definition(paths));
    expect(await validate(new Request(`${base}/find?q=a+b&page=3`))).toMatchObject({ ok: true, query: { q: "a b", page: 3 } });
    const bad = (await validate(new Request(`${base}/find?page=x`))) as InvalidRequest;
    expect(bad.problem.issues?.map((issue) => [issue.in, issue.pointer]).sort()).toEqual([["querystring", "/page"], ["querystring", "/q"]]);
  });
});

describe("the depth check, route templates and Accept-Encoding keep keys as data", () => {
  it("walks a JSON body's __proto__ and constructor keys as properties, reaching nothing", async () => {
    const validate = requestValidator({ info: { title: "Keys", version: "1" }, paths: { "POST /values": { body: z.unknown(), 200: null } } }, { depthLimit: 3 });
    const send = (body: string) => validate(new Request(`${base}/values`, { method: "POST", body, headers: { "content-type": "application/json" } }));
    const shallow = await send('{"__proto__":{"polluted":[1]},"constructor":{"prototype":{"x":1}}}');
    expect(shallow.ok).toBe(true);
    expect(Object.getOwnPropertyNames((shallow as { body: object }).body)).toEqual(["__proto__", "constructor"]);
    expect(((await send('{"__proto__":{"polluted":[[1]]}}')) as InvalidRequest).status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("x");
  });

  it("reads path parameters named __proto__ and constructor into the part as data", async () => {
    // A schema that hands back what it is given, so the part shows what the validator built.
    const jsonSchema = () => ({ type: "object", properties: { ["__proto__"]: { type: "string" }, constructor: { type: "string" } }, required: ["__proto__", "constructor"] });
    const params = { "~standard": { version: 1, vendor: "test", validate: (value: unknown) => ({ value }), jsonSchema: { input: jsonSchema, output: jsonSchema } } } as StandardJSONSchemaV1;
    const validate = requestValidator({ info: { title: "Keys", version: "1" }, paths: { "GET /a/{__proto__}-{constructor}.txt": { params, 200: null } } });
    const result = await validate(new Request(`${base}/a/x-y.txt`));
    expect(result.ok).toBe(true);
    expect(Object.getOwnPropertyDescriptor((result as { params: object }).params, "__proto__")?.value).toBe("x");
    expect(Object.getOwnPropertyDescriptor((result as { params: object }).params, "constructor")?.value).toBe("y");
    expect(Object.getPrototypeOf((result as { params: object }).params)).toBe(Object.prototype);
  });

  it("weighs codings named __proto__, constructor and toString as unknown codings", () => {
    expect(chooseCoding("__proto__, constructor;q=1, toString;q=0.5", ["gzip"])).toBeUndefined();
    expect(chooseCoding("__proto__;q=0, gzip;q=0.1", ["gzip"])).toBe("gzip");
    expect(Object.prototype).not.toHaveProperty("gzip");
  });
});
