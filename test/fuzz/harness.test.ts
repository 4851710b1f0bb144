/**
 * The fuzz suite's checks can fail: each invariant, given a call that breaks it, reports
 * it. Without this, a suite that passes could be one that checks nothing.
 */
import { describe, expect, it } from "vitest";
import { SpecloomError, merge, openapi, type OpenAPIDocument } from "specloom";
import { deepFreezeForTest } from "../helpers/document";
import { GetterTrap } from "./arbitraries/throws";
import { checkCase, type Call } from "./support/check";
import { isValidDocument, schemaErrors } from "./support/documents";

const valid = () => openapi({ info: { title: "T", version: "1" }, paths: { "GET /a": { 204: null } } });

async function problemsOf(fresh: () => Call): Promise<string[]> {
  return (await checkCase(fresh)).problems;
}

describe("the fuzz checks report every broken invariant", () => {
  it("passes a call that keeps them all, and a SpecloomError", async () => {
    expect(await problemsOf(() => ({ inputs: {}, run: valid }))).toEqual([]);
    const failing = await checkCase(() => ({ inputs: {}, run: () => openapi({ info: { title: "T", version: "1" }, paths: { "GET a": {} } }) }));
    expect(failing).toMatchObject({ problems: [], outcome: { kind: "error", code: "INVALID_ROUTE_KEY" } });
  });

  it("lets a caller's getter error through, and nothing else that is not a SpecloomError", async () => {
    expect(await problemsOf(() => ({ inputs: {}, run: () => { throw new GetterTrap("x"); } }))).toEqual([]);
    const [problem] = await problemsOf(() => ({ inputs: {}, run: () => { throw new TypeError("boom"); } }));
    expect(problem).toMatch(/^threw something that is not a SpecloomError: TypeError: boom/);
    expect(await problemsOf(() => ({ inputs: {}, run: () => { throw new SpecloomError("INVALID_DEFINITION", "here", "x"); } }))).toEqual([]);
  });

  it("reports a changed built-in prototype, and puts it back", async () => {
    const problems = await problemsOf(() => ({ inputs: {}, run: () => Object.defineProperty(Object.prototype, "polluted", { value: 1, configurable: true }) }));
    expect(problems).toContain("global changed: Object.prototype.polluted was added");
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("reports an input changed, given a new key, or frozen", async () => {
    const changed = await problemsOf(() => {
      const input = { a: { b: 1 } };
      return { inputs: input, run: () => ((input.a.b = 2), valid()) };
    });
    expect(changed.join("\n")).toMatch(/\.b changed/);
    const added = await problemsOf(() => {
      const input: Record<string, unknown> = {};
      return { inputs: input, run: () => ((input.cache = true), valid()) };
    });
    expect(added.join("\n")).toMatch(/keys changed/);
    const frozen = await problemsOf(() => {
      const input = { a: {} };
      return { inputs: input, run: () => (Object.freeze(input.a), valid()) };
    });
    expect(frozen.join("\n")).toMatch(/was frozen/);
  });

  it("reports a document that is not frozen, invalid, or with a $ref to nowhere", async () => {
    const thawed = await problemsOf(() => ({ inputs: {}, run: () => structuredClone(valid()) }));
    expect(thawed).toContain("the document is not deeply frozen");
    const invalid = await problemsOf(() => ({ inputs: {}, run: () => Object.freeze({ openapi: "3.0.3", info: Object.freeze({ title: "T" }), paths: Object.freeze({}) }) }));
    expect(invalid.join("\n")).toMatch(/invalid for its version/);
    const dangling = { openapi: "3.1.0", info: { title: "T", version: "1" }, paths: {}, components: { schemas: { A: { $ref: "#/components/schemas/B" } } } };
    const refs = await problemsOf(() => ({ inputs: {}, run: () => deepFreezeForTest(structuredClone(dangling)) }));
    expect(refs).toContain("$ref resolves to nothing: /components/schemas/A/$ref: #/components/schemas/B");
  });

  it("reports a second call on equal inputs that gives another document", async () => {
    let calls = 0;
    const problems = await problemsOf(() => ({ inputs: {}, run: () => openapi({ info: { title: `T${calls++}`, version: "1" }, paths: {} }) }));
    expect(problems.join("\n")).toMatch(/a second call with equal inputs gave another result/);
  });

  it("does not count a merge input as valid when it has a field the validator cannot see (a components key named toString)", async () => {
    const base = { openapi: "3.0.3", info: { title: "A", version: "1" }, paths: {} };
    const source = JSON.parse('{ "openapi": "3.1.0", "info": { "title": "B", "version": "1" }, "paths": {}, "components": { "toString": 1 } }') as OpenAPIDocument;
    // The validator alone calls it valid: its word is not enough here.
    expect(await schemaErrors(source)).toEqual([]);
    expect(await isValidDocument(source)).toBe(false);
    expect(await isValidDocument(JSON.parse('{ "openapi": "3.1.0", "info": { "title": "B", "version": "1" }, "paths": {}, "components": { "schemas": { "toString": {} } } }'))).toBe(true);
    // merge() promises a valid result only for valid inputs: it may carry the key into a 3.0 result.
    const mustBeValid = (await isValidDocument(base)) && (await isValidDocument(source));
    expect(await problemsOf(() => ({ inputs: [], run: () => merge(structuredClone(base) as OpenAPIDocument, structuredClone(source)), mustBeValid }))).toEqual([]);
  });
});
