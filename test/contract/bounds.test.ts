/**
 * What contractTest promises beyond finding bugs: it sends only to the base URL (no
 * redirect followed), stops at its time budget, reports an absent server as unreachable
 * rather than as a finding, takes path parameters from the document's examples, sends the
 * caller's headers, and refuses wrong options at once with a SpecloomError naming them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import type { OpenAPIDocument } from "specloom";
import { contractTest } from "specloom/contract";
import { catchError } from "../helpers/errors";
import { itemsApi } from "./items-api";

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A node:http server answering every request with `answer`, counting them. */
async function listen(answer: (url: string) => { status: number; headers?: Record<string, string>; body?: string }): Promise<{ url: string; hits: string[] }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const { status, headers, body } = answer(req.url ?? "");
    res.writeHead(status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

const document = {
  openapi: "3.1.0",
  info: { title: "Things", version: "1" },
  paths: {
    "/things/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1, examples: [42] } }, { name: "x-trace", in: "header", schema: { type: "string" } }],
        responses: { 200: { description: "a thing", content: { "application/json": { schema: { type: "object", required: ["id"], properties: { id: { type: "integer" } } } } } } },
      },
    },
  },
} as unknown as OpenAPIDocument;

describe("contractTest's bounds", () => {
  it("sends only to the base URL: a redirect elsewhere is reported, never followed", async () => {
    const elsewhere = await listen(() => ({ status: 200, body: "{}" }));
    const server = await listen(() => ({ status: 302, headers: { location: `${elsewhere.url}/things/1` } }));
    const report = await contractTest(document, { baseUrl: server.url, runs: 3 });
    expect(report.ok).toBe(false);
    expect(report.operations[0]?.failure?.problems[0]).toMatchObject({ in: "status", message: expect.stringMatching(/^302 is not a status/) });
    expect(elsewhere.hits).toEqual([]);
    expect(server.hits.length).toBeGreaterThan(0);
  });

  it("takes a path parameter the server must know from the document's examples, and sends the caller's headers", async () => {
    const seen: Request[] = [];
    const report = await contractTest(document, {
      fetch: async (request) => {
        seen.push(request);
        const id = Number(new URL(request.url).pathname.split("/")[2]);
        return id === 42 ? Response.json({ id }) : Response.json({ title: "Bad Request" }, { status: 400 });
      },
      runs: 10,
      headers: { authorization: "Bearer t0ken" },
    });
    expect(report.ok, JSON.stringify(report.operations[0]?.failure)).toBe(true);
    const valid = seen.filter((request) => /^\/things\/42$/.test(new URL(request.url).pathname));
    expect(valid.length).toBe(report.operations[0]?.valid);
    expect(seen.every((request) => request.headers.get("authorization") === "Bearer t0ken")).toBe(true);
  });

  it("sends every request under the base URL's path, at most three times runs per operation, and at most 200 more to shrink", async () => {
    const runs = 10;
    // Honest: 42 is the id the document's examples give; anything else is refused.
    const honest = await listen((url) => (url === "/api/things/42" ? { status: 200, headers: { "content-type": "application/json" }, body: '{"id":42}' } : { status: 400 }));
    const passed = await contractTest(document, { baseUrl: `${honest.url}/api`, runs, seed: 5 });
    expect(passed.ok, JSON.stringify(passed.operations[0]?.failure)).toBe(true);
    expect(honest.hits.length).toBe(passed.requests);
    expect(passed.requests).toBeGreaterThan(runs);
    // Edges, one-rule breaks and drawn requests: each at most `runs`.
    expect(passed.requests).toBeLessThanOrEqual(3 * runs);
    expect(honest.hits.every((hit) => hit.startsWith("GET /api/things/"))).toBe(true);
    // Accepting everything: the first invalid request fails, and shrinking it is bounded too.
    const lax = await listen(() => ({ status: 200, headers: { "content-type": "application/json" }, body: '{"id":1}' }));
    const failed = await contractTest(document, { baseUrl: `${lax.url}/api/`, runs, seed: 5 });
    expect(failed.operations[0]?.failure?.kind).toBe("invalid");
    expect(lax.hits.length).toBe(failed.requests);
    expect(failed.requests).toBeLessThanOrEqual(3 * runs + 200);
    expect(lax.hits.every((hit) => hit.startsWith("GET /api/things/"))).toBe(true);
  });

  it("stops starting requests when the time budget runs out", async () => {
    const slow = await listen(() => ({ status: 200, body: '{"id":1}', headers: { "content-type": "application/json" } }));
    const report = await contractTest(itemsApi, {
      baseUrl: slow.url,
      timeBudget: 150,
      fetch: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        return fetch(request);
      },
    });
    expect(report.timedOut).toBe(true);
    expect(report.ok).toBe(false);
    expect(report.requests).toBeLessThan(10);
    expect(report.operations.at(-1)).toMatchObject({ outcome: "not run", reason: "the time budget ran out", requests: 0 });
  });

  it("reports a server that is not there as unreachable, having tested nothing", async () => {
    const gone = await listen(() => ({ status: 200 }));
    await closers.pop()?.();
    const report = await contractTest(itemsApi, { baseUrl: gone.url });
    expect(report).toMatchObject({ ok: false, requests: 0, timedOut: false, unreachable: expect.stringMatching(/ECONNREFUSED/) });
    expect(report.operations.every((entry) => entry.outcome === "not run")).toBe(true);
  });

  it("refuses wrong options at once, naming them", async () => {
    const cases: [unknown, string][] = [
      [{}, "contractTest options: give baseUrl (where the server listens) or fetch (what sends each request)"],
      [{ baseUrl: "ftp://host" }, 'contractTest options.baseUrl: expected an http: or https: URL, found "ftp://host"'],
      [{ baseUrl: "http://h", runs: -1 }, "contractTest options.runs: expected a whole number, 0 or more, found a number (-1)"],
      [{ baseUrl: "http://h", include: ["GET /nowhere"] }, 'contractTest options.include: "GET /nowhere" names no operation (give an operationId, a route key such as "GET /pets/{id}", a path, or tag:name)'],
      [{ baseUrl: "http://h", headers: { "bad name": "x" } }, "contractTest options.headers.bad name: not a header name and value HTTP can carry"],
      [{ baseUrl: "http://h", retries: 3 }, "contractTest options.retries: unknown option (expected baseUrl, fetch, seed, runs, include, exclude, timeBudget, requestTimeout, headers, parameters)"],
    ];
    for (const [options, message] of cases) {
      const error = await catchError(() => contractTest(itemsApi, options as never));
      expect(error).toMatchObject({ name: "SpecloomError", code: "INVALID_DEFINITION", message });
    }
  });
});
