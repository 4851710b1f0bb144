/**
 * The generator on real documents (the OpenAPI Initiative's examples, Redocly's starter,
 * Twilio's APIs) and on the documents `openapi()` builds from the test fixtures in each
 * library and version: for every schema, drawn values and edges pass Ajv, and each value
 * broken on purpose fails Ajv on exactly the rule it names.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { openapi } from "specloom";
import { bundleFile } from "specloom/node";
import { sampleOne, schemaValues, type Direction, type SchemaValues } from "../../src/values/index";
import { allVersions, userApis, usersApi } from "../http/apis";
import { documentJudge, onlyThatRule, type DocumentJudge } from "./judge";
import { schemaPlaces } from "./document-schemas";

type Json = Record<string, unknown>;
const corpora = join(import.meta.dirname, "..", "corpora");

// api-with-examples.yaml has examples and no schema: the mock tests use it.
const oai = readdirSync(join(corpora, "oai-examples"))
  .filter((name) => name.endsWith(".yaml") && name !== "api-with-examples.yaml")
  .map((name): [string, Json] => [`oai-examples/${name}`, parse(readFileSync(join(corpora, "oai-examples", name), "utf8")) as Json]);
// Twilio: a spread of its 55 documents (every eighteenth), enough to meet its formats, patterns and enums without minutes of Ajv compiles.
const twilio = readdirSync(join(corpora, "twilio"))
  .filter((name) => name.endsWith(".json"))
  .filter((_, index) => index % 18 === 0)
  .map((name): [string, Json] => [`twilio/${name}`, JSON.parse(readFileSync(join(corpora, "twilio", name), "utf8")) as Json]);
const redocly: [string, Json] = ["redocly-starter", (await bundleFile(join(corpora, "redocly-starter", "openapi", "openapi.yaml"))) as unknown as Json];
const fixtures = userApis.flatMap((shapes) => allVersions.map((version): [string, Json] => [`users API (${shapes.name}, ${version})`, openapi(usersApi(shapes, version)) as unknown as Json]));

function checkPlace(values: SchemaValues, judge: DocumentJudge, pointer: string, seed: number): void {
  const schema = { $ref: `#${pointer}` };
  const valid = values.valid(schema, pointer);
  for (const value of fc.sample(valid, { seed, numRuns: 5 })) expect(judge.errors(pointer, value), `${pointer} ${JSON.stringify(value)}`).toEqual([]);
  for (const edge of values.edges(schema, pointer)) expect(judge.errors(pointer, edge.value), `${pointer} ${edge.label} ${JSON.stringify(edge.value)}`).toEqual([]);
  for (const broken of values.broken(schema, sampleOne(valid, seed), pointer)) {
    const errors = judge.errors(pointer, broken.value);
    expect(onlyThatRule(errors, broken.rule), `${pointer} ${JSON.stringify(broken.rule)}: ${JSON.stringify(errors)}`).toBe(true);
  }
}

describe("values of real documents' schemas, judged by Ajv", () => {
  it.each([...oai, redocly, ...twilio, ...fixtures])("%s", (_label, document) => {
    const places = schemaPlaces(document);
    expect(places.length).toBeGreaterThan(0);
    const generators = new Map<Direction, [SchemaValues, DocumentJudge]>();
    places.forEach(({ pointer, direction }, index) => {
      let pair = generators.get(direction);
      if (pair === undefined) generators.set(direction, (pair = [schemaValues(document, { direction }), documentJudge(document, direction)]));
      checkPlace(pair[0], pair[1], pointer, index);
    });
  });
});
