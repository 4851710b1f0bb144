/**
 * `specloom overlay` and `--overlay` on generate and merge: the result equals applyOverlay()'s
 * for the same files, JSON and YAML in and out, order, stdin, and each way it fails.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import type { OpenAPIDocument } from "specloom";
import { applyOverlay, type Overlay } from "specloom/overlay";
import { expectValidOpenAPI } from "../helpers/document";
import { TempProject, expectOneLineFailure, expectUsageError, oaiDir, root, runCli, twilioDir } from "./helpers";

const project = new TempProject();
afterAll(() => project.remove());

const petstore = join(oaiDir, "petstore.yaml");
const petstoreDocument = () => parseYaml(readFileSync(petstore, "utf8")) as OpenAPIDocument;

const publicDocs: Overlay = {
  overlay: "1.1.0",
  info: { title: "Public docs", version: "1.0.0" },
  actions: [
    { target: "$.info", update: { description: "The public API." } },
    { target: "$.paths['/pets'].post", remove: true },
    { target: "$.servers", update: [{ url: "https://sandbox.example.com/v1", description: "Sandbox" }] },
  ],
};
const gateway: Overlay = {
  overlay: "1.0.0",
  info: { title: "Gateway", version: "1.0.0" },
  actions: [{ target: "$.paths.*[?@.responses]", update: { "x-rate-limit": 100 } }, { target: "$.info", update: { description: "The gateway's copy." } }],
};
project.write("public.overlay.yaml", stringifyYaml(publicDocs));
project.write("gateway.overlay.json", gateway);
project.write("bad.overlay.yaml", "overlay: 1.1.0\ninfo: {title: Bad, version: '1'}\nactions:\n  - target: $.info\n    remove: 'yes'\n");
project.write("not-json.overlay.json", "{ overlay: ");

async function ok(args: string[], input?: string): Promise<{ stdout: string; stderr: string }> {
  const run = await runCli(args, { cwd: project.dir, ...(input === undefined ? {} : { input }) });
  expect(run.code, run.stderr).toBe(0);
  return run;
}

describe("specloom overlay", () => {
  it("applies a YAML overlay to a YAML document and prints JSON, the same as applyOverlay()", async () => {
    const { stdout } = await ok(["overlay", petstore, "public.overlay.yaml"]);
    const document = JSON.parse(stdout) as OpenAPIDocument;
    expect(document).toEqual(JSON.parse(JSON.stringify(applyOverlay(petstoreDocument(), publicDocs))));
    expect(document.info.description).toBe("The public API.");
    expect(document.paths?.["/pets"]?.post).toBeUndefined();
    expect(document.servers?.map((server) => server.url)).toEqual(["http://petstore.swagger.io/v1", "https://sandbox.example.com/v1"]);
    await expectValidOpenAPI(document);
  });

  it("gives each OAI compliant set's output.yaml, and applies the 1.1 test set's update-with-remove (remove wins)", async () => {
    const sets = join(root, "test", "corpora", "oai-overlay", "compliant-sets");
    for (const set of ["remove-example", "replace-servers-for-sandbox"]) {
      const { stdout } = await ok(["overlay", join(sets, set, "openapi.yaml"), join(sets, set, "overlay.yaml")]);
      expect(JSON.parse(stdout)).toEqual(parseYaml(readFileSync(join(sets, set, "output.yaml"), "utf8")));
    }
    const withRemove = join(root, "test", "corpora", "oai-overlay", "tests", "v1.1", "pass", "actions-update-with-remove.yaml");
    const { stdout } = await ok(["overlay", join(oaiDir, "petstore-expanded.yaml"), withRemove]);
    const document = JSON.parse(stdout) as OpenAPIDocument;
    expect(document.paths["/pets"]?.get?.parameters).toBeUndefined();
    expect(stdout).not.toContain("newParam");
    await expectValidOpenAPI(document);
  });

  it("applies several overlays in the order given, JSON and YAML mixed", async () => {
    const { stdout } = await ok(["overlay", petstore, "public.overlay.yaml", "gateway.overlay.json"]);
    const document = JSON.parse(stdout) as OpenAPIDocument;
    expect(document).toEqual(JSON.parse(JSON.stringify(applyOverlay(petstoreDocument(), publicDocs, gateway))));
    expect(document.info.description).toBe("The gateway's copy.");
    expect((document.paths?.["/pets"]?.get as Record<string, unknown>)["x-rate-limit"]).toBe(100);
    await expectValidOpenAPI(document);
  });

  it("writes YAML or JSON by the output file's extension", async () => {
    await ok(["overlay", petstore, "public.overlay.yaml", "-o", "out/public.yaml"]);
    const yaml = parseYaml(readFileSync(project.path("out/public.yaml"), "utf8")) as OpenAPIDocument;
    await ok(["overlay", petstore, "public.overlay.yaml", "-o", "out/public.json"]);
    const json = JSON.parse(readFileSync(project.path("out/public.json"), "utf8")) as OpenAPIDocument;
    expect(yaml).toEqual(json);
    expect(yaml.info.description).toBe("The public API.");
    await expectValidOpenAPI(json);
  });

  it("reads the document from stdin", async () => {
    const { stdout } = await ok(["overlay", "-", "gateway.overlay.json"], readFileSync(petstore, "utf8"));
    expect((JSON.parse(stdout) as OpenAPIDocument).info.description).toBe("The gateway's copy.");
  });

  it("an invalid overlay: one line naming the file, the action and the field; no file written", async () => {
    const run = await runCli(["overlay", petstore, "public.overlay.yaml", "bad.overlay.yaml", "-o", "out/never.json"], { cwd: project.dir });
    expect(expectOneLineFailure(run)).toBe('specloom: bad.overlay.yaml: INVALID_DEFINITION actions[0].remove: expected true or false, found the string "yes"');
    expect(project.list("out")).not.toContain("never.json");
  });

  it("an overlay that fails while it runs names its file too", async () => {
    project.write("copy-nothing.overlay.yaml", "overlay: 1.1.0\ninfo: {title: Copy, version: '1'}\nactions:\n  - target: $.info\n    copy: $.nothing\n");
    const run = await runCli(["overlay", petstore, "public.overlay.yaml", "copy-nothing.overlay.yaml"], { cwd: project.dir });
    expect(expectOneLineFailure(run)).toBe("specloom: copy-nothing.overlay.yaml: INVALID_DEFINITION actions[0].copy: selects 0 nodes; copy takes its value from exactly one");
  });

  it("a missing, unparsable or module overlay file", async () => {
    expect(expectOneLineFailure(await runCli(["overlay", petstore, "missing.yaml"], { cwd: project.dir }))).toBe("specloom: missing.yaml: no such file");
    expect(expectOneLineFailure(await runCli(["overlay", petstore, "not-json.overlay.json"], { cwd: project.dir }))).toMatch(/^specloom: not-json\.overlay\.json: invalid JSON/);
    expect(expectOneLineFailure(await runCli(["overlay", petstore, "overlay.ts"], { cwd: project.dir }))).toBe("specloom: overlay.ts: an overlay is a JSON or YAML file, not a module");
  });

  it("usage mistakes: no overlay, stdin twice", async () => {
    expect(expectUsageError(await runCli(["overlay", petstore], { cwd: project.dir }), "overlay")).toBe("specloom: missing required argument 'overlays'");
    expect(expectUsageError(await runCli(["overlay", "-", "-"], { cwd: project.dir }), "overlay")).toBe("specloom: - (stdin) can be given only once");
  });

  it("a YAML overlay's __proto__ key is a key of the written document", async () => {
    project.write("proto.overlay.yaml", "overlay: 1.0.0\ninfo: {title: Proto, version: '1'}\nactions:\n  - target: $.info\n    update:\n      x-meta:\n        __proto__: {polluted: true}\n");
    const { stdout } = await ok(["overlay", petstore, "proto.overlay.yaml"]);
    expect(stdout).toContain('"x-meta": {\n      "__proto__": {\n        "polluted": true');
    const document = JSON.parse(stdout) as OpenAPIDocument;
    await expectValidOpenAPI(document);
  });

  it("is listed in specloom --help", async () => {
    const { stdout } = await ok(["--help"]);
    expect(stdout).toMatch(/^\s+overlay \[options\] <document> <overlays\.\.\.>\s+apply Overlay 1\.0 and 1\.1 documents to a document$/m);
  });
});

describe("--overlay on generate and merge", () => {
  it("generate --overlay, repeated, applies each overlay in order to the generated document", async () => {
    const module = join(root, "examples", "petstore.ts");
    const plain = JSON.parse((await ok(["generate", module])).stdout) as OpenAPIDocument;
    const { stdout } = await ok(["generate", module, "--overlay", "gateway.overlay.json", "--overlay", "public.overlay.yaml", "-o", "-"]);
    const document = JSON.parse(stdout) as OpenAPIDocument;
    expect(document).toEqual(JSON.parse(JSON.stringify(applyOverlay(plain, gateway, publicDocs))));
    expect(document.info.description).toBe("The public API.");
    await expectValidOpenAPI(document);
  });

  it("merge --overlay applies to the merged document", async () => {
    const files = ["twilio_accounts_v1.json", "twilio_bulkexports_v1.json"].map((name) => join(twilioDir, name));
    const flags = ["--path-prefix-from", "title", "--servers", "per-path", "--components", "share-identical", "-q"];
    const plain = JSON.parse((await ok(["merge", ...files, ...flags])).stdout) as OpenAPIDocument;
    const { stdout } = await ok(["merge", ...files, ...flags, "--overlay", "gateway.overlay.json"]);
    const document = JSON.parse(stdout) as OpenAPIDocument;
    expect(document).toEqual(JSON.parse(JSON.stringify(applyOverlay(plain, gateway))));
    const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item).filter((value) => (value as Record<string, unknown>)["x-rate-limit"] === 100));
    expect(operations.length).toBeGreaterThan(5);
    await expectValidOpenAPI(document);
  });

  it("a bad --overlay file fails the command before anything is written", async () => {
    const run = await runCli(["merge", petstore, join(oaiDir, "uspto.yaml"), "--overlay", "bad.overlay.yaml", "-o", "out/merged.json", "-q"], { cwd: project.dir });
    expect(expectOneLineFailure(run)).toMatch(/^specloom: bad\.overlay\.yaml: INVALID_DEFINITION actions\[0\]\.remove: /);
    expect(project.list("out")).not.toContain("merged.json");
  });
});
