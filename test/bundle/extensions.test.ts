/**
 * A `$ref` inside an `x-` extension, followed as Redocly's bundle follows it: a JSON or YAML
 * file becomes its content, any other file its text, under the root and remote rules of every
 * other reference; literal values (`example`, `default`...) keep theirs as data.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SpecloomError, bundle, type BundleOptions } from "specloom";
import { bundleFile } from "specloom/node";
import { afterAll, describe, expect, it } from "vitest";
import { expectValidOpenAPI, isDeepFrozen } from "../helpers/document";
import { lines, runCli } from "../cli/helpers";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BASE = "https://api.example/";
const info = { title: "T", version: "1" };

/** A loader over in-memory files, by name relative to BASE; text for names that are not .json. */
function memory(files: Record<string, unknown>): BundleOptions {
  return {
    load: (url: string) => {
      const name = url.slice(BASE.length);
      if (!Object.hasOwn(files, name)) throw new Error("no such file");
      return files[name];
    },
  };
}

async function rejection(run: Promise<unknown>): Promise<SpecloomError> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SpecloomError);
  return error as SpecloomError;
}

describe("a $ref inside an x- extension", () => {
  it("a JSON file becomes its content, any other file its text, at every level of the document", async () => {
    const files = {
      "openapi.json": {
        openapi: "3.1.0",
        info: { ...info, "x-logo": { $ref: "logo.json" } },
        paths: { "/a": { $ref: "paths/a.json" } },
        "x-readme": { $ref: "README.md" },
      },
      "paths/a.json": { get: { "x-codeSamples": [{ lang: "PHP", source: { $ref: "../samples/a.php" } }], responses: { "200": { description: "OK", content: { "application/json": { schema: { type: "string", "x-widget": { $ref: "../widget.json#/forms/0" } } } } } } } },
      "logo.json": { url: "https://example.com/logo.png", "x-nested": { $ref: "alt.txt" } },
      "alt.txt": "A logo",
      "README.md": "# Read me\n",
      "samples/a.php": "<?php echo 1;\n",
      "widget.json": { forms: [{ kind: "select" }] },
    };
    const document = (await bundle(`${BASE}openapi.json`, memory(files))) as Json;
    expect(document.info["x-logo"]).toEqual({ url: "https://example.com/logo.png", "x-nested": "A logo" });
    expect(document["x-readme"]).toBe("# Read me\n");
    const get = document.paths["/a"].get;
    expect(get["x-codeSamples"]).toEqual([{ lang: "PHP", source: "<?php echo 1;\n" }]);
    expect(get.responses["200"].content["application/json"].schema["x-widget"]).toEqual({ kind: "select" });
    expect(isDeepFrozen(document)).toBe(true);
    await expectValidOpenAPI(document);
  });

  it("fields beside the $ref win over an object's; a string or array replaces the whole object, as in Redocly", async () => {
    const files = {
      "openapi.json": { openapi: "3.1.0", info, paths: {}, "x-a": { $ref: "a.json", kept: 1, name: "mine" }, "x-b": { $ref: "list.json", dropped: true } },
      "a.json": { name: "theirs", other: 2 },
      "list.json": [1, { $ref: "a.json" }],
    };
    const document = (await bundle(`${BASE}openapi.json`, memory(files))) as Json;
    expect(document["x-a"]).toEqual({ name: "mine", other: 2, kept: 1 });
    expect(document["x-b"]).toEqual([1, { name: "theirs", other: 2 }]);
  });

  it("a local reference of the entry stays as written; one from another file back into the entry becomes local", async () => {
    const files = {
      "openapi.json": { openapi: "3.1.0", info, paths: {}, "x-self": { $ref: "#/info" }, "x-other": { $ref: "other.json" }, components: { schemas: { S: { type: "string" } } } },
      "other.json": { back: { $ref: "openapi.json#/components/schemas/S" }, inner: { $ref: "#/value" }, value: 3 },
    };
    const document = (await bundle(`${BASE}openapi.json`, memory(files))) as Json;
    expect(document["x-self"]).toEqual({ $ref: "#/info" });
    expect(document["x-other"]).toEqual({ back: { $ref: "#/components/schemas/S" }, inner: 3, value: 3 });
  });

  it("a media type named x-json is a media type, not an extension: its schema becomes a component", async () => {
    const files = {
      "openapi.json": { openapi: "3.1.0", info, paths: { "/a": { get: { responses: { "200": { description: "OK", content: { "x-json": { schema: { $ref: "S.json" } } } } } } } } },
      "S.json": { type: "string" },
    };
    const document = (await bundle(`${BASE}openapi.json`, memory(files))) as Json;
    expect(document.paths["/a"].get.responses["200"].content["x-json"].schema).toEqual({ $ref: "#/components/schemas/S" });
  });

  it("files that refer to each other in a cycle are an error naming the referring file and pointer", async () => {
    const files = {
      "openapi.json": { openapi: "3.1.0", info, paths: {}, "x-loop": { $ref: "a.json" } },
      "a.json": { next: { $ref: "b.json" } },
      "b.json": { next: { $ref: "a.json" } },
    };
    const error = await rejection(bundle(`${BASE}openapi.json`, memory(files)));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toBe('b.json: /next/$ref: cannot bundle $ref "a.json": files that refer to each other in a cycle cannot be put in place of each other');
  });

  it("a missing file, and a pointer into a text file, are errors like any other reference's", async () => {
    const files = { "openapi.json": { openapi: "3.1.0", info, paths: {}, "x-s": [{ source: { $ref: "gone.php" } }, { source: { $ref: "a.php#/x" } }] }, "a.php": "<?php" };
    const problems: string[] = [];
    const document = (await bundle(`${BASE}openapi.json`, { ...memory(files), onProblem: (error) => problems.push(`${error.code} ${error.message}`) })) as Json;
    expect(problems).toEqual([
      'SCHEMA_RESOLUTION_FAILED openapi.json: /x-s/0/source/$ref: cannot bundle $ref "gone.php": gone.php cannot be read: no such file',
      'SCHEMA_RESOLUTION_FAILED openapi.json: /x-s/1/source/$ref: cannot bundle $ref "a.php#/x": a.php has nothing at /x',
    ]);
    expect(document["x-s"]).toEqual([{ source: { $ref: "gone.php" } }, { source: { $ref: "a.php#/x" } }]);
  });
});

