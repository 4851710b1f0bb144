/**
 * contractTest against a real Express server on 127.0.0.1: the server that honours its
 * definition passes; each planted bug is found, shrunk to the smallest request that shows
 * it, and replayed with the printed curl command to the same answer.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { contractTest, type ContractReport, type OperationReport } from "specloom/contract";
import { itemsApi, itemsServer, type Bug, type Running } from "./items-api";

const run = promisify(execFile);
const servers: Running[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function server(bug?: Bug): Promise<Running> {
  const running = await itemsServer(bug);
  servers.push(running);
  return running;
}

/** Ids the server has: 13 is the one a bug treats differently. */
const parameters = { id: [1, 13] };

async function failureOf(report: ContractReport, operation: string): Promise<NonNullable<OperationReport["failure"]>> {
  expect(report.ok).toBe(false);
  const found = report.operations.find((entry) => entry.operation === operation);
  expect(found?.outcome, JSON.stringify(report.operations.map((entry) => [entry.operation, entry.outcome]))).toBe("failed");
  const failure = found?.failure as NonNullable<OperationReport["failure"]>;
  // Replayed: the printed command gets the answer the report shows.
  const { stdout } = await run("sh", ["-c", failure.curl]);
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]);
  expect(status).toBe(failure.response?.status);
  expect(stdout.slice(stdout.indexOf("\r\n\r\n") + 4)).toBe(failure.response?.body);
  return failure;
}

describe("contractTest against a real Express server", () => {
  it("passes the server that honours its definition, every operation tested with valid and invalid requests", async () => {
    const { url } = await server();
    const report = await contractTest(itemsApi, { baseUrl: url, parameters, runs: 15, seed: 7 });
    expect(report.operations.map((entry) => [entry.operation, entry.outcome, entry.failure?.problems])).toEqual(
      ["GET /items", "POST /items", "GET /items/{id}", "DELETE /items/{id}", "GET /items/{id}/label"].map((operation) => [operation, "passed", undefined]),
    );
    expect(report.ok).toBe(true);
    for (const entry of report.operations) expect(entry.valid).toBeGreaterThan(5);
    for (const operation of ["GET /items", "POST /items"]) expect(report.operations.find((entry) => entry.operation === operation)?.invalid).toBeGreaterThan(3);
  });

  it("finds a required response field dropped for one id, and names that id", async () => {
    const { url } = await server("drops a required field for id 13");
    const failure = await failureOf(await contractTest(itemsApi, { baseUrl: url, parameters, runs: 20, include: ["GET /items/{id}"] }), "GET /items/{id}");
    expect(failure.kind).toBe("valid");
    expect(failure.request.url).toBe(`${url}/items/13`);
    expect(failure.problems).toEqual([{ in: "body", pointer: "/name", message: "required" }]);
  });

  it("finds a 500 on an empty string the schema allows, shrunk to that one parameter", async () => {
    const { url } = await server("500 on an empty q");
    const failure = await failureOf(await contractTest(itemsApi, { baseUrl: url, runs: 20, include: ["GET /items"] }), "GET /items");
    expect(failure.request.url).toBe(`${url}/items?q=`);
    expect(failure.response?.status).toBe(500);
    expect(failure.problems[0]).toMatchObject({ in: "status", message: "500: the server failed on a request the document allows" });
    expect(failure.shrinks).toBeGreaterThan(0);
  });

  it("shrinks an edge's string to the shortest that still fails", async () => {
    const { url } = await server("500 on a long q");
    const failure = await failureOf(await contractTest(itemsApi, { baseUrl: url, runs: 20, include: ["GET /items"] }), "GET /items");
    const query = new URL(failure.request.url).searchParams;
    expect([...query.keys()]).toEqual(["q"]);
    expect(query.get("q")).toHaveLength(6);
  });

  it("shrinks a drawn failure: the fewest tags and the smallest values that still fail", async () => {
    const { url } = await server("500 on two tags");
    const failure = await failureOf(await contractTest(itemsApi, { baseUrl: url, runs: 50, include: ["POST /items"] }), "POST /items");
    const body = JSON.parse(failure.request.body as string) as { name: string; price: number; tags: string[] };
    expect(failure.edge).toBeUndefined();
    expect(failure.shrinks).toBeGreaterThan(0);
    expect(body.tags).toEqual(["", ""]);
    expect(body.name).toHaveLength(1);
    expect(body.price).toBe(0);
  });

  it("finds an undeclared status, on the first id", async () => {
    const { url } = await server("undeclared status");
    const failure = await failureOf(await contractTest(itemsApi, { baseUrl: url, parameters, runs: 20, include: ["DELETE /items/{id}"] }), "DELETE /items/{id}");
    expect(failure.request).toMatchObject({ method: "DELETE", url: `${url}/items/1` });
    expect(failure.curl).toContain("-X DELETE");
    expect(failure.problems).toEqual([{ in: "status", message: "200 is not a status DELETE /items/{id} declares (it declares 204, 404)" }]);
  });

  it("finds an invalid body accepted with a 2XX, from the smallest body with one rule broken", async () => {
    const { url } = await server("accepts an invalid body");
    const failure = await failureOf(await contractTest(itemsApi, { baseUrl: url, runs: 20, include: ["POST /items"] }), "POST /items");
    expect(failure.kind).toBe("invalid");
    expect(failure.broken).toMatch(/^the body/);
    // The smallest valid body has the required properties only; one of them is broken or missing.
    const body = JSON.parse(failure.request.body as string) as Record<string, unknown>;
    expect(Object.keys(body).every((key) => key === "name" || key === "price")).toBe(true);
    expect(failure.problems[0]?.message).toMatch(/^201: the server accepted a request that breaks a rule/);
  });

  it("finds a wrong content type", async () => {
    const { url } = await server("wrong content type");
    const failure = await failureOf(await contractTest(itemsApi, { baseUrl: url, parameters, runs: 20, include: ["GET /items/{id}/label"] }), "GET /items/{id}/label");
    expect(failure.request.url).toBe(`${url}/items/1/label`);
    expect(failure.problems).toEqual([expect.objectContaining({ in: "header", name: "content-type" })]);
  });

  it("is deterministic for a seed", async () => {
    const { url } = await server("500 on an empty q");
    // The server's Date header aside, the same requests and answers.
    const strip = (report: ContractReport) => report.operations.map(({ duration: _, failure, ...rest }) => ({ ...rest, request: failure?.request, curl: failure?.curl, status: failure?.response?.status }));
    const first = await contractTest(itemsApi, { baseUrl: url, runs: 15, seed: 3, include: ["GET /items", "POST /items"] });
    const second = await contractTest(itemsApi, { baseUrl: url, runs: 15, seed: 3, include: ["GET /items", "POST /items"] });
    expect(strip(second)).toEqual(strip(first));
  });
});
