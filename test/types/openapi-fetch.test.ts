/**
 * openapi-fetch over `PathsOf`: the calls of ./client-calls.ts type-check as they should
 * (checked here as well as by `npm run typecheck`), and a real node:http server answers calls
 * made through openapi-fetch, with data of the type the client says.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { PathsOf } from "specloom";
import type { document } from "./apis/shorthand-zod";
import { typeCheck } from "./type-checks";

type Paths = PathsOf<typeof document>;
describe("openapi-fetch over PathsOf", () => {
  it("type-checks the right calls and refuses each wrong one (every @ts-expect-error is used)", () => {
    expect(typeCheck([join(import.meta.dirname, "client-calls.ts")])).toEqual([]);
  });

  let server: Server;
  let baseUrl = "";
  const seen: { method?: string; url?: string; headers?: Record<string, unknown>; body?: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        seen.push({ method: request.method, url: request.url, headers: request.headers, body });
        if (request.method === "GET" && request.url?.startsWith("/users/7")) {
          response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: "7", name: "Ada", role: "admin" }));
        } else if (request.method === "PUT") {
          response.writeHead(200, { "content-type": "application/json", etag: '"v2"' }).end(body);
        } else {
          response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ title: "Not Found", status: 404 }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("calls a real server: path, query and header parameters go out, the data has the response's type", async () => {
    const client = createClient<Paths>({ baseUrl });
    const { data, error, response } = await client.GET("/users/{id}", { params: { path: { id: "7" }, query: { expand: true }, header: { "x-request-id": "abc" } } });
    expect(response.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/users/7?expand=true", headers: { "x-request-id": "abc" } });
    expectTypeOf(data).toEqualTypeOf<{ id: string; name: string; age?: number | undefined; role: "member" | "admin" } | undefined>();
    expectTypeOf(error).toEqualTypeOf<{ title: string; status: number } | undefined>();
    expect(data).toEqual({ id: "7", name: "Ada", role: "admin" });
  });

  it("sends a JSON body and reads the error of a status the route declares", async () => {
    const client = createClient<Paths>({ baseUrl });
    const put = await client.PUT("/users/{id}", { params: { path: { id: "7" } }, body: { id: "7", name: "Grace" } });
    expect(JSON.parse(seen.at(-1)?.body ?? "")).toEqual({ id: "7", name: "Grace" });
    expect(put.data).toEqual({ id: "7", name: "Grace" });
    expect(put.response.headers.get("etag")).toBe('"v2"');
    const missing = await client.GET("/users/{id}", { params: { path: { id: "8" }, header: { "x-request-id": "x" } } });
    expect(missing.data).toBeUndefined();
    expect(missing.error).toEqual({ title: "Not Found", status: 404 });
  });
});
