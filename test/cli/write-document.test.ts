/**
 * What every command that writes a document (generate, merge) does before and while it
 * writes: the document is checked as `validate` checks it (--no-check opts out), `-o` may
 * not replace an input (--force allows it), a bad output path fails at once, a failing
 * stdout is one line, and JSON is written in pieces, so size is no limit.
 */
import { spawn } from "node:child_process";
import { closeSync, lstatSync, openSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { merge, type OpenAPIDocument } from "specloom";
import { prettyJsonPieces } from "../../src/cli/json-text";
import { yamlText } from "../../src/cli/output";
import { expectValidOpenAPI } from "../helpers/document";
import { TempProject, cli, doc, expectOneLineFailure, lines, op, runCli, twilioDir, type Run } from "./helpers";

const project = new TempProject();
afterAll(() => project.remove());

// A 3.0.3 operation needs `responses` ("REQUIRED"): without it the document is invalid.
const invalid = doc("Broken", { paths: { "/a": { get: { operationId: "a" } } } });
const valid = doc("Fine", { paths: { "/b": { get: op("b") } } });
project.write("invalid.json", invalid);
project.write("valid.json", valid);
project.write("invalid-module.mjs", `export default ${JSON.stringify(invalid)};\n`);

const PROBLEM = 'invalid.json: /paths/~1a/get: the required field "responses" is missing';

describe("the document is checked before it is written", () => {
  it("generate of an invalid document: the problems as validate prints them, one line more, exit 1, nothing written", async () => {
    const run = await runCli(["generate", "invalid.json", "-o", "out/invalid.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([PROBLEM, "specloom: invalid.json: the document is invalid (1 problem, above), so nothing was written; --no-check writes it anyway"]);
    expect(project.list("out")).toEqual([]);
    // validate says the same of the input.
    expect(lines((await runCli(["validate", "invalid.json", "-q"], { cwd: project.dir })).stdout)).toEqual([PROBLEM]);
  });

  it("the same for a module's document, and on stdout", async () => {
    const run = await runCli(["generate", "invalid-module.mjs"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)[0]).toBe('invalid-module.mjs: /paths/~1a/get: the required field "responses" is missing');
  });

  it("a module's document with a $ref to another file is not written: a written document is whole on its own", async () => {
    const split = doc("Split", { paths: { "/a": { get: { responses: { "200": { $ref: "common.json#/responses/Ok" } } } } } });
    project.write("split-module.mjs", `export default ${JSON.stringify(split)};\n`);
    const run = await runCli(["generate", "split-module.mjs", "-o", "out/split.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)[0]).toBe('split-module.mjs: /paths/~1a/get/responses/200/$ref: $ref "common.json#/responses/Ok" points outside the document; every $ref must resolve inside it (bundle other files in first)');
    expect(project.list("out")).not.toContain("split.json");
  });

  it("merge of an invalid document: exit 1, nothing written, the merged document's problems", async () => {
    const run = await runCli(["merge", "valid.json", "invalid.json", "-o", "merged.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      'merged document: /paths/~1a/get: the required field "responses" is missing',
      "specloom: merged document: the document is invalid (1 problem, above), so nothing was written; --no-check writes it anyway",
    ]);
    expect(project.list()).not.toContain("merged.json");
  });

  it("--no-check writes it anyway, as before", async () => {
    const generated = await runCli(["generate", "invalid.json", "--no-check"], { cwd: project.dir });
    expect(generated.code, generated.stderr).toBe(0);
    expect(JSON.parse(generated.stdout)).toEqual(invalid);
    const merged = await runCli(["merge", "valid.json", "invalid.json", "--no-check", "-q"], { cwd: project.dir });
    expect(merged.code, merged.stderr).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual(JSON.parse(JSON.stringify(merge(valid as unknown as OpenAPIDocument, invalid as unknown as OpenAPIDocument))));
  });
});

describe("-o naming one of the command's own inputs", () => {
  const refused = (run: Run, output: string, input: string, same = "") =>
    expect(expectOneLineFailure(run, 2)).toBe(`specloom: -o ${output} is the input ${input}${same}, which writing would replace; give another -o, or --force to replace it`);

  it("is refused, exit 2, one line, the input as it was: the same name, another spelling, a symlink", async () => {
    const before = readFileSync(project.path("valid.json"), "utf8");
    refused(await runCli(["generate", "valid.json", "-o", "valid.json", "-f", "yaml"], { cwd: project.dir }), "valid.json", "valid.json");
    refused(await runCli(["generate", "valid.json", "-o", "./valid.json"], { cwd: project.dir }), "./valid.json", "valid.json", " (the same file)");
    refused(await runCli(["generate", "valid.json", "-o", project.path("valid.json")], { cwd: project.dir }), project.path("valid.json"), "valid.json", " (the same file)");
    symlinkSync(project.path("valid.json"), project.path("link.json"));
    refused(await runCli(["generate", "valid.json", "-o", "link.json"], { cwd: project.dir }), "link.json", "valid.json", " (the same file)");
    refused(await runCli(["merge", "valid.json", "link.json", "--components", "share-identical", "-o", "valid.json"], { cwd: project.dir }), "valid.json", "valid.json");
    expect(readFileSync(project.path("valid.json"), "utf8")).toBe(before);
    expect(lstatSync(project.path("link.json")).isSymbolicLink()).toBe(true);
  });

  it("refuses a module input too, before loading it", async () => {
    project.write("logs.mjs", `console.error("loaded"); export default ${JSON.stringify(valid)};\n`);
    const run = await runCli(["generate", "logs.mjs", "-o", "logs.mjs"], { cwd: project.dir });
    expect(expectOneLineFailure(run, 2)).toMatch(/^specloom: -o logs\.mjs is the input logs\.mjs, /);
  });

  it("--force replaces it: a document rewritten in place, as YAML", async () => {
    project.write("in-place.yaml", JSON.stringify(valid));
    const run = await runCli(["generate", "in-place.yaml", "-o", "in-place.yaml", "--force"], { cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(project.path("in-place.yaml"), "utf8");
    expect(text.startsWith("openapi: 3.0.3\n")).toBe(true);
    expect(project.list().filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("an output path whose directory cannot be made", () => {
  it("-o /proc/x/y.json fails at once with one line (Node's recursive mkdir would loop there for ever)", { timeout: 30_000 }, async () => {
    const run = await runCli(["generate", "valid.json", "-o", "/proc/x/y.json"], { cwd: project.dir, timeout: 20_000 });
    expect(run.signal).toBe(null);
    expect(expectOneLineFailure(run)).toMatch(/^specloom: \/proc\/x\/y\.json: cannot write: cannot create the directory \/proc\/x: /);
  });

  it("makes the missing directories of a good path, as before", async () => {
    const run = await runCli(["generate", "valid.json", "-o", "deep/er/out.json"], { cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(project.path("deep/er/out.json"), "utf8"))).toEqual(valid);
  });
});

/** Runs the command with stdout going to `/dev/full` (every write fails with ENOSPC). */
function runToDevFull(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const full = openSync("/dev/full", "w");
    const child = spawn(process.execPath, [cli, ...args], { cwd: project.dir, stdio: ["ignore", full, "pipe"] });
    closeSync(full);
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout: "", stderr }));
  });
}

describe("a failing standard output", () => {
  it("> /dev/full: exit 1 and one line, for generate, merge and validate", async () => {
    const line = "specloom: <stdout>: cannot write: no space left on the device";
    expect(expectOneLineFailure(await runToDevFull(["generate", "valid.json"]))).toBe(line);
    expect(expectOneLineFailure(await runToDevFull(["merge", "valid.json", join(twilioDir, "twilio_api_v2010.json"), "-q"]))).toBe(line);
    expect(expectOneLineFailure(await runToDevFull(["validate", "invalid.json", "-q"]))).toBe(line);
  });

  it("a reader that closes the pipe early (| head): exit 0, nothing on stderr", async () => {
    const run = await new Promise<Run>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, "generate", join(twilioDir, "twilio_api_v2010.json"), "--no-check"], { cwd: project.dir, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stdout.once("data", () => child.stdout.destroy());
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code, signal, stdout: "", stderr }));
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
});

describe("large documents", () => {
  const twilio = JSON.parse(readFileSync(join(twilioDir, "twilio_api_v2010.json"), "utf8")) as unknown;

  it("JSON goes out in pieces, byte for byte what JSON.stringify(value, null, 2) gives", () => {
    const values: unknown[] = [
      twilio,
      {},
      [],
      { a: [], b: {}, c: [{}], d: [[]] },
      { skipped: undefined, fn: () => 1, kept: 1, list: [undefined, () => 1, Symbol("s"), NaN, -0, Infinity, 1e21, 5e-7] },
      { date: new Date(0), boxed: [Object(1), Object("s"), Object(false)], custom: { toJSON: (key: string) => `key ${key}` } },
      { "\u2028 \ud800 \"quoted\" \n": "\u0000\u001f\u007f é 😀 \udc00", "": "", __proto__key: { constructor: "x" } },
      "top",
      42,
      null,
    ];
    for (const value of values) {
      for (const size of [1, 7, 4096, 1 << 20]) expect([...prettyJsonPieces(value, size)].join("")).toBe(JSON.stringify(value, null, 2));
      expect([...prettyJsonPieces(value, 7, "")].join(""), "compact").toBe(JSON.stringify(value));
    }
    // Pieces stay near the size asked for: no piece holds the whole text.
    const pieces = [...prettyJsonPieces(twilio, 4096)];
    expect(pieces.length).toBeGreaterThan(100);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(4096 + 2048);
  });

  it("a deep document needs no deep stack, and a circular one is one message", () => {
    const nested = (depth: number) => {
      let value: unknown = "leaf";
      for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { next: value };
      return value;
    };
    const shallower = nested(2_000);
    expect([...prettyJsonPieces(shallower)].join("")).toBe(JSON.stringify(shallower, null, 2));
    // Compact, 100,000 levels are 0.8 MB, which JSON.parse reads back.
    expect(JSON.parse([...prettyJsonPieces(nested(100_000), undefined, "")].join(""))).toBeDefined();
    // 20,000 levels: its indentation alone is 400 million characters, in pieces (a string that long would not fit).
    let length = 0;
    let last = "";
    for (const piece of prettyJsonPieces(nested(20_000), 1 << 22)) {
      length += piece.length;
      last = piece;
    }
    expect(length).toBeGreaterThan(400_000_000);
    expect(last.endsWith("\n}")).toBe(true);
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(() => [...prettyJsonPieces(loop)]).toThrow("the document contains itself (a circular reference), which JSON cannot hold");
  });

  it("YAML, built as one string, longer than the longest string: one line saying so (the limit faked)", () => {
    const tooLong = () => {
      throw new RangeError("Invalid string length");
    };
    expect(() => yamlText(tooLong, "api.yaml")).toThrow(
      "api.yaml: the document is too large to write as YAML (its text would be longer than the longest string JavaScript can hold); write it as JSON (--format json)",
    );
    const other = new TypeError("something else");
    expect(() =>
      yamlText(() => {
        throw other;
      }, "api.yaml"),
    ).toThrow(other);
  });

  it("three merged Twilio documents, written to a file in pieces: every path there, and valid", { timeout: 120_000 }, async () => {
    const files = ["twilio_api_v2010.json", "twilio_chat_v2.json", "twilio_video_v1.json"].map((name) => join(twilioDir, name));
    const run = await runCli(["merge", ...files, "--components", "rename", "--operation-ids", "rename", "--path-prefix-from", "title", "-q", "-o", "twilio.json"], { cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    const documents = files.map((file) => JSON.parse(readFileSync(file, "utf8")) as OpenAPIDocument);
    const written = readFileSync(project.path("twilio.json"), "utf8");
    expect(written.endsWith("}\n")).toBe(true);
    const document = JSON.parse(written) as OpenAPIDocument;
    expect(Object.keys(document.paths).length).toBe(documents.reduce((n, d) => n + Object.keys(d.paths).length, 0));
    await expectValidOpenAPI(document);
  });
});
