/**
 * One definition, both ends: a real node:http server validates requests with
 * `requestValidator` (through `nodeHandler`), and openapi-fetch calls it typed by `PathsOf`
 * of the same definition. The server's validated parts are typed by the route's schema
 * outputs (`ValidatedRequestOf`), the client's data by the response's.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { openapi, type PathsOf } from "specloom";
import { requestValidator } from "specloom/http";
import { nodeHandler } from "specloom/node";
import { expectValidOpenAPI } from "../helpers/document";

const Item = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.string()) });
const definition = {
  info: { title: "Items", version: "1" },
  paths: {
    "GET /items/{id}": {
      params: z.object({ id: z.number().int().min(1) }),
      query: z.object({ limit: z.number().int().max(50).default(10), tag: z.array(z.string()).optional() }),
      200: Item,
    },
    "POST /items": { body: Item.omit({ id: true }), 201: Item },
  },
} as const;

const validate = requestValidator(definition);
const document = openapi(definition);
type Paths = PathsOf<typeof document>;

const handler = async (request: Request): Promise<Response> => {
  const url = new URL(request.url);
  if (request.method === "GET" && url.pathname.startsWith("/items/")) {
    const result = await validate(request, "GET /items/{id}");
    if (!result.ok) return result.response();
    expectTypeOf(result.params).toEqualTypeOf<{ id: number }>();
    expectTypeOf(result.query).toEqualTypeOf<{ limit: number; tag?: string[] | undefined }>();
    const tags = result.query.tag ?? [];
    return Response.json({ id: result.params.id, name: `limit ${result.query.limit}`, tags });
  }
  const result = await validate(request, "POST /items");
  if (!result.ok) return result.response();
  expectTypeOf(result.body).toEqualTypeOf<{ name: string; tags: string[] }>();
  return Response.json({ id: 1, ...result.body }, { status: 201 });
};

describe("openapi-fetch over PathsOf, against a server checked by requestValidator, one definition", () => {
  let server: Server;
  let baseUrl = "";
  beforeAll(async () => {
    expectValidOpenAPI(document);
    server = createServer(nodeHandler(handler));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a typed GET: the path and query parameters arrive coerced, defaults applied, and the data is typed", async () => {
    const client = createClient<Paths>({ baseUrl });
    const { data, response } = await client.GET("/items/{id}", { params: { path: { id: 7 }, query: { tag: ["a", "b"] } } });
    expect(response.status).toBe(200);
    expectTypeOf(data).toEqualTypeOf<{ id: number; name: string; tags: string[] } | undefined>();
    expect(data).toEqual({ id: 7, name: "limit 10", tags: ["a", "b"] });
  });

  it("a typed POST: the body is validated and echoed", async () => {
    const client = createClient<Paths>({ baseUrl });
    const { data, response } = await client.POST("/items", { body: { name: "pen", tags: [] } });
    expect(response.status).toBe(201);
    expect(data).toEqual({ id: 1, name: "pen", tags: [] });
  });

  it("a value the schema refuses (sent past the types) is a 400 Problem naming the parameter", async () => {
    const client = createClient<Paths>({ baseUrl });
    // @ts-expect-error: limit is a number; the server must refuse what the types would not let through.
    const { error, response } = await client.GET("/items/{id}", { params: { path: { id: 7 }, query: { limit: "many" } } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(JSON.stringify(error)).toContain('"name":"limit"');
  });
});
