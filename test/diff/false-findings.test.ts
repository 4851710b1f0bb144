/**
 * Nothing false: the shapes real documents change in that are no change, or one change,
 * and used to be reported as many. A schema wrapped into a choice keeps its properties; the
 * type of a choice is the union of its branches' types; 3.0's `nullable` beside `allOf` and
 * its 3.1 forms are one; a deepObject parameter is exploded whatever `explode` says.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diff, type DiffChange } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { excerpt } from "./excerpt";
import { document, operation, type Json } from "./fixtures";

/** `POST /pets` taking and returning `schema`, with `schemas` as components. */
const both = (schema: unknown, schemas: Json = {}, version = "3.1.0") =>
  document(
    { "/pets": { post: operation({ requestBody: { content: { "application/json": { schema } } }, responses: { "200": { description: "OK", content: { "application/json": { schema } } } } }) } },
    { components: { schemas } },
    version,
  );
const property = (schema: unknown, schemas: Json = {}, version = "3.1.0") => both({ type: "object", properties: { p: schema } }, schemas, version);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: "string" };
const cat = { type: "object", required: ["name"], properties: { name: str, purrs: { type: "boolean" } } };
const dog = { type: "object", properties: { barks: { type: "boolean" } } };
const SCHEMAS = { Cat: cat, Dog: dog };

/** `id (level)` of each change, in the result's order. */
const found = (changes: readonly DiffChange[]) => changes.map((change) => `${change.id} (${change.level})`);

async function compare(before: Json, after: Json): Promise<readonly DiffChange[]> {
  await expectValidOpenAPI(before);
  await expectValidOpenAPI(after);
  return diff(before, after).changes;
}

