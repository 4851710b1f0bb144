/**
 * One small users API written with each schema library, for the request validator's tests:
 * `describe.each(userApis)` runs a test once per library.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { z } from "zod";
import type { OpenAPIVersion, SpecloomDefinition, StandardJSONSchemaV1 } from "specloom";

export interface UserShapes {
  name: "zod" | "arktype" | "valibot";
  /** `{ id: integer }` */
  params: StandardJSONSchemaV1;
  /** `{ limit: integer <= 50 = 20, tags?: string[], active?: boolean, filter?: { color?: string, min?: number } }` */
  query: StandardJSONSchemaV1;
  /** `{ "x-trace": string, "x-ids"?: integer[] }` */
  headers: StandardJSONSchemaV1;
  /** `{ session?: string, theme?: "dark" | "light" }` */
  cookies: StandardJSONSchemaV1;
  /** `{ name: string (1+), age: integer, email?: string }` */
  body: StandardJSONSchemaV1;
  /** `{ name: string, scores?: integer[] }`, a form */
  form: StandardJSONSchemaV1;
}

const zodFilter = z.object({ color: z.string().optional(), min: z.number().optional() });
const valibotFilter = v.object({ color: v.optional(v.string()), min: v.optional(v.number()) });

export const userApis: UserShapes[] = [
  {
    name: "zod",
    params: z.object({ id: z.number().int() }),
    query: z.object({ limit: z.number().int().max(50).default(20), tags: z.array(z.string()).optional(), active: z.boolean().optional(), filter: zodFilter.optional() }),
    headers: z.object({ "x-trace": z.string(), "x-ids": z.array(z.number().int()).optional() }),
    cookies: z.object({ session: z.string().optional(), theme: z.enum(["dark", "light"]).optional() }),
    body: z.object({ name: z.string().min(1), age: z.number().int(), email: z.string().optional() }),
    form: z.object({ name: z.string(), scores: z.array(z.number().int()).optional() }),
  },
  {
    name: "arktype",
    params: type({ id: "number.integer" }),
    query: type({ limit: "number.integer <= 50 = 20", "tags?": "string[]", "active?": "boolean", "filter?": { "color?": "string", "min?": "number" } }),
    headers: type({ "x-trace": "string", "x-ids?": "number.integer[]" }),
    cookies: type({ "session?": "string", "theme?": "'dark' | 'light'" }),
    body: type({ name: "string >= 1", age: "number.integer", "email?": "string" }),
    form: type({ name: "string", "scores?": "number.integer[]" }),
  },
  {
    name: "valibot",
    params: toStandardJsonSchema(v.object({ id: v.pipe(v.number(), v.integer()) })),
    query: toStandardJsonSchema(
      v.object({
        limit: v.optional(v.pipe(v.number(), v.integer(), v.maxValue(50)), 20),
        tags: v.optional(v.array(v.string())),
        active: v.optional(v.boolean()),
        filter: v.optional(valibotFilter),
      }),
    ),
    headers: toStandardJsonSchema(v.object({ "x-trace": v.string(), "x-ids": v.optional(v.array(v.pipe(v.number(), v.integer()))) })),
    cookies: toStandardJsonSchema(v.object({ session: v.optional(v.string()), theme: v.optional(v.picklist(["dark", "light"])) })),
    body: toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.minLength(1)), age: v.pipe(v.number(), v.integer()), email: v.optional(v.string()) })),
    form: toStandardJsonSchema(v.object({ name: v.string(), scores: v.optional(v.array(v.pipe(v.number(), v.integer()))) })),
  },
];

export const allVersions: readonly OpenAPIVersion[] = ["3.0.3", "3.1.0", "3.2.0"];

/** The users API in one library and version. */
export function usersApi(shapes: UserShapes, version: OpenAPIVersion) {
  return {
    openapi: version,
    info: { title: "Users", version: "1" },
    paths: {
      "GET /users/{id}": {
        params: shapes.params,
        query: shapes.query,
        headers: shapes.headers,
        cookies: shapes.cookies,
        styles: { query: { filter: { style: "deepObject" } } },
        200: null,
      },
      "DELETE /users/{id}": { params: shapes.params, 204: null },
      "GET /users/me": { 200: null },
      "POST /users": { body: shapes.body, 201: null },
      "PATCH /users/{id}": { params: shapes.params, body: { schema: shapes.body, contentType: "application/merge-patch+json" }, 200: null },
      "POST /users/{id}/notes": { params: shapes.params, body: { contentType: "text/plain" }, 204: null },
      "PUT /users/{id}/avatar": { params: shapes.params, body: { contentType: "application/octet-stream", required: false }, 204: null },
      "POST /forms": { body: { schema: shapes.form, contentType: "application/x-www-form-urlencoded" }, 204: null },
      "POST /uploads": { body: { schema: shapes.form, contentType: "multipart/form-data" }, 204: null },
    },
  } satisfies SpecloomDefinition;
}
