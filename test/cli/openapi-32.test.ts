/**
 * The command with OpenAPI 3.2.0: `generate --openapi 3.2.0`, `validate` against the
 * official 3.2 schema, and `merge` across versions (the browser test of a 3.2 preview is in
 * preview.test.ts).
 */
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "specloom";
import petstore from "../../examples/petstore";
import { expectValidOpenAPI } from "../helpers/document";
import { TempProject, doc, expectOneLineFailure, lines, op, runCli } from "./helpers";

const project = new TempProject();
afterAll(() => project.remove());

const SEARCH = `import { z } from "zod";
export default {
  openapi: "3.2.0",
  info: { title: "Search", version: "1" },
  paths: { "QUERY /search": { body: z.object({ q: z.string() }), 200: z.array(z.string()) }, "PURGE /cache": { 204: null } },
};
`;

describe("generate", () => {
  it("--openapi 3.2.0 builds the definition for OpenAPI 3.2.0", async () => {
    const run = await runCli(["generate", "examples/petstore.ts", "--openapi", "3.2.0"]);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.openapi).toBe("3.2.0");
    expect(document).toEqual(JSON.parse(JSON.stringify(openapi({ ...petstore, openapi: "3.2.0" }))));
    await expectValidOpenAPI(document);
  });

  it("writes QUERY and additional operations of a 3.2 module; --openapi 3.1.0 on it is INVALID_ROUTE_KEY saying the method needs 3.2.0", async () => {
    const file = project.write("search.ts", SEARCH);
    const run = await runCli(["generate", file]);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(Object.keys(document.paths["/search"])).toEqual(["query"]);
    expect(Object.keys(document.paths["/cache"].additionalOperations)).toEqual(["PURGE"]);
    await expectValidOpenAPI(document);
    const lower = await runCli(["generate", file, "--openapi", "3.1.0"]);
    expect(expectOneLineFailure(lower)).toBe('specloom: INVALID_ROUTE_KEY paths["QUERY /search"]: the method QUERY needs OpenAPI 3.2.0 (openapi: "3.2.0"); this document is 3.1.0');
  });
});

describe("validate", () => {
  it("checks a 3.2 document against the official 3.2 schema: QUERY, additionalOperations, itemSchema and querystring pass", async () => {
    const valid = doc(
      "Valid 3.2",
      {
        paths: {
          "/search": {
            query: op("search"),
            additionalOperations: { PURGE: op("purge") },
            get: op("find", { parameters: [{ name: "q", in: "querystring", content: { "application/x-www-form-urlencoded": { schema: { type: "object" } } } }] }),
          },
          "/events": { get: op("events", { responses: { "200": { description: "OK", content: { "text/event-stream": { itemSchema: { type: "object" } } } } } }) },
        },
      },
      "3.2.0",
    );
    const run = await runCli(["validate", project.write("valid-32.json", JSON.stringify(valid))]);
    expect(run.stderr).toBe("specloom: 1 document checked: 1 valid\n");
    expect(run.code).toBe(0);
  });

  it('finds what the 3.2 schema forbids ("This map MUST NOT contain any entry for the methods that can be defined by other fixed fields"), and a QUERY in a 3.1 document', async () => {
    const fixed = doc("Fixed", { paths: { "/a": { additionalOperations: { POST: op("post") } } } }, "3.2.0");
    const old = doc("Old", { paths: { "/a": { query: op("query") } } }, "3.1.0");
    const run = await runCli(["validate", project.write("fixed-32.json", JSON.stringify(fixed)), project.write("query-31.json", JSON.stringify(old))]);
    expect(run.code).not.toBe(0);
    const out = lines(run.stdout).map((line) => line.replace(/^.*\/(?=[^/]+\.json: )/, ""));
    expect(out).toEqual([
      "fixed-32.json: /paths/~1a/additionalOperations: must NOT be valid",
      "fixed-32.json: /paths/~1a/additionalOperations: property name must be valid",
      "query-31.json: /paths/~1a/query: this field is not allowed here",
    ]);
  });
});

describe("merge", () => {
  it("merges a 3.0 document into a 3.2 one (the result says 3.2.0), and stops at a 3.2 source's QUERY into a 3.1 base", async () => {
    const search = project.write("search-module.ts", SEARCH);
    const legacy = project.write("legacy.json", JSON.stringify(doc("Legacy", { paths: { "/pets": { get: op("listPets") } } })));
    const run = await runCli(["merge", search, legacy]);
    expect(run.code).toBe(0);
    const merged = JSON.parse(run.stdout);
    expect(merged.openapi).toBe("3.2.0");
    expect(Object.keys(merged.paths)).toEqual(["/search", "/cache", "/pets"]);
    await expectValidOpenAPI(merged);

    const base31 = project.write("base-31.json", JSON.stringify(doc("Base", {}, "3.1.0")));
    const failed = await runCli(["merge", base31, search]);
    expect(expectOneLineFailure(failed)).toMatch(/^specloom: INVALID_DEFINITION sources\[0\]\.paths\["\/search"\]\.query: a QUERY operation needs OpenAPI 3\.2, and base \("Base"\) is 3\.1\.0/);
  });
});
