import { z } from "zod";
import { openapi } from "specloom";

const Subscription = z.object({
  id: z.string().uuid(),
  callbackUrl: z.string().url(),
  events: z.array(z.enum(["order.created", "order.shipped"])),
});
const Event = z.object({ type: z.enum(["order.created", "order.shipped"]), orderId: z.string(), at: z.string().datetime() });
const Problem = z.object({ title: z.string(), status: z.number().int() });
const RateLimit = z.object({
  "X-RateLimit-Remaining": z.number().int().describe("Requests left in the current window"),
  "X-RateLimit-Reset": z.number().int().optional().describe("Seconds until the window starts again"),
});

const document = openapi({
  info: { title: "Order events", version: "1.0.0", license: { name: "MIT", url: "https://opensource.org/license/mit" } },
  servers: [{ url: "https://api.shop.test" }],
  securitySchemes: { apiKey: { type: "apiKey", name: "X-API-Key", in: "header" } },
  security: [{ apiKey: [] }],
  schemas: { Subscription, Event, Problem },
  parameters: {
    SubscriptionId: { name: "id", in: "path", required: true, description: "The subscription's id", schema: z.string().uuid() },
  },
  responses: {
    NotFound: { description: "No such subscription", contentType: "application/problem+json", schema: Problem },
  },
  callbacks: {
    OrderEvent: {
      "POST {$request.body#/callbackUrl}": {
        summary: "Deliver an order event",
        body: Event,
        204: null,
        410: { description: "The receiver is gone: the subscription ends" },
      },
    },
  },
  paths: {
    "/subscriptions/{id}": { summary: "One subscription", parameters: ["SubscriptionId"] },
    "POST /subscriptions": {
      summary: "Subscribe to order events",
      body: Subscription.omit({ id: true }),
      callbacks: { orderEvent: "OrderEvent" },
      201: { schema: Subscription, headers: RateLimit },
      400: { description: "The subscription is not valid", contentType: "application/problem+json", schema: Problem },
    },
    "GET /subscriptions/{id}": {
      summary: "Read a subscription",
      200: { schema: Subscription, headers: RateLimit },
      404: "NotFound",
    },
    "DELETE /subscriptions/{id}": {
      summary: "Unsubscribe",
      204: null,
      404: "NotFound",
    },
  },
});

console.log(JSON.stringify(document, null, 2));
