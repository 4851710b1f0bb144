/**
 * The contract test and the mock agree: mockHandler of a definition or document honours it,
 * so contractTest of the same input (sending in-process through the `fetch` option) passes,
 * for the repository's examples and the OpenAPI Initiative's example documents, with every
 * operation tested by valid and invalid requests. The command does the same over HTTP in
 * test/cli/test-command.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { OpenAPIDocument, SpecloomDefinition } from "specloom";
import { contractTest, type ContractReport } from "specloom/contract";
import { mockHandler } from "specloom/mock";
import catalogue from "../../examples/catalogue";
import petstore from "../../examples/petstore";

const directory = join(import.meta.dirname, "..", "corpora", "oai-examples");
const documents = readdirSync(directory)
  .filter((name) => name.endsWith(".yaml"))
  .map((name): [string, OpenAPIDocument] => [name, parse(readFileSync(join(directory, name), "utf8")) as OpenAPIDocument]);
const definitions: [string, SpecloomDefinition][] = [
  ["examples/petstore.ts", petstore as SpecloomDefinition],
  ["examples/catalogue.ts", catalogue as SpecloomDefinition],
];

function passed(report: ContractReport): void {
  const failed = report.operations.filter((entry) => entry.outcome !== "passed");
  expect(failed.map((entry) => [entry.operation, entry.outcome, entry.reason, entry.failure?.problems, entry.failure?.request])).toEqual([]);
  expect(report.ok).toBe(true);
}

describe("contractTest against mockHandler of the same input", () => {
  it.each(definitions)("%s passes, every operation sent valid requests", async (_name, definition) => {
    const report = await contractTest(definition, { fetch: mockHandler(definition), runs: 15, seed: 11 });
    passed(report);
    for (const entry of report.operations) expect(entry.valid).toBeGreaterThan(0);
  });

  it.each(documents)("the OAI example %s passes", async (_name, document) => {
    const report = await contractTest(document, { fetch: mockHandler(document), runs: 10, seed: 11 });
    passed(report);
    expect(report.operations.length).toBeGreaterThan(0);
    expect(report.requests).toBeGreaterThan(report.operations.length * 5);
  });

  it("sends requests that break rules, which the mock refuses with a 4XX", async () => {
    const statuses: number[] = [];
    const mock = mockHandler(catalogue as SpecloomDefinition);
    const report = await contractTest(catalogue as SpecloomDefinition, {
      fetch: async (request) => {
        const response = await mock(request);
        statuses.push(response.status);
        return response;
      },
      runs: 10,
    });
    passed(report);
    const invalid = report.operations.reduce((sum, entry) => sum + entry.invalid, 0);
    expect(invalid).toBeGreaterThan(10);
    expect(statuses.filter((status) => status >= 400 && status < 500).length).toBeGreaterThanOrEqual(invalid);
  });
});
