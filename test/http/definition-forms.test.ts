/**
 * The definition forms beyond a route's own schemas, as the validator reads them: a path's own
 * fields (`"/path"` keys, `path()`), parameters written whole or by a registered name
 * (`parameters`, `parameter()`), and a registered request body (`body: "Name"`, `requestBody()`).
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAPI, openapi, type OpenAPIVersion, type SpecloomDefinition, type StandardJSONSchemaV1 } from "specloom";
import { requestValidator, type InvalidRequest, type ValidationResult } from "specloom/http";
import { expectValidOpenAPI } from "../helpers/document";
import { allVersions } from "./apis";

const base = "http://api.test";
type Result = ValidationResult<unknown, string>;

function refused(result: Result): InvalidRequest {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  return result as InvalidRequest;
}

function accepted(result: Result) {
  expect(result.ok, JSON.stringify((result as InvalidRequest).problem)).toBe(true);
  return result as Extract<Result, { ok: true }>;
}

const where = (result: Result) => (refused(result).problem.issues ?? []).map((issue) => `${issue.in} ${issue.name ?? ""}`.trim()).sort();

interface Shapes {
  name: string;
  /** `{ id: integer }` */
  params: StandardJSONSchemaV1;
  /** `{ limit: integer <= 50, lang?: "en" | "fr" }`: the path's */
  sharedQuery: StandardJSONSchemaV1;
  /** `{ limit: integer <= 10 = 5, q?: string }`: an operation's, overriding `limit` */
  ownQuery: StandardJSONSchemaV1;
  /** `{ "x-tenant": string }` */
  headers: StandardJSONSchemaV1;
  /** `{ session?: string }` */
  cookies: StandardJSONSchemaV1;
  /** integer >= 1 */
  page: StandardJSONSchemaV1;
  /** integer <= 100 */
  size: StandardJSONSchemaV1;
  /** `{ name: string (1+) }` */
  user: StandardJSONSchemaV1;
  /** `{ q?: string (2+) }`, strict: no other property */
  search: StandardJSONSchemaV1;
}

const libraries: Shapes[] = [
  {
    name: "zod",
    params: z.object({ id: z.number().int() }),
    sharedQuery: z.object({ limit: z.number().int().max(50), lang: z.enum(["en", "fr"]).optional() }),
    ownQuery: z.object({ limit: z.number().int().max(10).default(5), q: z.string().optional() }),
    headers: z.object({ "x-tenant": z.string() }),
    cookies: z.object({ session: z.string().optional() }),
    page: z.number().int().min(1),
    size: z.number().int().max(100),
    user: z.object({ name: z.string().min(1) }),
    search: z.strictObject({ q: z.string().min(2).optional() }),
  },
  {
    name: "arktype",
    params: type({ id: "number.integer" }),
    sharedQuery: type({ limit: "number.integer <= 50", "lang?": "'en' | 'fr'" }),
    ownQuery: type({ limit: "number.integer <= 10 = 5", "q?": "string" }),
    headers: type({ "x-tenant": "string" }),
    cookies: type({ "session?": "string" }),
    page: type("number.integer >= 1"),
    size: type("number.integer <= 100"),
    user: type({ name: "string >= 1" }),
    search: type({ "+": "reject", "q?": "string >= 2" }),
  },
  {
    name: "valibot",
    params: toStandardJsonSchema(v.object({ id: v.pipe(v.number(), v.integer()) })),
    sharedQuery: toStandardJsonSchema(v.object({ limit: v.pipe(v.number(), v.integer(), v.maxValue(50)), lang: v.optional(v.picklist(["en", "fr"])) })),
    ownQuery: toStandardJsonSchema(v.object({ limit: v.optional(v.pipe(v.number(), v.integer(), v.maxValue(10)), 5), q: v.optional(v.string()) })),
    headers: toStandardJsonSchema(v.object({ "x-tenant": v.string() })),
    cookies: toStandardJsonSchema(v.object({ session: v.optional(v.string()) })),
    page: toStandardJsonSchema(v.pipe(v.number(), v.integer(), v.minValue(1))),
    size: toStandardJsonSchema(v.pipe(v.number(), v.integer(), v.maxValue(100))),
    user: toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.minLength(1)) })),
    search: toStandardJsonSchema(v.strictObject({ q: v.optional(v.pipe(v.string(), v.minLength(2))) })),
  },
];

/** The same API as a definition object: a path's own fields, listed and registered parameters, a registered body. */
function definitionOf(s: Shapes, version: OpenAPIVersion) {
  return {
    openapi: version,
    info: { title: "Tenants", version: "1" },
    parameters: { PageSize: { name: "size", in: "query", schema: s.size } },
    requestBodies: {
      NewUser: { required: true, content: { "application/json": { schema: s.user }, "application/x-www-form-urlencoded": { schema: s.user } } },
    },
    paths: {
      "/users/{id}": { summary: "One user", params: s.params, query: s.sharedQuery, headers: s.headers, cookies: s.cookies },
      "GET /users/{id}": { 200: null },
      "DELETE /users/{id}": { query: s.ownQuery, 204: null },
      "/users": { parameters: ["PageSize"] },
      "GET /users": { query: s.search, parameters: [{ name: "page", in: "query", required: true, schema: s.page }], 200: null },
      "POST /users": { body: "NewUser", 201: null },
    },
  } satisfies SpecloomDefinition;
}

