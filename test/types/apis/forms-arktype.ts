/** The definition forms of ./forms-zod.ts with ArkType: the typed-paths test compares their types with openapi-typescript's. */
import { type } from "arktype";
import { openapi } from "specloom";

const Order = type({ id: "string", total: "number" });
const NewOrder = type({ total: "number" });
const Problem = type({ title: "string", status: "number.integer" });

export const document = openapi({
  openapi: "3.1.0",
  info: { title: "Definition forms", version: "1.0.0" },
  schemas: { Order },
  parameters: {
    PageSize: { name: "pageSize", in: "query", schema: type("0 <= number.integer <= 100") },
    Tenant: { name: "x-tenant", in: "header", required: true, schema: type("string") },
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
      params: type({ id: "string.uuid" }),
      query: type({ "lang?": "string", "view?": "'short' | 'full'" }),
      parameters: ["Tenant", { name: "trace", in: "cookie", schema: type("string") }],
    },
    "GET /orders/{id}": {
      query: type({ view: "'short' | 'full'" }),
      200: { schema: "Order", headers: type({ ETag: "string", "X-Rate-Limit?": "number.integer" }) },
      404: "NotFound",
    },
    "DELETE /orders/:id": {
      params: type({ id: "string" }),
      parameters: [{ name: "x-tenant", in: "header", schema: type("'admin'") }],
      204: null,
      410: "Gone",
    },
    "PUT /orders/{id}": { body: "NewOrder", 200: "Order", "4XX": "NotFound" },
    "/orders": { description: "Every order", headers: type({ "x-client?": "string" }) },
    "GET /orders": {
      parameters: ["PageSize", { name: "status", in: "query", required: true, schema: type("'open' | 'closed'") }, { $ref: "#/components/parameters/Tenant" }],
      200: { schema: Order.array(), headers: type({ "X-Total": "number.integer" }) },
    },
    "POST /orders": {
      body: "NewOrder",
      callbacks: { onPaid: { "POST {$request.body#/callbackUrl}": { body: Order, 204: null } } },
      201: { schema: Order, headers: { Location: { schema: type("string"), required: true } } },
    },
    "POST /orders/{id}/notes": { params: type({ id: "string" }), body: "Note", 204: null },
    "/health/{probe}": { parameters: [{ name: "probe", in: "path", required: true, schema: type("'live' | 'ready'") }] },
  },
});
