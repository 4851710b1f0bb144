/**
 * A path item that is a `$ref` to a file that is itself only a `$ref` (a chain), from a
 * folder of its own so that a reference resolved against the wrong folder shows; and path
 * item files that refer to one another in a ring, which cannot be written out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SpecloomError } from "specloom";
import { bundleFile } from "specloom/node";
import { afterAll, describe, expect, it } from "vitest";
import { expectValidOpenAPI } from "../helpers/document";
import { refsOf } from "../helpers/refs";

const scratch = mkdtempSync(join(tmpdir(), "specloom-chains-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
function layout(files: Record<string, string>): string {
  const folder = join(scratch, String(++folders));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  return join(folder, "openapi.yaml");
}

const entry = (version: string) => `openapi: ${version}\ninfo: {title: Chains, version: '1'}\npaths:\n  /pets:\n    $ref: paths/pets.yaml\n`;
const operation = "get:\n  operationId: listPets\n  responses:\n    '200': {description: OK}\n";

async function failure(path: string): Promise<SpecloomError> {
  const error = await bundleFile(path).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SpecloomError);
  return error as SpecloomError;
}

describe.each(["3.0.3", "3.1.0"])("a chain of path item files (%s)", (version) => {
  it("a file that is only a $ref to another file is followed from its own folder", async () => {
    const path = layout({
      "openapi.yaml": entry(version),
      "paths/pets.yaml": "$ref: list/pets.yaml\n",
      "paths/list/pets.yaml": "$ref: ../../common/pets.yaml\n",
      "common/pets.yaml": operation,
    });
    const document = await bundleFile(path);
    expect(document.paths["/pets"]).toEqual({ get: { operationId: "listPets", responses: { "200": { description: "OK" } } } });
    expect(refsOf(document)).toEqual([]);
    await expectValidOpenAPI(document);
  });

  it("fields beside each $ref of the chain win over what it points to, the nearest first", async () => {
    const path = layout({
      "openapi.yaml": `openapi: ${version}\ninfo: {title: Chains, version: '1'}\npaths:\n  /pets:\n    $ref: paths/pets.yaml\n    summary: From the entry\n`,
      "paths/pets.yaml": "$ref: list/pets.yaml\nsummary: From pets.yaml\ndescription: From pets.yaml\n",
      "paths/list/pets.yaml": `summary: From the target\ndescription: From the target\nparameters:\n  - $ref: ../params.yaml\n${operation}`,
      "paths/params.yaml": "name: limit\nin: query\nschema: {type: integer}\n",
    });
    const document = await bundleFile(path);
    const item = document.paths["/pets"] as Record<string, unknown>;
    expect(item.summary).toBe("From the entry");
    expect(item.description).toBe("From pets.yaml");
    // The target's own references still resolve against the target's folder.
    expect(item.parameters).toEqual([{ $ref: "#/components/parameters/params" }]);
    await expectValidOpenAPI(document);
  });

  it("files that refer to each other in a ring are an error naming the file and pointer that close it", async () => {
    const ring = await failure(layout({ "openapi.yaml": entry(version), "paths/pets.yaml": "$ref: again.yaml\n", "paths/again.yaml": "$ref: pets.yaml\n" }));
    expect(ring.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(ring.message).toBe('paths/again.yaml: /$ref: cannot bundle $ref "pets.yaml": path items that refer to each other in a cycle cannot be inlined');
    const self = await failure(layout({ "openapi.yaml": entry(version), "paths/pets.yaml": "$ref: '#'\n" }));
    expect(self.message).toBe('paths/pets.yaml: /$ref: cannot bundle $ref "#": path items that refer to each other in a cycle cannot be inlined');
  });

  it("a chain that ends nowhere names the last link", async () => {
    const error = await failure(layout({ "openapi.yaml": entry(version), "paths/pets.yaml": "$ref: list/pets.yaml\n", "paths/list/pets.yaml": "$ref: nope.yaml\n" }));
    expect(error.message).toBe('paths/list/pets.yaml: /$ref: cannot bundle $ref "nope.yaml": paths/list/nope.yaml cannot be read: no such file');
  });
});
