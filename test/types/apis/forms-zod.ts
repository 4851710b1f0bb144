/**
 * The definition forms that change a request or a response, with Zod: a path's own fields,
 * parameters written whole or registered, registered responses and request bodies, response
 * headers from one object schema, and a callback (which changes no client call).
 */
import { z } from "zod";
import { openapi } from "specloom";

const Order = z.object({ id: z.string(), total: z.number() });
const Problem = z.object({ title: z.string(), status: z.number().int() });

export const document = openapi({
  openapi: "3.1.0",
  info: { title: "Definition forms", version: "1.0.0" },
  schemas: { Order },
  parameters: {
    PageSize: { name: "pageSize", in: "query", schema: z.number().int().max(100) },
    Tenant: { name: "x-tenant", in: "header", required: true, schema: z.string() },
  },
  responses: {
    NotFound: { description: "Nothing here", contentType: "application/problem+json", schema: Problem },
    Gone: { description: "Gone for good" },
  },
  requestBodies: {
    NewOrder: { schema: Order.omit({ id: true }) },
    Note: { content: { "text/plain": {} } },
  },
  paths: {
    "/orders/:id": {
      summary: "One order",
      params: z.object({ id: z.string().uuid() }),
      query: z.object({ lang: z.string().optional(), view: z.enum(["short", "full"]).optional() }),
      parameters: ["Tenant", { name: "trace", in: "cookie", schema: z.string() }],
    },
    "GET /orders/{id}": {
      query: z.object({ view: z.enum(["short", "full"]) }),
      200: { schema: "Order", headers: z.object({ ETag: z.string(), "X-Rate-Limit": z.number().int().optional() }) },
      404: "NotFound",
    },
    "DELETE /orders/:id": {
      params: z.object({ id: z.string() }),
      parameters: [{ name: "x-tenant", in: "header", schema: z.literal("admin") }],
      204: null,
      410: "Gone",
    },
    "PUT /orders/{id}": {
      body: "NewOrder",
      200: "Order",
      "4XX": "NotFound",
    },
    "/orders": {
      description: "Every order",
      headers: z.object({ "x-client": z.string().optional() }),
    },
    "GET /orders": {
      parameters: ["PageSize", { name: "status", in: "query", required: true, schema: z.enum(["open", "closed"]) }, { $ref: "#/components/parameters/Tenant" }],
      200: { schema: z.array(Order), headers: z.object({ "X-Total": z.number().int() }) },
    },
    "POST /orders": {
      body: "NewOrder",
      callbacks: {
        onPaid: { "POST {$request.body#/callbackUrl}": { body: Order, 204: null } },
      },
      201: { schema: Order, headers: { Location: { schema: z.string(), required: true } } },
    },
    "POST /orders/{id}/notes": {
      params: z.object({ id: z.string() }),
      body: "Note",
      204: null,
    },
    "/health/{probe}": {
      parameters: [{ name: "probe", in: "path", required: true, schema: z.enum(["live", "ready"]) }],
    },
  },
});
