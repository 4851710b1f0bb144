/**
 * Documents nested deeper than the OpenAPI schema validator's recursion follows on the main
 * thread (near 500 levels): they are checked in a worker thread with a stack of its own, and
 * judged as any other; one deeper than even that stack follows is a check that could not run
 * (exit code 2), never a problem of the document. The validator and the worker come from
 * dist/ (npm test builds it first).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { validateDocument } from "../../src/cli/document-problems";
import { CliError } from "../../src/cli/errors";
import { serialize } from "../../src/cli/output";
import { parseText } from "../../src/node/parse-text";
import { createValidator } from "../../src/cli/schema-validator";
import { runCli } from "./helpers";

const folder = pathToFileURL(join(import.meta.dirname, "..", "..", "dist", "validators") + "/");
const validator = createValidator(folder);
const scratch = mkdtempSync(join(tmpdir(), "specloom-deep-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A document whose one schema nests `depth` objects, the innermost property's schema `leaf`. */
function deepDocument(version: string, depth: number, leaf: unknown = { type: "string" }): Record<string, unknown> {
  let schema: unknown = leaf;
  for (let level = 0; level < depth; level++) schema = { type: "object", properties: { a: schema } };
  return { openapi: version, info: { title: "Deep", version: "1" }, paths: {}, components: { schemas: { Deep: schema } } };
}

/** Its compact JSON, written without recursion (JSON.stringify overflows at this depth). */
function deepText(version: string, depth: number): string {
  let schema = '{"type":"string"}';
  for (let level = 0; level < depth; level++) schema = `{"type":"object","properties":{"a":${schema}}}`;
  return `{"openapi":"${version}","info":{"title":"Deep","version":"1"},"paths":{},"components":{"schemas":{"Deep":${schema}}}}`;
}

describe("a document 5,000 levels deep", () => {
  it.each(["3.0.3", "3.1.0"])("is judged valid (%s)", async (version) => {
    expect(await validateDocument(deepDocument(version, 5_000), validator, "deep.json")).toEqual([]);
  });

  it("is judged invalid where it is, 2,000 levels down", async () => {
    const problems = await validateDocument(deepDocument("3.0.3", 2_000, { type: "strng" }), validator, "deep.json");
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.pointer.startsWith(`/components/schemas/Deep${"/properties/a".repeat(2_000)}`))).toBe(true);
  });

  it("is a check that could not run when even the worker's stack is too small, not a problem of the document", async () => {
    const tiny = createValidator(folder, { deepStackMb: 1 });
    const error = await validateDocument(deepDocument("3.0.3", 20_000), tiny, "deep.json").catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect((error as CliError).message).toBe("deep.json: the OpenAPI schema check could not run: the document is nested deeper than the schema validator can follow; nothing was judged");
  });

  it("is written as JSON, and as YAML is one line saying it is too deep for the yaml package", async () => {
    const document = deepDocument("3.0.3", 5_000);
    expect([...(await serialize(document, "json", "deep.json"))].join("").length).toBeGreaterThan(5_000 * 50);
    const error = await serialize(document, "yaml", "deep.yaml").then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe("deep.yaml: the document is nested too deeply to write as YAML (the yaml package recurses once per level); write it as JSON (--format json)");
  });

  it("as YAML deeper than the yaml package reads, is one line saying so, not invalid YAML", async () => {
    let schema = "{type: string}";
    for (let level = 0; level < 5_000; level++) schema = `{type: object, properties: {a: ${schema}}}`;
    const error = await parseText(`openapi: 3.0.3\ninfo: {title: Deep, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Deep: ${schema}\n`, "yaml").catch((thrown: unknown) => thrown);
    expect((error as Error).message).toBe("is nested deeper than the YAML reader can follow (the yaml package recurses once per level); write it as JSON, which is read without recursion");
  });

  it("specloom validate and bundle check it and go on", async () => {
    writeFileSync(join(scratch, "deep.json"), deepText("3.0.3", 5_000));
    const validate = await runCli(["validate", "deep.json"], { cwd: scratch });
    expect(validate.stderr).toBe("specloom: 1 document checked: 1 valid\n");
    expect(validate.code).toBe(0);
    const bundle = await runCli(["bundle", "deep.json", "-o", "out.json"], { cwd: scratch });
    expect(bundle.stderr).toBe("");
    expect(bundle.code).toBe(0);
  });
});
