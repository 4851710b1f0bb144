/**
 * `specloom test` over HTTP, the built command as a process: against `specloom mock` of the
 * same input it passes (exit 0); against a server with a planted bug it fails (exit 1) with
 * the failure in each format, the JUnit one well-formed XML with a testcase per operation;
 * what keeps the test from running is exit 2.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { ContractReport } from "specloom/contract";
import { junitReport } from "../../src/cli/junit";
import { itemsServer, type Running } from "../contract/items-api";
import { expectUsageError, oaiDir, runCli } from "./helpers";
import { freePort, running, startServer, stop } from "./server-process";

const servers: Running[] = [];
afterEach(async () => {
  await Promise.all([...running].map((child) => stop(child)));
});
afterAll(async () => {
  for (const server of servers) await server.close();
});

const ITEMS = ["test/contract/items-api.ts", "--export", "itemsApi"];

describe("specloom test", () => {
  it.each([["examples/petstore.ts"], [`${oaiDir}/petstore-expanded.yaml`]])("passes against specloom mock of %s (exit 0)", async (input) => {
    const mock = await startServer("mock", [input, "--port", "0"]);
    const run = await runCli(["test", input, "--base", mock.url, "--runs", "10"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.filter((line) => /^(ok|FAIL|skip|not run) {2}/.test(line)).every((line) => line.startsWith("ok  "))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\d+ operations: \d+ passed \(\d+ requests in [\d.]+ s, seed 0\)$/);
  });

  it("fails on a planted bug (exit 1): the operation, what was wrong, the request and its curl command", async () => {
    const server = await itemsServer("500 on an empty q");
    servers.push(server);
    const text = await runCli(["test", ...ITEMS, "--base", server.url, "--runs", "5", "--param", "id=1"]);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toContain("FAIL  GET /items (getItems)");
    expect(text.stdout).toContain("  - status: 500: the server failed on a request the document allows");
    expect(text.stdout).toContain(`  Request: GET ${server.url}/items?q=`);
    expect(text.stdout).toContain(`curl -sS -i -g --path-as-is '${server.url}/items?q='`);

  });

  it("writes the report as JSON and as JUnit XML, well-formed, a testcase per operation", async () => {
    const server = await itemsServer("500 on an empty q");
    servers.push(server);
    const json = await runCli(["test", ...ITEMS, "--base", server.url, "--runs", "5", "--param", "id=1", "--format", "json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as ContractReport;
    expect(report.ok).toBe(false);
    expect(report.operations.map((entry) => entry.outcome)).toEqual(["failed", "passed", "passed", "passed", "passed"]);
    expect(json.stderr).toMatch(/^specloom: 5 operations: 4 passed, 1 failed \(/);

    // The command writes junitReport(report) (in-process here: one process run is enough).
    const xml = junitReport(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml) as { testsuites: { tests: string; failures: string; testsuite: { testcase: { name: string; failure?: { message: string; "#text": string } }[] } } };
    expect(parsed.testsuites).toMatchObject({ tests: "5", failures: "1" });
    const cases = parsed.testsuites.testsuite.testcase;
    expect(cases.map((entry) => entry.name)).toEqual(report.operations.map((entry) => entry.operation));
    expect(cases[0]?.failure?.message).toBe("500: the server failed on a request the document allows");
    expect(cases[0]?.failure?.["#text"]).toContain(`curl -sS -i -g --path-as-is '${server.url}/items?q='`);
  });

  it("keeps the JUnit XML well-formed whatever a response holds", () => {
    const hostile = "<b>&\u0000\u0007\ud800 \"quoted\" ]]>";
    const failure = { kind: "valid" as const, problems: [{ in: "body" as const, message: hostile }], request: { method: "GET", url: "http://127.0.0.1/x", headers: [] }, response: { status: 200, headers: [], body: hostile, truncated: false }, curl: "curl", shrinks: 0 };
    const report: ContractReport = { ok: false, seed: 0, runs: 1, baseUrl: "http://127.0.0.1/", requests: 1, duration: 1, timedOut: false, operations: [{ operation: "GET /x", outcome: "failed", requests: 1, valid: 1, invalid: 0, duration: 1, failure }] };
    const xml = junitReport(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml) as { testsuites: { testsuite: { testcase: { failure: { message: string } } } } };
    expect(parsed.testsuites.testsuite.testcase.failure.message).toBe("<b>&\ufffd\ufffd\ufffd \"quoted\" ]]>");
  });

  it("cannot run without a server at --base, a readable input or valid options (exit 2)", async () => {
    const port = await freePort();
    const closed = await runCli(["test", "examples/petstore.ts", "--base", `http://127.0.0.1:${port}`]);
    expect(closed.code).toBe(2);
    expect(closed.stderr).toMatch(new RegExp(`^specloom: cannot reach the server: http://127\\.0\\.0\\.1:${port}: no response: fetch failed: .*ECONNREFUSED`));
    expect(closed.stdout).toBe("");

    const missing = await runCli(["test", "examples/no-such-api.ts", "--base", `http://127.0.0.1:${port}`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^specloom: examples\/no-such-api\.ts: /);

    expect(expectUsageError(await runCli(["test", "examples/petstore.ts"]), "test")).toBe("specloom: required option '--base <url>' not specified");
    expect(expectUsageError(await runCli(["test", "examples/petstore.ts", "--base", "http://127.0.0.1:1", "--runs", "many"]), "test")).toMatch(/--runs/);
    const unknown = await runCli(["test", "examples/petstore.ts", "--base", "http://127.0.0.1:1", "--include", "GET /nowhere"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"GET /nowhere" names no operation');
  });
});