/** The same API through the builder: `path()`, `parameter()`, `requestBody()`. */
function builderOf(s: Shapes, version: OpenAPIVersion) {
  return new OpenAPI({ openapi: version, info: { title: "Tenants", version: "1" } })
    .parameter("PageSize", { name: "size", in: "query", schema: s.size })
    .requestBody("NewUser", { required: true, content: { "application/json": { schema: s.user }, "application/x-www-form-urlencoded": { schema: s.user } } })
    .path("/users/{id}", { summary: "One user", params: s.params, query: s.sharedQuery, headers: s.headers, cookies: s.cookies })
    .route("GET /users/{id}", { 200: null })
    .route("DELETE /users/{id}", { query: s.ownQuery, 204: null })
    .path("/users", { parameters: ["PageSize"] })
    .route("GET /users", { query: s.search, parameters: [{ name: "page", in: "query", required: true, schema: s.page }], 200: null })
    .route("POST /users", { body: "NewUser", 201: null });
}

const forms = [
  { form: "a definition object", make: definitionOf },
  { form: "the builder", make: builderOf },
];

describe.each(libraries)("requestValidator and the definition forms, $name schemas", (s) => {
  describe.each(forms)("written as $form", ({ make }) => {
    describe.each(allVersions)("OpenAPI %s", (version) => {
      const definition = make(s, version);
      const validate = requestValidator(definition);
      const tenant = { "x-tenant": "acme", cookie: "session=s1" };

      it("a path's own params, query, headers and cookies are coerced, validated by the path's schemas and in the result", async () => {
        await expectValidOpenAPI(definition instanceof OpenAPI ? definition.document() : openapi(definition));
        const ok = accepted(await validate(new Request(`${base}/users/42?limit=20&lang=fr`, { headers: tenant })));
        expect([ok.route, ok.params, ok.query, ok.headers, ok.cookies]).toEqual(["GET /users/{id}", { id: 42 }, { limit: 20, lang: "fr" }, { "x-tenant": "acme" }, { session: "s1" }]);
        expect(where(await validate(new Request(`${base}/users/4.5?limit=51`)))).toEqual(["header x-tenant", "path id", "query limit"]);
        expect(where(await validate(new Request(`${base}/users/42?lang=de`, { headers: tenant })))).toEqual(["query lang", "query limit"]);
      });

      it('"can be overridden at the operation level": the operation\'s schema judges the parameter it redeclares, the path\'s the rest', async () => {
        const ok = accepted(await validate(new Request(`${base}/users/7?limit=3&q=x&lang=en`, { method: "DELETE", headers: tenant })));
        expect([ok.params, ok.query, ok.headers]).toEqual([{ id: 7 }, { lang: "en", limit: 3, q: "x" }, { "x-tenant": "acme" }]);
        // 30 fits the path's limit (<= 50), not the operation's (<= 10).
        expect(where(await validate(new Request(`${base}/users/7?limit=30`, { method: "DELETE", headers: tenant })))).toEqual(["query limit"]);
        // The path requires limit, the operation does not: its default applies, and the path's schema still judges lang.
        expect(accepted(await validate(new Request(`${base}/users/7?lang=fr`, { method: "DELETE", headers: tenant }))).query).toEqual({ lang: "fr", limit: 5 });
        expect(where(await validate(new Request(`${base}/users/7?lang=de`, { method: "DELETE", headers: tenant })))).toEqual(["query lang"]);
      });

      it("a parameter written whole and a registered one used by name land in query, each judged by its own schema", async () => {
        const ok = accepted(await validate(new Request(`${base}/users?page=2&size=100&q=ab`)));
        // The route's own strict query schema is given only its own parameters: the listed ones are not "unknown keys" to it.
        expect(ok.query).toEqual({ size: 100, page: 2, q: "ab" });
        expect(where(await validate(new Request(`${base}/users?page=2&q=a`)))).toEqual(["query q"]);
        expect(accepted(await validate(new Request(`${base}/users?page=1`))).query).toEqual({ page: 1 });
        expect(where(await validate(new Request(`${base}/users?page=0&size=101`)))).toEqual(["query page", "query size"]);
        expect(where(await validate(new Request(`${base}/users?size=x`)))).toEqual(["query page", "query size"]);
      });

      it("a registered request body used by name is validated in each of its media types, and 415 lists them", async () => {
        const json = accepted(await validate(new Request(`${base}/users`, { method: "POST", body: JSON.stringify({ name: "Ada" }), headers: { "content-type": "application/json" } })));
        expect(json.body).toEqual({ name: "Ada" });
        const form = accepted(await validate(new Request(`${base}/users`, { method: "POST", body: new URLSearchParams({ name: "Ada" }) })));
        expect(form.body).toEqual({ name: "Ada" });
        expect(where(await validate(new Request(`${base}/users`, { method: "POST", body: JSON.stringify({ name: "" }), headers: { "content-type": "application/json" } })))).toEqual(["body"]);
        const unsupported = refused(await validate(new Request(`${base}/users`, { method: "POST", body: "Ada", headers: { "content-type": "text/plain" } })));
        expect([unsupported.status, unsupported.problem.allowed]).toEqual([415, ["application/json", "application/x-www-form-urlencoded"]]);
      });
    });
  });
});
