/**
 * The OAI Overlay Specification repository's own test material, copied into
 * test/corpora/oai-overlay/: the schema test sets of 1.0 and 1.1 (each overlay in `pass` is
 * valid under the official schema of its version, each in `fail` is not) and the compliant
 * sets ("known good" overlays with an OpenAPI description before and after).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { SpecloomError, type OpenAPIDocument } from "specloom";
import { applyOverlay, type Overlay } from "specloom/overlay";
import { readOverlay } from "../../src/overlay/read-overlay";
import { expectValidOpenAPI } from "../helpers/document";

const corpus = join(import.meta.dirname, "..", "corpora", "oai-overlay");

function yamlFile(...parts: string[]): unknown {
  return parseYaml(readFileSync(join(corpus, ...parts), "utf8")) as unknown;
}

function filesOf(...parts: string[]): string[] {
  return readdirSync(join(corpus, ...parts)).filter((name) => name.endsWith(".yaml")).sort();
}

describe.each(["v1.0", "v1.1"])("the OAI schema test set %s", (version) => {
  const pass = filesOf("tests", version, "pass");
  const fail = filesOf("tests", version, "fail");

  it("has both folders, as the OAI repository lays them out", () => {
    expect(pass.length).toBeGreaterThan(10);
    expect(fail.length).toBeGreaterThan(15);
  });

  it.each(pass)("pass/%s is a valid overlay, read without an error", (name) => {
    const parsed = readOverlay(yamlFile("tests", version, "pass", name), 0);
    expect(parsed.version).toBe(version.slice(1));
  });

  it('pass/actions-update-with-remove.yaml removes: update "has no impact if the remove field of this action object is true"', () => {
    const parsed = readOverlay(yamlFile("tests", version, "pass", "actions-update-with-remove.yaml"), 0);
    expect(parsed.actions.map((action) => action.kind)).toEqual(["remove"]);
  });

  it.each(fail)("fail/%s is refused with an INVALID_DEFINITION SpecloomError", (name) => {
    let thrown: unknown;
    try {
      readOverlay(yamlFile("tests", version, "fail", name), 0);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SpecloomError);
    expect((thrown as SpecloomError).code).toBe("INVALID_DEFINITION");
    expect((thrown as SpecloomError).message).toMatch(/^overlays\[0\]/);
  });
});

describe("the OAI compliant sets: the overlay applied to openapi.yaml gives output.yaml", () => {
  const sets = readdirSync(join(corpus, "compliant-sets")).sort();

  it("are all here", () => {
    expect(sets).toHaveLength(8);
  });

  it.each(sets)("%s", async (set) => {
    const input = yamlFile("compliant-sets", set, "openapi.yaml") as OpenAPIDocument;
    const expected = yamlFile("compliant-sets", set, "output.yaml");
    const result = applyOverlay(input, yamlFile("compliant-sets", set, "overlay.yaml") as Overlay);
    // Equal as data: a map's key order carries no meaning (description-and-summary's output.yaml puts a new key mid-object).
    expect(result).toEqual(expected);
    await expectValidOpenAPI(result);
  });
});
