/**
 * merge() reports every conflict of all documents in one SpecloomError, in the order of
 * SPEC.md 4.2's table (paths, webhooks, components.schemas, components.securitySchemes),
 * with a `conflicts` array; the Twilio and OAI corpora check the same on real documents.
 */
import { describe, expect, it } from "vitest";
import { createMerge, merge, type MergeConflict } from "specloom";
import { doc, errorOf, op } from "./fixtures";

const locations = (conflicts: readonly MergeConflict[] | undefined) => (conflicts ?? []).map((conflict) => conflict.location);

describe("merge conflicts", () => {
  it("one conflict: the error is the conflict itself, with a conflicts array of one", () => {
    const error = errorOf(() => merge(doc("A", { paths: { "/x": { get: op() } } }), doc("B", { paths: { "/x": { get: op() } } })));
    const message = 'paths["/x"].get: GET /x is defined by both base ("A") and sources[0] ("B"); createMerge({ pathPrefix }) can give each document paths of its own';
    expect(error.message).toBe(message);
    expect(error.conflicts).toEqual([{ code: "DUPLICATE_PATH", location: 'paths["/x"].get', message }]);
  });

  it('"same method and name raises DUPLICATE_PATH" for webhooks, ranked after paths and before "components.schemas"', () => {
    const a = doc("A", { paths: { "/p": { get: op() } }, webhooks: { hook: { post: op() } }, components: { schemas: { S: { type: "string" } } } }, "3.1.0");
    const b = doc("B", { components: { schemas: { S: { type: "integer" } } }, webhooks: { hook: { post: op() } }, paths: { "/p": { get: op() } } }, "3.1.0");
    const error = errorOf(() => merge(a, b));
    expect(locations(error.conflicts)).toEqual(['paths["/p"].get', "webhooks.hook.post", "components.schemas.S"]);
    expect(error.code).toBe("DUPLICATE_PATH");
  });

  it('"components.securitySchemes: same name raises DUPLICATE_SCHEMA" after schemas, whatever the documents\' order', () => {
    const scheme = { securitySchemes: { key: { type: "apiKey", name: "k", in: "header" } } };
    const a = doc("A", { components: { ...scheme, schemas: { S: { type: "string" } } } });
    const b = doc("B", { components: { ...scheme } });
    const c = doc("C", { components: { schemas: { S: { type: "string" } } } });
    expect(locations(errorOf(() => merge(a, b, c)).conflicts)).toEqual(["components.schemas.S", "components.securitySchemes.key"]);
  });

  it("goes on past a conflict: the later document's other methods join, and are checked against the next documents", () => {
    const a = doc("A", { paths: { "/x": { get: op("a") } } });
    const b = doc("B", { paths: { "/x": { get: op("b1"), post: op("b2") } } });
    const c = doc("C", { paths: { "/x": { post: op("c") } } });
    const error = errorOf(() => merge(a, b, c));
    expect(error.conflicts?.map((conflict) => conflict.message)).toEqual([
      'paths["/x"].get: GET /x is defined by both base ("A") and sources[0] ("B"); createMerge({ pathPrefix }) can give each document paths of its own',
      'paths["/x"].post: POST /x is defined by both sources[0] ("B") and sources[1] ("C"); createMerge({ pathPrefix }) can give each document paths of its own',
    ]);
  });

  it("lists every clashing component of a document, and every repeated operationId, not only the first", () => {
    const schemas = (type: string) => ({ components: { schemas: { P: { type }, Q: { type }, R: { type: "string" } } } });
    const a = doc("A", { ...schemas("string"), paths: { "/a": { get: op("one"), post: op("two") } } });
    const b = doc("B", { ...schemas("integer"), paths: { "/b": { get: op("one"), post: op("two") } } });
    const error = errorOf(() => createMerge({ components: "share-identical" })(a, b));
    expect(locations(error.conflicts)).toEqual(['paths["/b"].get.operationId', 'paths["/b"].post.operationId', "components.schemas.P", "components.schemas.Q"]);
  });

  it("leaves the inputs as they were, and the conflicts frozen", () => {
    const a = doc("A", { paths: { "/x": { get: op() } } });
    const b = doc("B", { paths: { "/x": { get: op(), put: op() } } });
    const copy = structuredClone([a, b]);
    const error = errorOf(() => merge(a, b));
    expect([a, b]).toEqual(copy);
    expect(Object.isFrozen(error.conflicts)).toBe(true);
    expect(Object.isFrozen(error.conflicts?.[0])).toBe(true);
  });
  it("names the document that first gave each clashing name, however many documents came between", () => {
    // Each name's first document, asked for at the clash: A gave S0 and /p0, D gave S3 and /p3.
    const source = (title: string, k: number) => doc(title, { paths: { [`/p${k}`]: { get: op(`op${k}`) } }, components: { schemas: { [`S${k}`]: { type: "string" } } } });
    const docs = ["A", "B", "C", "D", "E"].map((title, k) => source(title, k));
    const late = doc("F", { paths: { "/p3": { get: op() }, "/p0": { get: op() } }, components: { schemas: { S3: { type: "integer" }, S0: { type: "integer" } } } });
    const later = doc("G", { paths: { "/p4": { get: op("op1") } }, components: { schemas: { S4: { type: "integer" } } } });
    const error = errorOf(() => merge(docs[0] as never, ...docs.slice(1), late, later));
    expect(error.message.split("\n")).toEqual([
      'paths["/p3"].get: GET /p3 is defined by both sources[2] ("D") and sources[4] ("F"); createMerge({ pathPrefix }) can give each document paths of its own',
      'paths["/p0"].get: GET /p0 is defined by both base ("A") and sources[4] ("F"); createMerge({ pathPrefix }) can give each document paths of its own',
      'paths["/p4"].get: GET /p4 is defined by both sources[3] ("E") and sources[5] ("G"); createMerge({ pathPrefix }) can give each document paths of its own',
      'paths["/p4"].get.operationId: sources[5] ("G") gives this operation the operationId "op1", which paths["/p1"].get of sources[0] ("B") already has; operationIds must be unique (createMerge({ operationIds: "rename" }) renames the later one)',
      'components.schemas.S3: schema "S3" is defined by both sources[2] ("D") and sources[4] ("F") (with different content; createMerge({ components: "rename" }) keeps both)',
      'components.schemas.S0: schema "S0" is defined by both base ("A") and sources[4] ("F") (with different content; createMerge({ components: "rename" }) keeps both)',
      'components.schemas.S4: schema "S4" is defined by both sources[3] ("E") and sources[5] ("G") (with different content; createMerge({ components: "rename" }) keeps both)',
    ]);
  });
});
