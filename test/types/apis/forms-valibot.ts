/** The definition forms of ./forms-zod.ts with Valibot: the typed-paths test compares their types with openapi-typescript's. */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { openapi } from "specloom";

const s = toStandardJsonSchema;
const Order = s(v.object({ id: v.string(), total: v.number() }));
const NewOrder = s(v.object({ total: v.number() }));
const Problem = s(v.object({ title: v.string(), status: v.pipe(v.number(), v.integer()) }));

export const document = openapi({
  openapi: "3.1.0",
  info: { title: "Definition forms", version: "1.0.0" },
  schemas: { Order },
  parameters: {
    PageSize: { name: "pageSize", in: "query", schema: s(v.pipe(v.number(), v.integer(), v.maxValue(100))) },
    Tenant: { name: "x-tenant", in: "header", required: true, schema: s(v.string()) },
  },
  responses: {
    NotFound: { description: "Nothing here", contentType: "application/problem+json", schema: Problem },
    Gone: { description: "Gone for good" },
  },
  requestBodies: {
    NewOrder: { schema: NewOrder },
    Note: { content: { "text/plain": {} } },
  },
  paths: {
    "/orders/:id": {
      summary: "One order",
      params: s(v.object({ id: v.pipe(v.string(), v.uuid()) })),
      query: s(v.object({ lang: v.optional(v.string()), view: v.optional(v.picklist(["short", "full"])) })),
      parameters: ["Tenant", { name: "trace", in: "cookie", schema: s(v.string()) }],
    },
    "GET /orders/{id}": {
      query: s(v.object({ view: v.picklist(["short", "full"]) })),
      200: { schema: "Order", headers: s(v.object({ ETag: v.string(), "X-Rate-Limit": v.optional(v.pipe(v.number(), v.integer())) })) },
      404: "NotFound",
    },
    "DELETE /orders/:id": {
      params: s(v.object({ id: v.string() })),
      parameters: [{ name: "x-tenant", in: "header", schema: s(v.literal("admin")) }],
      204: null,
      410: "Gone",
    },
    "PUT /orders/{id}": { body: "NewOrder", 200: "Order", "4XX": "NotFound" },
    "/orders": { description: "Every order", headers: s(v.object({ "x-client": v.optional(v.string()) })) },
    "GET /orders": {
      parameters: ["PageSize", { name: "status", in: "query", required: true, schema: s(v.picklist(["open", "closed"])) }, { $ref: "#/components/parameters/Tenant" }],
      200: { schema: s(v.array(v.object({ id: v.string(), total: v.number() }))), headers: s(v.object({ "X-Total": v.pipe(v.number(), v.integer()) })) },
    },
    "POST /orders": {
      body: "NewOrder",
      callbacks: { onPaid: { "POST {$request.body#/callbackUrl}": { body: Order, 204: null } } },
      201: { schema: Order, headers: { Location: { schema: s(v.string()), required: true } } },
    },
    "POST /orders/{id}/notes": { params: s(v.object({ id: v.string() })), body: "Note", 204: null },
    "/health/{probe}": { parameters: [{ name: "probe", in: "path", required: true, schema: s(v.picklist(["live", "ready"])) }] },
  },
});
