/**
 * `specloom bundle`, run as a user runs it (dist/cli.js): the shop API in test/bundle/fixtures
 * to stdout and to files, and what the command says when a reference cannot be bundled.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { expectValidOpenAPI } from "../helpers/document";
import { lines, root, runCli } from "./helpers";

const shop = join(root, "test", "bundle", "fixtures", "shop");
const scratch = mkdtempSync(join(tmpdir(), "specloom-cli-bundle-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("specloom bundle", () => {
  it("prints the self-contained document as JSON by default", async () => {
    const run = await runCli(["bundle", "openapi.yaml"], { cwd: shop });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as { paths: Record<string, { get?: { operationId?: string } }> };
    expect(document.paths["/pets"]?.get?.operationId).toBe("listPets");
    await expectValidOpenAPI(document);
  });

  it("writes YAML to a .yaml file, creating its folder", async () => {
    const output = join(scratch, "dist", "openapi.yaml");
    const run = await runCli(["bundle", join(shop, "openapi-3.0.yaml"), "-o", output]);
    expect(run.code).toBe(0);
    const document = parse(readFileSync(output, "utf8")) as { openapi: string };
    expect(document.openapi).toBe("3.0.3");
    await expectValidOpenAPI(document);
  });

  it("an entry file with a YAML alias inside the node it names fails in one line, for bundle and validate, instead of running for ever", { timeout: 30_000 }, async () => {
    writeFileSync(join(scratch, "alias.yaml"), "openapi: 3.1.0\ninfo: &i\n  title: A\n  version: '1'\n  x-self: *i\npaths: {}\n");
    for (const command of ["bundle", "validate"]) {
      const run = await runCli([command, "alias.yaml"], { cwd: scratch, timeout: 20_000 });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(lines(run.stderr)[0]).toMatch(/alias\.yaml: cannot read the entry document: it contains itself/);
    }
  });

  it("a chain of path item files is followed from each file's folder, and a ring of them fails, with --no-check too", async () => {
    const folder = join(scratch, "chain");
    mkdirSync(join(folder, "paths", "list"), { recursive: true });
    writeFileSync(join(folder, "openapi.yaml"), "openapi: 3.1.0\ninfo: {title: Chain, version: '1'}\npaths:\n  /pets:\n    $ref: paths/pets.yaml\n");
    writeFileSync(join(folder, "paths", "pets.yaml"), "$ref: list/pets.yaml\n");
    writeFileSync(join(folder, "paths", "list", "pets.yaml"), "get:\n  responses:\n    '200': {description: OK}\n");
    const chain = await runCli(["bundle", "openapi.yaml", "--no-check"], { cwd: folder });
    expect(chain.code).toBe(0);
    expect((JSON.parse(chain.stdout) as { paths: unknown }).paths).toEqual({ "/pets": { get: { responses: { "200": { description: "OK" } } } } });
    writeFileSync(join(folder, "paths", "list", "pets.yaml"), "$ref: ../pets.yaml\n");
    const ring = await runCli(["bundle", "openapi.yaml", "--no-check", "-o", "out.json"], { cwd: folder });
    expect(lines(ring.stderr)).toEqual(['specloom: openapi.yaml: SCHEMA_RESOLUTION_FAILED paths/list/pets.yaml: /$ref: cannot bundle $ref "../pets.yaml": path items that refer to each other in a cycle cannot be inlined']);
    expect(ring.code).toBe(1);
    expect(existsSync(join(folder, "out.json"))).toBe(false);
  });

  it("fails in one line naming the referring file, the $ref's pointer and the target, and writes nothing", async () => {
    const folder = join(scratch, "broken");
    cpSync(shop, folder, { recursive: true });
    writeFileSync(join(folder, "components", "schemas", "Tag.json"), '{ "$ref": "common.yaml#/Nope" }');
    const output = join(scratch, "broken.json");
    const run = await runCli(["bundle", "openapi.yaml", "-o", output], { cwd: folder });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      'specloom: openapi.yaml: SCHEMA_RESOLUTION_FAILED components/schemas/Tag.json: /$ref: cannot bundle $ref "common.yaml#/Nope": components/schemas/common.yaml has nothing at /Nope',
    ]);
    expect(existsSync(output)).toBe(false);
  });

  it("applies --overlay to the bundled document, then checks it before writing (--no-check opts out)", async () => {
    const described = join(scratch, "described.overlay.yaml");
    writeFileSync(described, 'overlay: 1.0.0\ninfo: { title: o, version: "1" }\nactions:\n  - target: $.info\n    update: { description: Bundled and described }\n');
    const run = await runCli(["bundle", "openapi.yaml", "--overlay", described], { cwd: shop });
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as { info: { description?: string } };
    expect(document.info.description).toBe("Bundled and described");
    await expectValidOpenAPI(document);

    const breaking = join(scratch, "breaking.overlay.yaml");
    writeFileSync(breaking, 'overlay: 1.0.0\ninfo: { title: o, version: "1" }\nactions:\n  - target: $.info\n    update: { titel: typo }\n');
    const output = join(scratch, "checked.json");
    const refused = await runCli(["bundle", "openapi.yaml", "--overlay", breaking, "-o", output], { cwd: shop });
    expect(refused.code).toBe(1);
    expect(lines(refused.stderr).at(-1)).toBe("specloom: openapi.yaml: the document is invalid (1 problem, above), so nothing was written; --no-check writes it anyway");
    expect(existsSync(output)).toBe(false);
    const unchecked = await runCli(["bundle", "openapi.yaml", "--overlay", breaking, "--no-check", "-o", output], { cwd: shop });
    expect(unchecked.code).toBe(0);
    expect((JSON.parse(readFileSync(output, "utf8")) as { info: Record<string, unknown> }).info.titel).toBe("typo");
  });

  it("refuses -o naming its own entry document unless --force", async () => {
    const folder = join(scratch, "in-place");
    cpSync(shop, folder, { recursive: true });
    const refused = await runCli(["bundle", "openapi.yaml", "-o", "openapi.yaml"], { cwd: folder });
    expect(refused.code).toBe(2);
    expect(lines(refused.stderr)[0]).toBe("specloom: -o openapi.yaml is the input openapi.yaml, which writing would replace; give another -o, or --force to replace it");
  });

  it("reads outside the entry's folder only with --root", async () => {
    const folder = join(scratch, "rooted", "api");
    cpSync(shop, folder, { recursive: true });
    writeFileSync(join(folder, "..", "Shared.yaml"), "type: string\n");
    writeFileSync(join(folder, "components", "schemas", "Tag.json"), '{ "$ref": "../../../Shared.yaml" }');
    const refused = await runCli(["bundle", "api/openapi.yaml"], { cwd: join(folder, "..") });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Shared\.yaml cannot be read: is outside the root folder, and only files inside it are read \(widen it with the root option; --root\)\n$/);
    const widened = await runCli(["bundle", "api/openapi.yaml", "--root", "."], { cwd: join(folder, "..") });
    expect(widened.code).toBe(0);
    expect((JSON.parse(widened.stdout) as { components: { schemas: Record<string, unknown> } }).components.schemas.Shared).toEqual({ type: "string" });
  });

  it("refuses a remote reference without --remote", async () => {
    const folder = join(scratch, "remote");
    cpSync(shop, folder, { recursive: true });
    writeFileSync(join(folder, "components", "schemas", "Tag.json"), '{ "$ref": "https://example.com/Tag.json" }');
    const run = await runCli(["bundle", "openapi.yaml"], { cwd: folder });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/https:\/\/example\.com\/Tag\.json cannot be read: is remote, and remote references are fetched only when asked \(the remote option; --remote\)\n$/);
  });

  it("a module is a usage mistake: exit 2", async () => {
    const run = await runCli(["bundle", "examples/petstore.ts"]);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)[0]).toBe("specloom: bundle reads JSON and YAML documents; examples/petstore.ts is a module (generate builds it)");
  });
});
