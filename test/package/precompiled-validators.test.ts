/**
 * The command checks documents with the OpenAPI schemas compiled at build time
 * (dist/validators/, scripts/openapi-validators.ts). They must give the verdicts, and the
 * errors, of @seriousme/openapi-schema-validator compiling the same schemas at run time
 * (`new Validator({ allErrors: true })`, as the command used it before): on the OAI
 * examples, the Twilio corpus, documents `openapi()` and the fuzz suite produce, and
 * invalid variants of them. Runs against dist/ (npm test builds it first).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openapi } from "specloom";
import { createValidator } from "../../src/cli/schema-validator";
import petstore from "../../examples/petstore";
import { buildDocument } from "../fuzz/arbitraries/build-document";
import { definitionCall, definitionPlan } from "../fuzz/arbitraries/definition";
import { documentPlan } from "../fuzz/arbitraries/documents";
import { json } from "../fuzz/arbitraries/json-schema";
import { loadOaiExample, loadTwilio } from "../merge/fixtures";

const folder = join(import.meta.dirname, "..", "..", "dist", "validators");
const precompiled = createValidator(pathToFileURL(folder + "/"));
const runtime = new Validator({ allErrors: true });
const SEED = 20_260_501;

type Json = Record<string, unknown>;
const plain = (document: unknown) => JSON.parse(JSON.stringify(document)) as Json;
/** What the command validates: 3.0, 3.1 and 3.2 documents (it reports any other `openapi` itself). */
const checked = (document: unknown): document is Json =>
  document !== null && typeof document === "object" && typeof (document as Json).openapi === "string" && /^3\.[012]\.\d+/.test((document as Json).openapi as string);

/** `openapi()` results from the fuzz suite's definitions: those that build. */
function generatedDocuments(): Json[] {
  const documents = ["3.0.3", "3.1.0", "3.2.0"].map((version) => plain(openapi({ ...petstore, openapi: version as "3.0.3" })));
  for (const plan of fc.sample(definitionPlan, { numRuns: 120, seed: SEED })) {
    try {
      documents.push(plain(definitionCall(plan).run()));
    } catch {
      // A definition the library refuses produces no document.
    }
  }
  return documents;
}

/** One part of a document (picked by path) replaced by random JSON: mostly invalid documents. */
function corrupted(documents: readonly Json[]): Json[] {
  const variants: Json[] = [];
  fc.sample(fc.tuple(fc.nat(), fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), json), { numRuns: 150, seed: SEED }).forEach(([which, steps, value]) => {
    const document = structuredClone(documents[which % documents.length] as Json);
    let node: Json = document;
    for (const step of steps) {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[step % keys.length] as string;
      const child = node[key];
      if (child === null || typeof child !== "object" || step % 3 === 0) {
        node[key] = value;
        break;
      }
      node = child as Json;
    }
    variants.push(document);
  });
  return variants;
}

async function compare(documents: readonly Json[]): Promise<{ valid: number; invalid: number; refErrors: number }> {
  const counts = { valid: 0, invalid: 0, refErrors: 0 };
  for (const document of documents.filter(checked)) {
    const expected = await runtime.validate(structuredClone(document));
    const actual = await precompiled.validate(structuredClone(document));
    expect(actual, `${String(document.openapi)} ${JSON.stringify(document).slice(0, 200)}`).toEqual(expected);
    if (expected.valid) counts.valid++;
    else counts.invalid++;
    if (typeof expected.errors === "string") counts.refErrors++;
  }
  return counts;
}

describe("the precompiled OpenAPI schemas", { timeout: 120_000 }, () => {
  it("are built, one per OpenAPI version with an official schema", () => {
    for (const version of ["3.0", "3.1", "3.2"]) expect(existsSync(join(folder, `openapi-${version}.js`)), "run `npm run build` first (npm test does)").toBe(true);
  });

  it("give the runtime-compiled verdicts and errors on the OAI examples, valid and corrupted", async () => {
    const examples = ["petstore", "petstore-expanded", "link-example", "callback-example", "api-with-examples", "uspto"].map((name) => plain(loadOaiExample(name)));
    const counts = await compare([...examples, ...corrupted(examples)]);
    expect(counts.valid).toBeGreaterThanOrEqual(6);
    expect(counts.invalid).toBeGreaterThan(35);
  });

  it("give the runtime-compiled verdicts and errors on the Twilio corpus, valid and corrupted", async () => {
    const twilio = loadTwilio().map(({ document }) => plain(document));
    const counts = await compare([...twilio, ...corrupted(twilio.slice(0, 10))]);
    expect(counts.valid).toBeGreaterThanOrEqual(twilio.length);
    expect(counts.invalid).toBeGreaterThan(40);
  });

  it("give the runtime-compiled verdicts and errors on documents openapi() and the fuzz suite produce, in 3.0, 3.1 and 3.2", async () => {
    const generated = generatedDocuments();
    const fuzzed = fc.sample(documentPlan, { numRuns: 120, seed: SEED }).map((plan) => plain(buildDocument(plan))).filter(checked);
    const dangling = { ...(generated[1] as Json), paths: { "/a": { get: { responses: { 200: { $ref: "#/components/responses/Missing" } } } } } };
    const documents = [...generated, ...corrupted(generated), ...fuzzed, dangling].filter(checked);
    const versions = new Set(documents.map((document) => String(document.openapi).slice(0, 3)));
    expect([...versions].sort()).toEqual(["3.0", "3.1", "3.2"]);
    const counts = await compare(documents);
    expect(counts.valid).toBeGreaterThan(90);
    expect(counts.invalid).toBeGreaterThan(35);
    expect(counts.refErrors, "a $ref the package's own check rejects").toBeGreaterThan(0);
  });
});
