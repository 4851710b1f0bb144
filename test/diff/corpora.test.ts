/**
 * A document diffed against a copy of itself gives nothing: every real document of the
 * corpora (Twilio's 55, the OpenAPI Initiative's examples) and the petstore of examples/.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { diff, openapi } from "specloom";
import petstore from "../../examples/petstore";

const corpora = join(import.meta.dirname, "..", "corpora");

describe("diff: each real document against a copy of itself has no change", () => {
  it("Twilio's 55 documents", () => {
    const files = readdirSync(join(corpora, "twilio")).filter((file) => file.endsWith(".json"));
    expect(files.length).toBe(55);
    const changed = files.filter((file) => {
      const text = readFileSync(join(corpora, "twilio", file), "utf8");
      return diff(JSON.parse(text), JSON.parse(text)).changes.length > 0;
    });
    expect(changed).toEqual([]);
  });

  it("the OpenAPI Initiative's example documents", () => {
    for (const file of readdirSync(join(corpora, "oai-examples")).filter((name) => name.endsWith(".yaml"))) {
      const text = readFileSync(join(corpora, "oai-examples", file), "utf8");
      expect(diff(parse(text), parse(text)).changes, file).toEqual([]);
    }
  });

  it("the petstore of examples/, built twice", () => {
    expect(diff(openapi(petstore), openapi(petstore)).changes).toEqual([]);
  });
});
