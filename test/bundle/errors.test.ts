/**
 * The shop API broken in every way a multi-file document breaks: each failure is one
 * SpecloomError naming the referring file, the JSON Pointer of its `$ref`, and the target.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SpecloomError } from "specloom";
import { bundleFile, type BundleFileOptions } from "specloom/node";
import { afterAll, describe, expect, it } from "vitest";
import { expectValidOpenAPI } from "../helpers/document";

const shop = join(import.meta.dirname, "fixtures", "shop");
const scratch = mkdtempSync(join(tmpdir(), "specloom-bundle-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let copies = 0;
/** A fresh copy of the shop API in `<scratch>/n/shop`, with `files` written over it. */
function brokenShop(files: Record<string, string>): string {
  const folder = join(scratch, String(++copies), "shop");
  cpSync(shop, folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

const PET = "components/schemas/Pet.yaml";
const petWith = (ownerRef: string) => `type: object\nproperties:\n  name:\n    type: string\n  owner:\n    $ref: ${JSON.stringify(ownerRef)}\n`;

async function failure(folder: string, options: BundleFileOptions = {}, entry = "openapi.yaml"): Promise<SpecloomError> {
  const error = await bundleFile(join(folder, entry), options).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SpecloomError);
  return error as SpecloomError;
}

describe("a referenced file that cannot be used", () => {
  it("a missing file", async () => {
    const error = await failure(brokenShop({ [PET]: petWith("Ownr.yaml") }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toBe('components/schemas/Pet.yaml: /properties/owner/$ref: cannot bundle $ref "Ownr.yaml": components/schemas/Ownr.yaml cannot be read: no such file');
  });

  it("a pointer that names nothing, into YAML and into JSON", async () => {
    const yaml = await failure(brokenShop({ [PET]: petWith("common.yaml#/Identifier") }));
    expect(yaml.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(yaml.message).toBe('components/schemas/Pet.yaml: /properties/owner/$ref: cannot bundle $ref "common.yaml#/Identifier": components/schemas/common.yaml has nothing at /Identifier');
    const json = await failure(brokenShop({ [PET]: petWith("errors.json#/Problem/properties/nope") }));
    expect(json.message).toMatch(/errors\.json has nothing at \/Problem\/properties\/nope$/);
  });

  it("a file that is neither JSON nor YAML, with the line and column", async () => {
    const json = await failure(brokenShop({ "components/schemas/Tag.json": '{ "type": "object",\n  "title": "Tag" "x": 1 }' }));
    expect(json.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(json.message).toMatch(/^components\/schemas\/Pet\.yaml: \/properties\/tags\/items\/\$ref: cannot bundle \$ref "Tag\.json": components\/schemas\/Tag\.json cannot be read: invalid JSON: at line 2, column \d+/);
    const yaml = await failure(brokenShop({ "components/schemas/Owner.yaml": "type: object\nproperties: [unclosed\n" }));
    expect(yaml.message).toMatch(/components\/schemas\/Owner\.yaml cannot be read: invalid YAML at line \d+, column \d+/);
  });

  it("a directory", async () => {
    const error = await failure(brokenShop({ [PET]: petWith("./legacy") }));
    expect(error.message).toMatch(/\$ref "\.\/legacy": components\/schemas\/legacy cannot be read: is a directory, not a file$/);
  });

  it("/dev/zero, even inside a root that holds it", async () => {
    const error = await failure(brokenShop({ [PET]: petWith("/dev/zero") }), { root: "/" });
    expect(error.message).toMatch(/\$ref "\/dev\/zero": \/dev\/zero cannot be read: is not a regular file/);
  });

  it("a file over the size limit", async () => {
    const folder = brokenShop({ [PET]: petWith("Big.yaml"), "components/schemas/Big.yaml": `description: ${"x".repeat(5000)}\n` });
    const error = await failure(folder, { maxBytes: 4096 });
    expect(error.message).toMatch(/components\/schemas\/Big\.yaml cannot be read: is larger than the limit of 4096 bytes$/);
  });
});

describe("the root folder", () => {
  it("refuses a file outside it, by a relative or an absolute path, and says how to widen it", async () => {
    const folder = brokenShop({ [PET]: petWith("../../../outside.yaml") });
    writeFileSync(join(folder, "..", "outside.yaml"), "type: string\n");
    const relative = await failure(folder);
    expect(relative.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(relative.message).toMatch(/\$ref "\.\.\/\.\.\/\.\.\/outside\.yaml": .*outside\.yaml cannot be read: is outside the root folder, and only files inside it are read \(widen it with the root option; --root\)$/);
    const absolute = await failure(brokenShop({ [PET]: petWith("/etc/passwd") }));
    expect(absolute.message).toMatch(/\$ref "\/etc\/passwd": \/etc\/passwd cannot be read: is outside the root folder/);
    // Widened, the same layout bundles.
    const document = await bundleFile(join(folder, "openapi.yaml"), { root: join(folder, "..") });
    expect(document.components?.schemas?.outside).toEqual({ type: "string" });
    await expectValidOpenAPI(document);
  });

  it("answers the same for any path outside it, there or not, without looking", async () => {
    const folder = brokenShop({});
    writeFileSync(join(folder, "..", "there.yaml"), "type: string\n");
    const answers: string[] = [];
    for (const target of ["../../../there.yaml", "../../../not-there.yaml", "../../../no/such/folder/x.yaml", "/etc/passwd", "/etc/no-such-file.yaml", "/proc/self/root/etc/passwd"]) {
      const error = await failure(brokenShop({ [PET]: petWith(target) }));
      answers.push(error.message.replace(/^.*cannot be read: /, ""));
    }
    expect(new Set(answers)).toEqual(new Set(["is outside the root folder, and only files inside it are read (widen it with the root option; --root)"]));
  });

  it("answers the same through a symbolic link inside it to a file outside, there or not", async () => {
    const folder = brokenShop({ [PET]: petWith("gone.yaml") });
    symlinkSync(join(folder, "..", "nowhere.yaml"), join(folder, "components", "schemas", "gone.yaml"));
    const error = await failure(folder);
    expect(error.message).toMatch(/gone\.yaml cannot be read: is outside the root folder/);
  });

  it("refuses a symbolic link inside it that leads outside", async () => {
    const folder = brokenShop({ [PET]: petWith("link.yaml") });
    writeFileSync(join(folder, "..", "secret.yaml"), "type: string\n");
    symlinkSync(join(folder, "..", "secret.yaml"), join(folder, "components", "schemas", "link.yaml"));
    const error = await failure(folder);
    expect(error.message).toMatch(/link\.yaml cannot be read: is outside the root folder/);
  });
});

describe("remote references", () => {
  let server: Server | undefined;
  afterAll(() => server?.close());

  async function serve(): Promise<string> {
    server = createServer((request, response) => {
      if (request.url === "/schemas/Owner.yaml") response.end("type: object\nproperties:\n  name:\n    type: string\n  address:\n    $ref: Address.json\n");
      else if (request.url === "/schemas/Address.json") response.end('{ "type": "object", "properties": { "city": { "type": "string" } } }');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => (server as Server).listen(0, "127.0.0.1", resolve));
    const address = server.address() as { port: number };
    return `http://127.0.0.1:${address.port}`;
  }

  it("are not fetched unless asked, and then relative references resolve against their URL", async () => {
    const base = await serve();
    const folder = brokenShop({ [PET]: petWith(`${base}/schemas/Owner.yaml`) });
    const refused = await failure(folder);
    expect(refused.message).toBe(`components/schemas/Pet.yaml: /properties/owner/$ref: cannot bundle $ref "${base}/schemas/Owner.yaml": ${base}/schemas/Owner.yaml cannot be read: is remote, and remote references are fetched only when asked (the remote option; --remote)`);
    const document = await bundleFile(join(folder, "openapi.yaml"), { remote: true });
    // The local components/schemas/Owner.yaml, met earlier (from paths/), is Owner.
    expect(document.components?.schemas?.Pet).toMatchObject({ properties: { owner: { $ref: "#/components/schemas/Owner2" } } });
    expect(document.components?.schemas?.Owner2).toEqual({ type: "object", properties: { name: { type: "string" }, address: { $ref: "#/components/schemas/Address" } } });
    expect(document.components?.schemas?.Address).toEqual({ type: "object", properties: { city: { type: "string" } } });
    await expectValidOpenAPI(document);
  });

  it("a remote file that is not there is an HTTP status", async () => {
    const base = await serve();
    const error = await failure(brokenShop({ [PET]: petWith(`${base}/schemas/Nope.yaml`) }), { remote: true });
    expect(error.message).toMatch(/cannot be read: cannot be fetched: HTTP 404 Not Found$/);
  });
});

describe("references that are not references to a document", () => {
  it("a fragment that is not a JSON Pointer is INVALID_DEFINITION", async () => {
    const error = await failure(brokenShop({ [PET]: petWith("common.yaml#Id") }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe('components/schemas/Pet.yaml: /properties/owner/$ref: cannot bundle $ref "common.yaml#Id": "common.yaml#Id" is not a URI reference with a JSON Pointer fragment (#/...)');
  });

  it("a path item cycle 3.0 cannot write out", async () => {
    const folder = brokenShop({
      "loop.yaml": "openapi: 3.0.3\ninfo: {title: Loop, version: '1'}\npaths:\n  /a:\n    $ref: a.yaml\n",
      "a.yaml": "post:\n  responses:\n    '200': {description: ok}\n  callbacks:\n    again:\n      '{$url}':\n        $ref: a.yaml\n",
    });
    const error = await failure(folder, {}, "loop.yaml");
    expect(error.message).toBe('a.yaml: /post/callbacks/again/{$url}/$ref: cannot bundle $ref "a.yaml": path items that refer to each other in a cycle cannot be inlined (3.0 has no components.pathItems)');
  });
});

describe("where a broken reference is, as a JSON Pointer", () => {
  it("keys with '/' and '~' in them: \"'~' needs to be encoded as '~0' and '/' needs to be encoded as '~1'\"", async () => {
    const folder = brokenShop({
      "keys.yaml": "openapi: 3.1.0\ninfo: {title: Keys, version: '1'}\npaths:\n  /a~b/{id}:\n    get:\n      responses:\n        '200':\n          $ref: nope.yaml\n",
    });
    const error = await failure(folder, {}, "keys.yaml");
    expect(error.location).toBe("keys.yaml: /paths/~1a~0b~1{id}/get/responses/200/$ref");
  });

  it("a file that is only a $ref: the whole file is the empty pointer, so its $ref is at /$ref", async () => {
    const folder = brokenShop({
      "entry.yaml": "openapi: 3.1.0\ninfo: {title: Entry, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: pet.yaml\n",
      "pet.yaml": "$ref: nope.yaml\n",
    });
    const error = await failure(folder, {}, "entry.yaml");
    expect(error.message).toBe('pet.yaml: /$ref: cannot bundle $ref "nope.yaml": nope.yaml cannot be read: no such file');
  });
});

describe("the entry document", () => {
  it("missing, or not an OpenAPI document, is INVALID_DEFINITION", async () => {
    const missing = await failure(shop, {}, "nope.yaml");
    expect(missing.code).toBe("INVALID_DEFINITION");
    expect(missing.message).toBe("nope.yaml: cannot read the entry document: no such file");
    const folder = brokenShop({ "list.yaml": "- 1\n- 2\n" });
    const notOpenAPI = await failure(folder, {}, "list.yaml");
    expect(notOpenAPI.message).toBe('list.yaml: not an OpenAPI document: expected an object with a string "openapi" field, found an array');
  });
});

it("with onProblem, every broken reference is reported and the rest is bundled", async () => {
  const folder = brokenShop({
    [PET]: petWith("Ownr.yaml"),
    "components/schemas/Order.yaml": "type: object\nproperties:\n  total:\n    $ref: common.yaml#/Mony\n",
  });
  mkdirSync(join(folder, "empty"));
  const problems: SpecloomError[] = [];
  const document = await bundleFile(join(folder, "openapi.yaml"), { onProblem: (problem) => problems.push(problem) });
  expect(problems.map((problem) => problem.location)).toEqual(["components/schemas/Pet.yaml: /properties/owner/$ref", "components/schemas/Order.yaml: /properties/total/$ref"]);
  // What failed is kept as written; everything else is bundled.
  expect(document.components?.schemas?.Pet).toEqual({ type: "object", properties: { name: { type: "string" }, owner: { $ref: "Ownr.yaml" } } });
  expect(document.paths["/pets"]?.get?.operationId).toBe("listPets");
});
