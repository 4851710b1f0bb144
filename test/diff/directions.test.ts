/**
 * Direction: "a request part breaks when it narrows, a response part when it widens"; a
 * component is judged at every use; webhooks and callbacks swap the two; readOnly and
 * writeOnly properties are absent from requests and responses respectively.
 */
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { document, operation, type Json } from "./fixtures";

const ref = { $ref: "#/components/schemas/Pet" };
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const withPet = (pet: Json, paths: Json, version = "3.0.3") => document(paths, { components: { schemas: { Pet: pet } } }, version);
const pet = (required: string[], extra: Json = {}) => ({ type: "object", required, properties: { id: { type: "integer" }, name: { type: "string", ...extra } } });
const both = { "/pets": { get: operation({ responses: { "200": { description: "OK", ...json(ref) } } }), post: operation({ requestBody: json(ref) }) } };
const summary = (changes: readonly { id: string; level: string; operation?: string }[]) => changes.map((change) => `${change.operation} ${change.id} ${change.level}`);

describe("diff: a component is judged by every use, in the direction of each", () => {
  it("a property made optional in a schema read and written: info in the request, error in the response", () => {
    const { changes, breaking } = diff(withPet(pet(["id", "name"]), both), withPet(pet(["id"]), both));
    expect(summary(changes)).toEqual(["GET /pets response-property-became-optional error", "POST /pets request-property-became-optional info"]);
    expect(changes.every((change) => change.location === "/components/schemas/Pet/properties/name")).toBe(true);
    expect(breaking).toBe(true);
  });

  it("a maxLength lowered: error in the request, info (no id) in the response", () => {
    const { changes } = diff(withPet(pet(["id"], { maxLength: 10 }), both), withPet(pet(["id"], { maxLength: 5 }), both));
    expect(summary(changes)).toEqual(["GET /pets response-property-max-length-decreased info", "POST /pets request-property-max-length-decreased error"]);
  });
});

describe("diff: webhooks and callbacks swap request and response", () => {
  const hook = (schema: Json) => document({}, { webhooks: { newPet: { post: operation({ requestBody: json(schema), responses: { "200": { description: "OK", ...json(schema) } } }) } } }, "3.1.0");

  it("a webhook's request body is data the API sends: a property made optional breaks the receiver", () => {
    const { changes } = diff(hook(pet(["id", "name"])), hook(pet(["id"])));
    // Sorted by location: the request body's change, then the response's.
    expect(summary(changes)).toEqual(["POST webhook newPet response-property-became-optional error", "POST webhook newPet request-property-became-optional info"]);
    expect(changes[0]?.location).toBe("/webhooks/newPet/post/requestBody/content/application~1json/schema/properties/name");
  });

  it("a callback's request body too", () => {
    const callback = (schema: Json) => document({ "/subscribe": { post: operation({ callbacks: { onPet: { "{$request.body#/url}": { post: operation({ requestBody: json(schema) }) } } } }) } });
    const { changes } = diff(callback(pet(["id", "name"])), callback(pet(["id"])));
    expect(summary(changes)).toEqual(["POST /subscribe callback onPet POST {$request.body#/url} response-property-became-optional error"]);
  });
});

describe("diff: readOnly and writeOnly", () => {
  const readOnlyId = { type: "object", required: ["id", "name"], properties: { id: { type: "integer", readOnly: true }, name: { type: "string" } } };
  const nameOnly = { type: "object", required: ["name"], properties: { name: { type: "string" } } };

  it("a required readOnly property added is no change to a request, and a new property of a response", () => {
    const { changes } = diff(withPet(nameOnly, both), withPet(readOnlyId, both));
    expect(summary(changes)).toEqual(["GET /pets response-required-property-added info"]);
  });

  it("a writeOnly property removed is no change to a response, and a removed property of a request", () => {
    const secret = { type: "object", properties: { name: { type: "string" }, password: { type: "string", writeOnly: true } } };
    const { changes } = diff(withPet(secret, both), withPet({ type: "object", properties: { name: { type: "string" } } }, both));
    expect(summary(changes)).toEqual(["POST /pets request-property-removed warning"]);
    expect(changes[0]?.location).toBe("/components/schemas/Pet/properties/password");
  });
});
