/**
 * validate, merge and generate on documents split across files: each bundles its inputs
 * first, so a modular API is checked, merged and converted as a whole; and the whole
 * pipeline, bundle -> validate -> merge, on two modular APIs (shop and billing, in
 * test/bundle/fixtures).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { refsOf } from "../helpers/refs";
import { expectValidOpenAPI } from "../helpers/document";
import { lines, operationsOf, root, runCli } from "./helpers";

const fixtures = join(root, "test", "bundle", "fixtures");
const scratch = mkdtempSync(join(tmpdir(), "specloom-multi-file-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("validate", () => {
  it("reads every file a document refers to: the modular shop API is valid", async () => {
    const run = await runCli(["validate", "shop/openapi.yaml", "shop/openapi-3.0.yaml"], { cwd: fixtures });
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual(["specloom: 2 documents checked: 2 valid"]);
    expect(run.code).toBe(0);
  });

  it("reports a missing file, a pointer to nothing and a file that is not YAML, one problem each, naming the referring file, the $ref's pointer and the target; exit 1", async () => {
    const folder = join(scratch, "broken");
    cpSync(join(fixtures, "shop"), folder, { recursive: true });
    writeFileSync(join(folder, "components", "schemas", "Owner.yaml"), "type: object\nproperties:\n  pets:\n    type: array\n    items:\n      $ref: ./Pets.yaml\n");
    writeFileSync(join(folder, "components", "schemas", "Order.yaml"), "type: object\nproperties:\n  total:\n    $ref: common.yaml#/Mony\n");
    writeFileSync(join(folder, "components", "headers", "RateLimit.yaml"), "description: [unclosed\n");
    const run = await runCli(["validate", "openapi.yaml"], { cwd: folder });
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      expect.stringMatching(/^openapi\.yaml: paths\/pets\.yaml: \/get\/responses\/200\/headers\/X-Rate-Limit\/\$ref: cannot bundle \$ref "\.\.\/components\/headers\/RateLimit\.yaml": components\/headers\/RateLimit\.yaml cannot be read: invalid YAML at line 2, column 1: .+$/),
      'openapi.yaml: components/schemas/Owner.yaml: /properties/pets/items/$ref: cannot bundle $ref "./Pets.yaml": components/schemas/Pets.yaml cannot be read: no such file',
      'openapi.yaml: components/schemas/Order.yaml: /properties/total/$ref: cannot bundle $ref "common.yaml#/Mony": components/schemas/common.yaml has nothing at /Mony',
    ]);
    expect(lines(run.stderr)).toEqual(["specloom: 1 document checked: 0 valid, 1 invalid (3 problems)"]);
  });
});

describe("generate", () => {
  it("converts a modular YAML document into one JSON file", async () => {
    const output = join(scratch, "generated.json");
    const run = await runCli(["generate", join(fixtures, "shop", "openapi.yaml"), "-o", output]);
    expect(run.code).toBe(0);
    const document = JSON.parse(readFileSync(output, "utf8")) as unknown;
    expect(refsOf(document).every((ref) => ref.startsWith("#/"))).toBe(true);
    await expectValidOpenAPI(document);
  });
});

describe("bundle, validate, merge", () => {
  it("two modular APIs become one valid self-contained document", async () => {
    const shop = join(scratch, "shop.json");
    const billing = join(scratch, "billing.yaml");
    for (const [entry, output] of [
      ["shop/openapi.yaml", shop],
      ["billing/openapi.yaml", billing],
    ] as const) {
      const bundled = await runCli(["bundle", entry, "-o", output], { cwd: fixtures });
      expect(bundled.stderr).toBe("");
      expect(bundled.code).toBe(0);
    }
    const validated = await runCli(["validate", shop, billing]);
    expect(lines(validated.stderr)).toEqual(["specloom: 2 documents checked: 2 valid"]);
    expect(validated.code).toBe(0);

    const merged = join(scratch, "api.json");
    const run = await runCli(["merge", shop, billing, "--components", "share-identical", "-o", merged, "-q"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const document = JSON.parse(readFileSync(merged, "utf8")) as { components: { schemas: Record<string, unknown> } };
    expect(operationsOf(document)).toEqual(["GET /pets", "POST /pets", "GET /pets/{petId}", "GET /owners/{ownerId}", "POST /orders", "GET /invoices", "GET /invoices/{invoiceId}"]);
    // Money is in both APIs, identical: one component.
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith("Money"))).toEqual(["Money"]);
    expect(refsOf(document).every((ref) => ref.startsWith("#/"))).toBe(true);
    await expectValidOpenAPI(document);

    // merge bundles its inputs itself: the modular entries give the same document.
    const direct = await runCli(["merge", "shop/openapi.yaml", "billing/openapi.yaml", "--components", "share-identical", "-q"], { cwd: fixtures });
    expect(direct.code).toBe(0);
    expect(JSON.parse(direct.stdout)).toEqual(document);
  });
});
