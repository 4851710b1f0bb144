/**
 * Security as an OR of ANDs ("a list of alternatives; each is a set of schemes that must all
 * be satisfied; {} makes security optional"), deprecation against a given day, and 3.2's
 * QUERY, additionalOperations, itemSchema and in: querystring.
 */
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { document, operation, type Json } from "./fixtures";

const schemes = { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" }, basic: { type: "http", scheme: "basic" } } };
const api = (global: unknown[] | undefined, own: unknown[] | undefined) =>
  document({ "/pets": { get: operation(own === undefined ? {} : { security: own }) } }, { components: schemes, ...(global === undefined ? {} : { security: global }) });
const ids = (changes: readonly { id: string; level: string }[]) => changes.map((change) => `${change.id} ${change.level}`);

describe("diff: security, as the specification defines it", () => {
  it("the document's security moved onto the operation is no change", () => {
    expect(diff(api([{ key: [] }], undefined), api(undefined, [{ key: [] }])).changes).toEqual([]);
  });

  it("alternatives and schemes in another order are no change", () => {
    expect(diff(api(undefined, [{ key: [], basic: [] }, {}]), api(undefined, [{}, { basic: [], key: [] }])).changes).toEqual([]);
  });

  it("security added to an anonymous operation is an error: anonymous access was removed", () => {
    const { changes, breaking } = diff(api(undefined, undefined), api(undefined, [{ key: [] }]));
    // Sorted by location: the operation (where anonymous access was), then its new security.
    expect(ids(changes)).toEqual(["api-security-removed error", "api-security-added info"]);
    expect(changes.find((change) => change.id === "api-security-removed")?.message).toContain("anonymous");
    expect(breaking).toBe(true);
  });

  it("security: [] on the operation overrides the document's: anonymous again", () => {
    expect(ids(diff(api([{ key: [] }], undefined), api([{ key: [] }], [])).changes)).toEqual(["api-security-added info", "api-security-removed error"]);
  });

  it("a scheme added to an alternative (AND) is that alternative removed and another added", () => {
    expect(ids(diff(api(undefined, [{ key: [] }]), api(undefined, [{ key: [], basic: [] }])).changes)).toEqual(["api-security-added info", "api-security-removed error"]);
  });
});

describe("diff: deprecation and x-sunset, against the day given", () => {
  const pets = (fields: Json) => document({ "/pets": { get: operation(), post: operation(fields) } });
  const gone = document({ "/pets": { get: operation() } });
  const sunset = pets({ deprecated: true, "x-sunset": "2026-03-01" });

  it("removing a deprecated operation before its sunset is an error, after it information", () => {
    expect(ids(diff(sunset, gone, { today: "2026-02-01" }).changes)).toEqual(["api-removed-before-sunset error"]);
    expect(ids(diff(sunset, gone, { today: new Date("2026-04-01T12:00:00Z") }).changes)).toEqual(["api-removed-with-deprecation info"]);
  });

  it("a day that is no date is a SpecloomError naming the option", () => {
    expect(() => diff(sunset, gone, { today: "soon" })).toThrow(/diff\(options\.today\): expected a date/);
  });
});

describe("diff: OpenAPI 3.2", () => {
  const v32 = (item: Json) => document({ "/search": item }, {}, "3.2.0");
  const stream = (itemSchema: Json) => operation({ requestBody: { content: { "application/jsonl": { itemSchema } } } });

  it("a QUERY operation and an additional operation are operations", async () => {
    const before = v32({ get: operation() });
    const after = v32({ get: operation(), query: operation(), additionalOperations: { PURGE: operation() } });
    await expectValidOpenAPI(after);
    expect(diff(before, after).changes.map((change) => `${change.operation} ${change.id}`)).toEqual(["PURGE /search endpoint-added", "QUERY /search endpoint-added"]);
    expect(diff(after, before).changes.map((change) => `${change.operation} ${change.id} ${change.location}`)).toEqual([
      "PURGE /search api-removed-without-deprecation /paths/~1search/additionalOperations/PURGE",
      "QUERY /search api-removed-without-deprecation /paths/~1search/query",
    ]);
  });

  it("itemSchema, the schema of each item of a stream, is compared as a schema", async () => {
    const before = v32({ post: stream({ type: "object", properties: { n: { type: "integer" } } }) });
    const after = v32({ post: stream({ type: "object", properties: { n: { type: "integer", maximum: 9 } } }) });
    await expectValidOpenAPI(after);
    expect(ids(diff(before, after).changes)).toEqual(["request-property-max-set warning"]);
  });

  it("the querystring parameter's schema is compared as a parameter's", async () => {
    const querystring = (schema: Json) => v32({ get: operation({ parameters: [{ in: "querystring", name: "q", content: { "application/x-www-form-urlencoded": { schema } } }] }) });
    const before = querystring({ type: "object", properties: { term: { type: "string" } } });
    const after = querystring({ type: "object", required: ["term"], properties: { term: { type: "string" } } });
    await expectValidOpenAPI(after);
    expect(ids(diff(before, after).changes)).toEqual(["request-property-became-required error"]);
  });
});