describe("diff: a schema that becomes one branch of a choice is a wrapping, not a schema whose properties went", () => {
  it("$ref Cat -> anyOf [Cat, Dog]: a branch added (nothing else), in the request and in the response", async () => {
    const changes = await compare(both(ref("Cat"), SCHEMAS), both({ anyOf: [ref("Cat"), ref("Dog")] }, SCHEMAS));
    expect(found(changes)).toEqual(["request-body-any-of-added (info)", "response-body-any-of-added (error)"]);
    expect(changes[0]?.message).toMatch(/Dog/);
    expect(changes[0]?.location).toBe("/paths/~1pets/post/requestBody/content/application~1json/schema");
  });

  it("an inline schema -> anyOf of itself and another: the same", async () => {
    const changes = await compare(both(cat), both({ anyOf: [cat, dog] }));
    expect(found(changes)).toEqual(["request-body-any-of-added (info)", "response-body-any-of-added (error)"]);
  });

  it("a property's $ref -> oneOf [Cat, Dog]: one wrapped-in-one-of for each direction", async () => {
    const changes = await compare(property(ref("Cat"), SCHEMAS), property({ oneOf: [ref("Cat"), ref("Dog")] }, SCHEMAS));
    expect(found(changes)).toEqual(["request-property-wrapped-in-one-of (error)", "response-property-wrapped-in-one-of (error)"]);
  });

  it("a change inside the wrapped schema is still found, inside its branch", async () => {
    const changes = await compare(both(cat), both({ oneOf: [{ ...cat, required: ["name", "purrs"] }, dog] }));
    expect(changes.map((change) => `${change.id} ${change.location.replace(/^.*\/schema/, "")}`)).toEqual([
      "request-body-wrapped-in-one-of ",
      "request-property-became-required /oneOf/0/properties/purrs",
      "response-body-wrapped-in-one-of ",
      "response-property-became-required /oneOf/0/properties/purrs",
    ]);
  });

  it("oneOf [Cat, Dog] -> $ref Cat: the other branch removed, nothing else", async () => {
    const changes = await compare(both({ oneOf: [ref("Cat"), ref("Dog")] }, SCHEMAS), both(ref("Cat"), SCHEMAS));
    expect(found(changes)).toEqual(["request-body-one-of-removed (error)", "response-body-one-of-removed (info)"]);
  });

  it("any schema, not only a $ref: a string -> oneOf [string, integer] takes no string away (no overlap): a branch added", async () => {
    const [short, count] = [{ type: "string", maxLength: 5 }, { type: "integer", minimum: 0 }];
    const changes = await compare(both(short), both({ oneOf: [short, count] }));
    expect(found(changes)).toEqual(["request-body-one-of-added (info)", "response-body-one-of-added (error)"]);
  });

  it("$ref Cat -> oneOf [Cat] or anyOf [Cat]: a choice of one is the schema, no change", async () => {
    expect(await compare(both(ref("Cat"), SCHEMAS), both({ oneOf: [ref("Cat")] }, SCHEMAS))).toEqual([]);
    expect(await compare(both({ anyOf: [ref("Cat")] }, SCHEMAS), both(ref("Cat"), SCHEMAS))).toEqual([]);
  });

  it("the wrapper's own keywords count: nullable beside the anyOf is no change when the schema was nullable", async () => {
    const before = { type: "string", maxLength: 5000, nullable: true };
    const after = { nullable: true, anyOf: [{ type: "string", maxLength: 5000 }, ref("Cat")] };
    expect(found(await compare(property(before, SCHEMAS, "3.0.3"), property(after, SCHEMAS, "3.0.3")))).toEqual([
      "request-property-any-of-added (info)",
      "response-property-any-of-added (error)",
    ]);
  });

  it("3.1: a null branch beside the wrapping is the schema made nullable, reported as such", async () => {
    const changes = await compare(both(ref("Cat"), SCHEMAS), both({ anyOf: [ref("Cat"), ref("Dog"), { type: "null" }] }, SCHEMAS));
    expect(found(changes)).toEqual(["request-body-any-of-added (info)", "request-body-became-nullable (info)", "response-body-any-of-added (error)", "response-body-became-nullable (error)"]);
  });

  it("an inline object split into a oneOf of objects: matched by the properties they share", async () => {
    const before = { type: "object", properties: { name: str, purrs: { type: "boolean" } } };
    const after = { oneOf: [{ type: "object", properties: { name: str, purrs: { type: "boolean" }, kind: str } }, { type: "object", properties: { barks: { type: "boolean" } } }] };
    expect(found(await compare(both(before), both(after)))).toEqual([
      "request-body-wrapped-in-one-of (error)",
      "new-optional-request-property (info)",
      "response-body-wrapped-in-one-of (error)",
      "response-optional-property-added (info)",
    ]);
  });
});

describe("diff: the type of an anyOf or a oneOf is the union of its branches' types", () => {
  const emptyable = { anyOf: [str, { type: "string", enum: [""] }] };

  it("string <-> anyOf [string, enum ['']]: no change, in either direction (the empty string was a string)", async () => {
    expect(await compare(property(str), property(emptyable))).toEqual([]);
    expect(await compare(property(emptyable), property(str))).toEqual([]);
  });

  it("type [integer, string] <-> anyOf [integer, string]: no change, in either direction", async () => {
    const list = { type: ["integer", "string"], maxLength: 3 };
    const choice = { anyOf: [{ type: "integer" }, { type: "string" }], maxLength: 3 };
    expect(await compare(property(list), property(choice))).toEqual([]);
    expect(await compare(property(choice), property(list))).toEqual([]);
  });

  it("anyOf [string, enum ['']] -> integer is one type change from string", async () => {
    const changes = await compare(property(emptyable), property({ type: "integer" }));
    expect(changes.filter((change) => change.id.endsWith("type-changed")).map((change) => change.message)).toEqual([
      expect.stringMatching(/from string to integer$/),
      expect.stringMatching(/from string to integer$/),
    ]);
  });

  it("both sides choices: a branch added is reported as the branch, not also as a type generalized", async () => {
    const [short, count] = [{ type: "string", maxLength: 5 }, { type: "integer", minimum: 0 }];
    const changes = await compare(property({ anyOf: [short, count] }), property({ anyOf: [short, count, { type: "boolean", enum: [true] }] }));
    expect(found(changes)).toEqual(["request-property-any-of-added (info)", "response-property-any-of-added (error)"]);
  });

  it("a choice of types alone is a list of types: one more is the type generalized", async () => {
    const changes = await compare(property({ anyOf: [str, { type: "integer" }] }), property({ anyOf: [str, { type: "integer" }, { type: "boolean" }] }));
    expect(found(changes)).toEqual(["request-property-type-generalized (info)", "response-property-type-generalized (error)"]);
  });

  it("a choice nested 20,000 levels deep has a type, found without recursion", () => {
    let nested: unknown = str;
    for (let i = 0; i < 20_000; i++) nested = { anyOf: [nested, { type: "string", enum: [""] }] };
    const changes = diff(property({ type: "integer" }), property(nested)).changes;
    expect(changes.filter((change) => change.id === "request-property-type-changed").map((change) => change.message)).toEqual([expect.stringMatching(/from integer to string$/)]);
  });
});