describe("on disk: the root and remote rules of every reference", () => {
  const folder = mkdtempSync(join(tmpdir(), "specloom-extensions-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  };
  const entry = (samples: string) => `openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: OK}\n      x-codeSamples:\n${samples}`;
  write("secret.txt", "not for documents\n");
  write("api/samples/get.sh", "curl https://api.example/a\n");
  write("api/samples/get.yaml", "lang: Shell\nsource:\n  $ref: get.sh\n");
  write("api/openapi.yaml", entry("        - $ref: samples/get.yaml\n"));
  write("api/outside.yaml", entry("        - lang: Text\n          source:\n            $ref: ../secret.txt\n"));
  write("api/remote.yaml", entry("        - lang: Shell\n          source:\n            $ref: https://example.com/get.sh\n"));
  write("api/missing.yaml", entry("        - lang: Shell\n          source:\n            $ref: samples/gone.sh\n"));

  it("a YAML file's content, with its own $ref to a shell script followed from its folder", async () => {
    const document = (await bundleFile(join(folder, "api", "openapi.yaml"))) as Json;
    expect(document.paths["/a"].get["x-codeSamples"]).toEqual([{ lang: "Shell", source: "curl https://api.example/a\n" }]);
    await expectValidOpenAPI(document);
  });

  it("a file outside the root is refused unless the root is widened; a remote one unless asked", async () => {
    const outside = await rejection(bundleFile(join(folder, "api", "outside.yaml")));
    expect(outside.message).toMatch(/^outside\.yaml: \/paths\/~1a\/get\/x-codeSamples\/0\/source\/\$ref: cannot bundle \$ref "\.\.\/secret\.txt": .*secret\.txt cannot be read: is outside the root folder/);
    const widened = (await bundleFile(join(folder, "api", "outside.yaml"), { root: folder })) as Json;
    expect(widened.paths["/a"].get["x-codeSamples"][0].source).toBe("not for documents\n");
    const remote = await rejection(bundleFile(join(folder, "api", "remote.yaml")));
    expect(remote.message).toMatch(/cannot be read: is remote, and remote references are fetched only when asked/);
  });

  it("specloom validate reports a code sample that cannot be read as bundle does, and passes the others", async () => {
    const bundled = await runCli(["bundle", "missing.yaml"], { cwd: join(folder, "api") });
    expect(bundled.code).toBe(1);
    const validated = await runCli(["validate", "missing.yaml", "openapi.yaml"], { cwd: join(folder, "api") });
    expect(validated.code).toBe(1);
    const problem = 'missing.yaml: /paths/~1a/get/x-codeSamples/0/source/$ref: cannot bundle $ref "samples/gone.sh": samples/gone.sh cannot be read: no such file';
    expect(lines(validated.stdout)).toEqual([problem]);
    expect(lines(bundled.stderr)).toEqual([`specloom: missing.yaml: SCHEMA_RESOLUTION_FAILED ${problem}`]);
    expect(validated.stderr).toBe("specloom: 2 documents checked: 1 valid, 1 invalid (1 problem)\n");
  });
});
