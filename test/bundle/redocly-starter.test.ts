/**
 * Redocly's openapi-starter (test/corpora/redocly-starter), a layout nobody here wrote: its
 * operations carry `x-codeSamples` whose `source` is a `$ref` to a C# or PHP file. Bundled
 * with the library and with the command, it is one self-contained, valid document with the
 * code samples' text in place, as Redocly's own bundle (`@redocly/openapi-core`) writes it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bundle as redoclyBundle, createConfig } from "@redocly/openapi-core";
import { bundleFile } from "specloom/node";
import { describe, expect, it } from "vitest";
import { expectValidOpenAPI } from "../helpers/document";
import { refsOf } from "../helpers/refs";
import { corpora, runCli } from "../cli/helpers";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const folder = join(corpora, "redocly-starter", "openapi");
const entry = join(folder, "openapi.yaml");
const php = readFileSync(join(folder, "code_samples", "PHP", "menu", "get.php"), "utf8");
const csharp = readFileSync(join(folder, "code_samples", "C_sharp", "menu", "get.cs"), "utf8");

/** Every operation's `x-codeSamples`, by path and method. */
function codeSamples(document: Json): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (operation?.["x-codeSamples"] !== undefined) found[`${method} ${path}`] = operation["x-codeSamples"];
    }
  }
  return found;
}

async function expectSelfContained(document: Json): Promise<void> {
  await expectValidOpenAPI(document);
  const external = refsOf(document).filter((ref) => !ref.startsWith("#"));
  expect(external, "no $ref may point outside the bundle").toEqual([]);
  expect(document.paths["/menu"].get["x-codeSamples"]).toEqual([
    { lang: "C#", label: "C#", source: csharp },
    { lang: "PHP", label: "PHP", source: php },
  ]);
}

describe("Redocly's openapi-starter", () => {
  it("bundleFile: no external $ref left, valid under the official 3.1 schema, the PHP sample's text in place", async () => {
    const document = (await bundleFile(entry)) as Json;
    await expectSelfContained(document);
    expect(php).toContain("curl_init('https://api.cafe.redocly.com/menu')");
  });

  it("the code samples are what Redocly's own bundle puts there", async () => {
    const ours = (await bundleFile(entry)) as Json;
    const theirs = await redoclyBundle({ ref: entry, config: await createConfig({}) });
    expect(theirs.problems).toEqual([]);
    const expected = codeSamples(theirs.bundle.parsed as Json);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(codeSamples(ours)).toEqual(expected);
  });

  it("specloom bundle writes the same document", async () => {
    const run = await runCli(["bundle", entry]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as Json;
    await expectSelfContained(document);
    expect(document).toEqual(JSON.parse(JSON.stringify(await bundleFile(entry))));
  });

  it("specloom validate finds it valid, and specloom merge keeps the code samples' text", async () => {
    const validate = await runCli(["validate", entry]);
    expect(validate.stdout).toBe("");
    expect(validate.stderr).toBe("specloom: 1 document checked: 1 valid\n");
    expect(validate.code).toBe(0);
    const merge = await runCli(["merge", entry, join(corpora, "oai-examples", "petstore.yaml"), "--components", "rename", "-q"]);
    expect(merge.stderr).toBe("");
    expect(merge.code).toBe(0);
    const merged = JSON.parse(merge.stdout) as Json;
    await expectSelfContained(merged);
    expect(merged.paths["/pets"]).toBeDefined();
  });
});
