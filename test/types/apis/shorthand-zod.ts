/** Every shorthand form of a route, with Zod: the API the typed-paths test compares with openapi-typescript. */
import { z } from "zod";
import { openapi } from "specloom";

const User = z.object({ id: z.string(), name: z.string(), age: z.number().int().optional(), role: z.enum(["member", "admin"]).default("member") });
const Problem = z.object({ title: z.string(), status: z.number().int() });
const Event = z.object({ kind: z.enum(["created", "deleted"]), at: z.string() });

export const document = openapi({
  openapi: "3.2.0",
  info: { title: "Every shorthand form", version: "1.0.0" },
  schemas: { User, Problem, Event },
  paths: {
    "GET /users/:id": {
      params: z.object({ id: z.string() }),
      query: z.object({ expand: z.boolean().optional(), fields: z.array(z.string()).optional() }),
      headers: z.object({ "x-request-id": z.string() }),
      cookies: z.object({ session: z.string().optional() }),
      200: "User",
      "4XX": "Problem",
      default: { schema: Problem, contentType: "application/problem+json" },
    },
    "DELETE /users/{id}": {
      204: null,
      404: { description: "No such user" },
    },
    "PUT /users/{id}": {
      params: z.object({ id: z.string() }),
      body: User,
      200: { schema: "User", headers: { ETag: { schema: z.string(), required: true }, "X-Rate-Limit": { schema: z.number().int() } } },
      "2XX": User,
    },
    "POST /users": {
      query: z.object({ dryRun: z.boolean() }),
      body: { schema: User.omit({ id: true }), contentType: "application/x-www-form-urlencoded" },
      201: { content: { "application/json": { schema: User } }, headers: { Location: { schema: z.string(), required: true } }, description: "Created" },
    },
    "PATCH /users/{id}": {
      body: { schema: User.partial(), required: false },
      200: User,
    },
    "POST /v1/jobs/{name}:cancel": {
      body: { content: { "application/json": { schema: z.object({ reason: z.string() }) } }, required: true },
      202: { contentType: "text/plain" },
    },
    "POST /notes": {
      body: { contentType: "text/plain" },
      201: { contentType: "application/octet-stream" },
    },
    "POST /blobs": {
      body: { content: { "application/octet-stream": {} } },
      200: { schema: z.string(), contentType: "text/csv" },
    },
    "GET /events": {
      200: { itemSchema: "Event", contentType: "text/event-stream" },
    },
    "QUERY /users": {
      body: z.object({ name: z.string() }),
      200: z.array(User),
    },
    "GET /health": {},
  },
});
