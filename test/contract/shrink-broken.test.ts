/**
 * A failing request that breaks one rule is shrunk: against a real Hono server that
 * forgot one bound of an optional query parameter, the reported request keeps the broken
 * parameter and what the document requires (an empty body object), nothing else, and its curl command still gets
 * the same answer. A shrunk edge failure's label describes the request reported.
 */
import { execFile } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { SpecloomDefinition } from "specloom";
import { contractTest, type ContractReport, type OperationReport } from "specloom/contract";
import { requestValidator } from "specloom/http";
import { itemsServer, itemsApi, type Running } from "./items-api";

const run = promisify(execFile);

const searchQuery = { page: z.number().int().min(1).max(100), sort: z.enum(["asc", "desc"]).optional(), q: z.string().max(20).optional() };
const Results = z.object({ results: z.array(z.string()) });

function searchApi(limit: z.ZodNumber, noteId: z.ZodType) {
  return {
    openapi: "3.1.0",
    info: { title: "Search", version: "1" },
    paths: {
      "POST /search": {
        query: z.object({ ...searchQuery, limit: limit.optional() }),
        headers: z.object({ "x-trace": z.string().max(8).optional() }),
        body: z.object({ filter: z.string().max(10).optional(), tags: z.array(z.string()).max(3).optional() }),
        200: Results,
        400: z.object({ title: z.string() }),
      },
      "POST /notes": {
        query: z.object({ draft: z.boolean().optional() }),
        body: z.object({ title: z.string().max(30).optional(), meta: z.object({ id: noteId, note: z.string().optional(), pinned: z.boolean().optional() }).optional() }),
        200: Results,
        400: z.object({ title: z.string() }),
      },
    },
  } satisfies SpecloomDefinition;
}

/** The document: at most 50 results a page. */
const api = searchApi(z.number().int().min(1).max(50), z.number().int());
/** The bugs: the server checks requests against a definition that forgot the maximum, and that a note's id is required. */
const lenient = searchApi(z.number().int().min(1), z.number().int().optional());

let server: Server;
let url: string;
let items: Running;
beforeAll(async () => {
  const validate = requestValidator(lenient);
  const app = new Hono();
  app.use(async (c, next) => {
    const checked = await validate(c.req.raw);
    return checked.ok ? next() : checked.response();
  });
  app.post("/search", (c) => c.json({ results: ["first"] }));
  app.post("/notes", (c) => c.json({ results: [] }));
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", resolve)));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  items = await itemsServer("500 on a long q");
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await items.close();
});

async function replayed(report: ContractReport, operation: string): Promise<NonNullable<OperationReport["failure"]>> {
  const found = report.operations.find((entry) => entry.operation === operation);
  expect(found?.outcome).toBe("failed");
  const failure = found?.failure as NonNullable<OperationReport["failure"]>;
  const { stdout } = await run("sh", ["-c", failure.curl]);
  expect(Number(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1])).toBe(failure.response?.status);
  expect(stdout.slice(stdout.indexOf("\r\n\r\n") + 4)).toBe(failure.response?.body);
  return failure;
}

describe("shrinking a request that breaks one rule", () => {
  it("reports only the broken optional parameter and what is required", async () => {
    const report = await contractTest(api, { baseUrl: url, runs: 20, seed: 1, include: ["POST /search"] });
    const failure = await replayed(report, "POST /search");
    expect(failure.kind).toBe("invalid");
    expect(failure.broken).toMatch(/^the query parameter limit: /);
    expect(failure.problems[0]?.message).toMatch(/^200: the server accepted a request that breaks a rule \(the query parameter limit: /);
    const sent = new URL(failure.request.url);
    // The broken value is still the one past the bound; page is required; nothing optional is left.
    expect([...sent.searchParams.keys()].sort()).toEqual(["limit", "page"]);
    const limit = Number(sent.searchParams.get("limit"));
    expect(limit).toBeGreaterThan(50);
    // The rule text is true of the request reported.
    expect(failure.broken).toBe(`the query parameter limit: ${limit} is above maximum 50`);
    expect(failure.request.headers.map(([name]) => name.toLowerCase())).not.toContain("x-trace");
    // The body is required; its properties are all optional.
    expect(JSON.parse(failure.request.body as string)).toEqual({});
    expect(failure.curl).not.toContain("x-trace");
    expect(failure.shrinks).toBeGreaterThan(0);
  });

  it("keeps the object a required property is missing from, and drops its other optional properties", async () => {
    const report = await contractTest(api, { baseUrl: url, runs: 20, seed: 2, include: ["POST /notes"] });
    const failure = await replayed(report, "POST /notes");
    expect(failure.kind).toBe("invalid");
    expect(failure.broken).toBe('the body /meta: the required property "id" is missing');
    expect(new URL(failure.request.url).search).toBe("");
    expect(JSON.parse(failure.request.body as string)).toEqual({ meta: {} });
    expect(failure.shrinks).toBeGreaterThan(0);
  });

  it("shrinks the same way for the same seed", async () => {
    const strip = (report: ContractReport) => report.operations.map(({ duration: _, failure, ...rest }) => ({ ...rest, broken: failure?.broken, request: failure?.request, curl: failure?.curl, shrinks: failure?.shrinks }));
    const first = await contractTest(api, { baseUrl: url, runs: 20, seed: 5 });
    const second = await contractTest(api, { baseUrl: url, runs: 20, seed: 5 });
    expect(first.operations.map((entry) => entry.outcome)).toEqual(["failed", "failed"]);
    expect(strip(second)).toEqual(strip(first));
    expect(first.operations[0]?.failure?.shrinks).toBeGreaterThan(0);
  });
});

describe("the edge of a shrunk request", () => {
  it("is not the original's label once shrinking changed the value", async () => {
    const report = await contractTest(itemsApi, { baseUrl: items.url, runs: 20, include: ["GET /items"] });
    const failure = await replayed(report, "GET /items");
    const q = new URL(failure.request.url).searchParams.get("q") as string;
    expect(q).toHaveLength(6);
    // A 6-character q sits at no edge of a string of at most 20: no longest-string label.
    expect(failure.edge).toBeUndefined();
  });
});