describe("diff: an enum makes a bound it satisfies no restriction", () => {
  it("a bounded string that became an enum of short values: the enum, not the bound removed", async () => {
    const changes = await compare(property({ type: "string", maxLength: 5000 }), property({ type: "string", enum: ["failed", "pending"] }));
    expect(found(changes)).toEqual(["request-property-became-enum (error)", "response-property-became-enum (info)"]);
  });

  it("a bound that does refuse an enum value is still reported", async () => {
    const changes = await compare(property({ type: "string", enum: ["a", "abcdef"] }), property({ type: "string", enum: ["a", "abcdef"], maxLength: 3 }));
    expect(found(changes)).toEqual(["request-property-max-length-set (warning)", "response-property-max-length-set (info)"]);
  });
});

describe("diff: 3.0's nullable beside allOf and its 3.1 forms are no change, in either direction", () => {
  const forms31: readonly [string, unknown][] = [
    ["anyOf with a null branch", { anyOf: [ref("Cat"), { type: "null" }] }],
    ["oneOf with a null branch", { oneOf: [ref("Cat"), { type: "null" }] }],
    ["anyOf of the allOf and null", { anyOf: [{ allOf: [ref("Cat")] }, { type: "null" }] }],
    ["type [object, null] beside allOf", { type: ["object", "null"], allOf: [ref("Cat")] }],
  ];
  const forms30: readonly [string, unknown][] = [
    ["nullable beside allOf", { nullable: true, allOf: [ref("Cat")] }],
    ["type and nullable beside allOf", { type: "object", nullable: true, allOf: [ref("Cat")] }],
    ["anyOf with a branch that is exactly null", { anyOf: [ref("Cat"), { type: "string", nullable: true, enum: [null] }] }],
  ];
  for (const [name30, form30] of forms30) {
    for (const [name31, form31] of forms31) {
      it(`3.0 ${name30} <-> 3.1 ${name31}`, async () => {
        const [old, now] = [property(form30, SCHEMAS, "3.0.3"), property(form31, SCHEMAS, "3.1.0")];
        expect(await compare(old, now)).toEqual([]);
        expect(await compare(now, old)).toEqual([]);
      });
    }
  }

  it("and dropping the null is still found", async () => {
    const changes = await compare(property({ nullable: true, allOf: [ref("Cat")] }, SCHEMAS, "3.0.3"), property(ref("Cat"), SCHEMAS));
    expect(found(changes)).toEqual(["request-property-became-not-nullable (error)", "response-property-became-not-nullable (info)"]);
  });
});

