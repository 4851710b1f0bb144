/**
 * Composition: allOf flattened before comparing; oneOf/anyOf branches matched by $ref name,
 * then title, then structure; a schema wrapped into a oneOf reported once.
 */
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { document, operation, type Json } from "./fixtures";

const response = (schema: unknown, schemas: Json = {}) =>
  document({ "/pets": { get: operation({ responses: { "200": { description: "OK", content: { "application/json": { schema } } } } }) } }, { components: { schemas } });
const request = (schema: unknown, schemas: Json = {}) => document({ "/pets": { post: operation({ requestBody: { content: { "application/json": { schema } } } }) } }, { components: { schemas } });
const ids = (changes: readonly { id: string }[]) => changes.map((change) => change.id);
const obj = (properties: Json, required?: string[]) => ({ type: "object", properties, ...(required ? { required } : {}) });
const str = { type: "string" };

describe("diff: allOf is flattened", () => {
  it("the same object split into allOf parts differently is no change", () => {
    const before = request({ allOf: [obj({ a: str }, ["a"]), obj({ b: str })] });
    const after = request(obj({ a: str, b: str }, ["a"]));
    expect(diff(before, after).changes).toEqual([]);
  });

  it("a part through $ref made required is found at the component", () => {
    const schemas = (required?: string[]) => ({ Base: obj({ id: { type: "integer" } }, required) });
    const schema = { allOf: [{ $ref: "#/components/schemas/Base" }, obj({ name: str })] };
    const { changes } = diff(request(schema, schemas()), request(schema, schemas(["id"])));
    expect(changes).toEqual([expect.objectContaining({ id: "request-property-became-required", location: "/components/schemas/Base/properties/id" })]);
  });
});

describe("diff: oneOf and anyOf branches", () => {
  const schemas = { Cat: obj({ purrs: { type: "boolean" } }), Dog: obj({ barks: { type: "boolean" } }), Fish: obj({ fins: { type: "integer" } }) };
  const refs = (...names: string[]) => names.map((name) => ({ $ref: `#/components/schemas/${name}` }));

  it("reordered branches matched by $ref name: no change", () => {
    expect(diff(response({ oneOf: refs("Cat", "Dog") }, schemas), response({ oneOf: refs("Dog", "Cat") }, schemas)).changes).toEqual([]);
  });

  it("a branch added to a response: response-body-one-of-added (error), the others compared", () => {
    const { changes } = diff(response({ oneOf: refs("Cat", "Dog") }, schemas), response({ oneOf: refs("Dog", "Cat", "Fish") }, schemas));
    expect(changes).toEqual([expect.objectContaining({ id: "response-body-one-of-added", level: "error", message: expect.stringContaining("Fish") })]);
  });

  it("inline branches matched by title, then a change inside the matched branch is reported there", () => {
    const branch = (title: string, extra: Json = {}) => ({ title, ...obj({ [title]: { type: "string", ...extra } }) });
    const { changes } = diff(request({ anyOf: [branch("a"), branch("b")] }), request({ anyOf: [branch("b"), branch("a", { maxLength: 3 })] }));
    expect(changes).toEqual([expect.objectContaining({ id: "request-property-max-length-set", location: "/paths/~1pets/post/requestBody/content/application~1json/schema/anyOf/1/properties/a" })]);
  });

  it("a schema wrapped into a oneOf is reported once, not as each keyword that moved", () => {
    const { changes } = diff(response({ $ref: "#/components/schemas/Cat" }, schemas), response({ oneOf: refs("Cat", "Dog") }, schemas));
    expect(ids(changes)).toEqual(["response-body-wrapped-in-one-of"]);
  });

  it("a recursive schema is compared once per place and ends; a change deep inside is found", () => {
    const tree = (leaf: Json) => ({ Node: obj({ value: leaf, children: { type: "array", items: { $ref: "#/components/schemas/Node" } }, next: { oneOf: [{ $ref: "#/components/schemas/Node" }, str] } }) });
    const schema = { $ref: "#/components/schemas/Node" };
    const { changes } = diff(response(schema, tree(str)), response(schema, tree({ type: "integer" })));
    expect(changes).toEqual([expect.objectContaining({ id: "response-property-type-changed", location: "/components/schemas/Node/properties/value" })]);
  });
});
