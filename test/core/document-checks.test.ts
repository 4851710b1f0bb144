/**
 * The problems `specloom validate` lists beside the OpenAPI schema's (a security requirement
 * naming an undeclared scheme, an operationId used twice): each one's JSON pointer writes
 * every key as RFC 6901 does, whichever map the key comes from.
 */
import { describe, expect, it } from "vitest";
import { operationIdProblems, securityProblems } from "../../src/internal/document-checks";

const ok = { "200": { description: "OK" } };

/** Keys with `/` and `~` in a path, a callback name, a webhook name and security requirements. */
const document = {
  openapi: "3.2.0",
  info: { title: "Keys", version: "1" },
  security: [{ "a/b~c": [] }],
  paths: {
    "/a~b/{id}": {
      post: {
        operationId: "send",
        security: [{ "x/y": [] }],
        responses: ok,
        callbacks: { "on/done~": { "{$request.body#/url}": { post: { operationId: "send", responses: ok } } } },
      },
      additionalOperations: { PURGE: { operationId: "send", responses: ok } },
    },
  },
  webhooks: { "new/pet": { post: { operationId: "send", responses: ok } } },
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } },
};

describe("the pointers of document problems: \"'~' needs to be encoded as '~0' and '/' needs to be encoded as '~1'\"", () => {
  it("an operationId used again, under paths, additionalOperations, webhooks and a callback", () => {
    const first = "/paths/~1a~0b~1{id}/post";
    expect(operationIdProblems(document)).toEqual([
      { pointer: "/paths/~1a~0b~1{id}/additionalOperations/PURGE/operationId", message: `operationId "send" is already used by ${first}` },
      { pointer: "/webhooks/new~1pet/post/operationId", message: `operationId "send" is already used by ${first}` },
      { pointer: `${first}/callbacks/on~1done~0/{$request.body#~1url}/post/operationId`, message: `operationId "send" is already used by ${first}` },
    ]);
  });

  it("a security requirement naming an undeclared scheme, at the root and in an operation", () => {
    expect(securityProblems(document).map((problem) => problem.pointer)).toEqual(["/security/0/a~1b~0c", "/paths/~1a~0b~1{id}/post/security/0/x~1y"]);
  });
});
