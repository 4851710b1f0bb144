/** Every shorthand form of a route, with ArkType: the API the typed-paths test compares with openapi-typescript. */
import { type } from "arktype";
import { openapi } from "specloom";

const User = type({ id: "string", name: "string", "age?": "number.integer", role: "'member' | 'admin' = 'member'" });
const Problem = type({ title: "string", status: "number.integer" });
const Event = type({ kind: "'created' | 'deleted'", at: "string" });

export const document = openapi({
  openapi: "3.2.0",
  info: { title: "Every shorthand form", version: "1.0.0" },
  schemas: { User, Problem, Event },
  paths: {
    "GET /users/:id": {
      params: type({ id: "string" }),
      query: type({ "expand?": "boolean", "fields?": "string[]" }),
      headers: type({ "x-request-id": "string" }),
      cookies: type({ "session?": "string" }),
      200: "User",
      "4XX": "Problem",
      default: { schema: Problem, contentType: "application/problem+json" },
    },
    "DELETE /users/{id}": {
      204: null,
      404: { description: "No such user" },
    },
    "PUT /users/{id}": {
      params: type({ id: "string" }),
      body: User,
      200: { schema: "User", headers: { ETag: { schema: type("string"), required: true }, "X-Rate-Limit": { schema: type("number.integer") } } },
      "2XX": User,
    },
    "POST /users": {
      query: type({ dryRun: "boolean" }),
      body: { schema: User.omit("id"), contentType: "application/x-www-form-urlencoded" },
      201: { content: { "application/json": { schema: User } }, headers: { Location: { schema: type("string"), required: true } }, description: "Created" },
    },
    "PATCH /users/{id}": {
      body: { schema: User.partial(), required: false },
      200: User,
    },
    "POST /v1/jobs/{name}:cancel": {
      body: { content: { "application/json": { schema: type({ reason: "string" }) } }, required: true },
      202: { contentType: "text/plain" },
    },
    "POST /notes": {
      body: { contentType: "text/plain" },
      201: { contentType: "application/octet-stream" },
    },
    "POST /blobs": {
      body: { content: { "application/octet-stream": {} } },
      200: { schema: type("string"), contentType: "text/csv" },
    },
    "GET /events": {
      200: { itemSchema: "Event", contentType: "text/event-stream" },
    },
    "QUERY /users": {
      body: type({ name: "string" }),
      200: User.array(),
    },
    "GET /health": {},
  },
});
