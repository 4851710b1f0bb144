/**
 * `ValidatedRequestOf<T, K>`: the Standard Schema outputs of route K's request parts. A
 * definition, a builder and `openapi()`'s document give the same; K may be written as in
 * the definition or as the document names the route. Checked by the type checker.
 */
import { z } from "zod";
import { OpenAPI, openapi, type RouteKeyOf, type ValidatedRequestOf } from "specloom";
import { assert, type Equal } from "./type-assertions";

const definition = {
  info: { title: "Validated", version: "1.0.0" },
  paths: {
    "GET /users/:id": {
      params: z.object({ id: z.coerce.number().int() }),
      query: z.object({ limit: z.coerce.number().default(10) }),
      headers: z.object({ "x-trace": z.string().optional() }),
      200: null,
    },
    "POST /files/{name}": {
      body: { schema: z.object({ size: z.string().transform(Number) }), required: false },
      201: null,
    },
    "PUT /notes/{id}": {
      cookies: z.object({ session: z.string() }),
      body: { contentType: "text/plain" },
      204: null,
    },
    "POST /forms": {
      body: { content: { "application/json": { schema: z.object({ a: z.string() }) }, "application/x-www-form-urlencoded": { schema: z.object({ b: z.string() }) } }, required: true },
      204: null,
    },
  },
} as const;
export const document = openapi(definition);
export const api = new OpenAPI({ info: definition.info }).route("GET", "/users/:id", definition.paths["GET /users/:id"]);

type Users = ValidatedRequestOf<typeof definition, "GET /users/{id}">;
assert<Equal<Users, { params: { id: number }; query: { limit: number }; headers: { "x-trace"?: string | undefined }; cookies: Record<string, unknown>; body: undefined }>>();
assert<Equal<ValidatedRequestOf<typeof definition, "GET /users/:id">, Users>>();
assert<Equal<ValidatedRequestOf<typeof document, "GET /users/{id}">, Users>>();
assert<Equal<ValidatedRequestOf<typeof api, "GET /users/{id}">, Users>>();

// Outputs, not inputs: the body's size is a number once transformed; an optional body may be missing.
assert<Equal<ValidatedRequestOf<typeof definition, "POST /files/{name}">, { params: { name: string }; query: Record<string, unknown>; headers: Record<string, unknown>; cookies: Record<string, unknown>; body: { size: number } | undefined }>>();
assert<Equal<ValidatedRequestOf<typeof definition, "PUT /notes/{id}">["body"], string>>();
assert<Equal<ValidatedRequestOf<typeof definition, "PUT /notes/{id}">["cookies"], { session: string }>>();
assert<Equal<ValidatedRequestOf<typeof definition, "POST /forms">["body"], { a: string } | { b: string }>>();

assert<Equal<RouteKeyOf<typeof api>, "GET /users/:id" | "GET /users/{id}">>();

// A route as a framework writes its path (`:name` at a segment's start, as `parseRoute` reads it) names the same route.
assert<Equal<ValidatedRequestOf<typeof definition, "POST /files/:name">, ValidatedRequestOf<typeof definition, "POST /files/{name}">>>();
assert<Equal<Extract<RouteKeyOf<typeof definition>, `PUT ${string}`>, "PUT /notes/{id}" | "PUT /notes/:id">>();
export const templates = openapi({
  info: { title: "Templates", version: "1" },
  paths: {
    "GET /v1/{name}:cancel": { 200: null },
    "GET /files/{file}.json": { 200: null },
    "GET /teams/{team-id}/{1st}": { 200: null },
    "GET /a{b}": { 200: null },
  },
});
// Only a leading name of letters, digits and `_` (not starting with a digit) can be written `:name`; any other stays `{name}`.
assert<Equal<RouteKeyOf<typeof templates>, "GET /v1/{name}:cancel" | "GET /v1/:name:cancel" | "GET /files/{file}.json" | "GET /files/:file.json" | "GET /teams/{team-id}/{1st}" | "GET /a{b}">>();
// @ts-expect-error a route the definition does not have
export type Missing = ValidatedRequestOf<typeof definition, "GET /users">;
