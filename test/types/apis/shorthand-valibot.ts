/** Every shorthand form of a route, with Valibot: the API the typed-paths test compares with openapi-typescript. */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { openapi } from "specloom";

const s = toStandardJsonSchema;
const UserSchema = v.object({ id: v.string(), name: v.string(), age: v.optional(v.pipe(v.number(), v.integer())), role: v.optional(v.picklist(["member", "admin"]), "member") });
const User = s(UserSchema);
const Problem = s(v.object({ title: v.string(), status: v.pipe(v.number(), v.integer()) }));
const Event = s(v.object({ kind: v.picklist(["created", "deleted"]), at: v.string() }));

export const document = openapi({
  openapi: "3.2.0",
  info: { title: "Every shorthand form", version: "1.0.0" },
  schemas: { User, Problem, Event },
  paths: {
    "GET /users/:id": {
      params: s(v.object({ id: v.string() })),
      query: s(v.object({ expand: v.optional(v.boolean()), fields: v.optional(v.array(v.string())) })),
      headers: s(v.object({ "x-request-id": v.string() })),
      cookies: s(v.object({ session: v.optional(v.string()) })),
      200: "User",
      "4XX": "Problem",
      default: { schema: Problem, contentType: "application/problem+json" },
    },
    "DELETE /users/{id}": {
      204: null,
      404: { description: "No such user" },
    },
    "PUT /users/{id}": {
      params: s(v.object({ id: v.string() })),
      body: User,
      200: { schema: "User", headers: { ETag: { schema: s(v.string()), required: true }, "X-Rate-Limit": { schema: s(v.pipe(v.number(), v.integer())) } } },
      "2XX": User,
    },
    "POST /users": {
      query: s(v.object({ dryRun: v.boolean() })),
      body: { schema: s(v.omit(UserSchema, ["id"])), contentType: "application/x-www-form-urlencoded" },
      201: { content: { "application/json": { schema: User } }, headers: { Location: { schema: s(v.string()), required: true } }, description: "Created" },
    },
    "PATCH /users/{id}": {
      body: { schema: s(v.partial(UserSchema)), required: false },
      200: User,
    },
    "POST /v1/jobs/{name}:cancel": {
      body: { content: { "application/json": { schema: s(v.object({ reason: v.string() })) } }, required: true },
      202: { contentType: "text/plain" },
    },
    "POST /notes": {
      body: { contentType: "text/plain" },
      201: { contentType: "application/octet-stream" },
    },
    "POST /blobs": {
      body: { content: { "application/octet-stream": {} } },
      200: { schema: s(v.string()), contentType: "text/csv" },
    },
    "GET /events": {
      200: { itemSchema: "Event", contentType: "text/event-stream" },
    },
    "QUERY /users": {
      body: s(v.object({ name: v.string() })),
      200: s(v.array(UserSchema)),
    },
    "GET /health": {},
  },
});