describe("diff: deepObject parameters are compared as they are serialised", () => {
  const filter = (fields: Json) => document({ "/pets": { get: operation({ parameters: [{ name: "filter", in: "query", schema: { type: "object", properties: { kind: str } }, ...fields }] }) } });

  it("style: deepObject with or without explode: true (the only serialisation it has) is no change", async () => {
    expect(await compare(filter({ style: "deepObject" }), filter({ style: "deepObject", explode: true }))).toEqual([]);
    expect(await compare(filter({ style: "deepObject", explode: true }), filter({ style: "deepObject" }))).toEqual([]);
  });

  it("a scalar parameter's explode changes nothing on the wire", async () => {
    const limit = (fields: Json) => document({ "/pets": { get: operation({ parameters: [{ name: "limit", in: "query", schema: { type: "integer" }, ...fields }] }) } });
    expect(await compare(limit({}), limit({ explode: false }))).toEqual([]);
  });

  it("an object parameter moved from form to deepObject is still a style change", async () => {
    expect(found(await compare(filter({}), filter({ style: "deepObject", explode: true })))).toEqual(["request-parameter-style-changed (error)"]);
  });
});

describe("diff: Stripe's API description, six months apart (excerpts)", () => {
  const corpus = join(import.meta.dirname, "..", "corpora", "stripe");
  /** Five operations, and the places of the schemas they reach where the two dates differ in the ways above. */
  const PLACES = [
    "/paths/~1v1~1payment_methods/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/billing_details/properties/email",
    "/paths/~1v1~1payment_methods/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/p24/properties/bank",
    "/paths/~1v1~1payment_methods/post/responses/200/description",
    "/paths/~1v1~1subscription_items~1{subscription_item}~1usage_records/post/parameters",
    "/paths/~1v1~1subscription_items~1{subscription_item}~1usage_records/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/timestamp",
    "/paths/~1v1~1subscription_items~1{subscription_item}~1usage_records/post/responses/200/description",
    "/paths/~1v1~1charges~1{charge}/get/parameters",
    "/paths/~1v1~1charges~1{charge}/get/responses/200",
    "/components/schemas/charge/properties/status",
    "/paths/~1v1~1payment_intents~1{intent}/get/parameters",
    "/paths/~1v1~1payment_intents~1{intent}/get/responses/200",
    "/components/schemas/payment_intent/properties/payment_method_options",
    "/components/schemas/payment_intent_payment_method_options/properties/boleto",
    "/components/schemas/payment_method_options_boleto",
  ];
  const read = (date: string, more: readonly string[] = []) => excerpt(JSON.parse(readFileSync(join(corpus, `spec3.${date}.json`), "utf8")) as Json, [...PLACES, ...more]);
  // The client's options, a schema of the later date only.
  const [before, after] = [read("2021-07-27"), read("2022-01-19", ["/components/schemas/payment_intent_type_specific_payment_method_options_client"])];

  it("the real changes, and only them", async () => {
    const changes = await compare(before, after);
    expect(changes.map((change) => `${change.level} ${change.id} ${change.operation} ${change.location.split("/").slice(-2).join("/")}`)).toEqual([
      // `status` was a string of up to 5,000 characters; it is one of three values.
      "info response-property-became-enum GET /v1/charges/{charge} properties/status",
      // The options of a boleto payment may now be the client's type-specific options instead.
      "error response-property-any-of-added GET /v1/payment_intents/{intent} properties/boleto",
      // `timestamp` also takes "now".
      "info request-property-any-of-added POST /v1/subscription_items/{subscription_item}/usage_records properties/timestamp",
    ]);
  });

  it("and the other way round", async () => {
    const changes = await compare(after, before);
    expect(changes.map((change) => `${change.level} ${change.id}`)).toEqual([
      // The client's options schema is used nowhere else.
      "info api-schema-removed",
      "error response-property-enum-removed",
      "info response-property-any-of-removed",
      "error request-property-any-of-removed",
    ]);
  });
});
