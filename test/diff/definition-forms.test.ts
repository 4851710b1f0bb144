/**
 * Contract changes made through the definition forms beyond a route's own schemas (a path's
 * own fields, registered parameters and responses, callbacks), seen by diff when it compares
 * the two documents openapi() generates.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { diff, openapi, type OpenAPIDocument, type OpenAPIVersion, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";

const VERSIONS: readonly OpenAPIVersion[] = ["3.0.3", "3.1.0", "3.2.0"];

async function generated(definition: SpecloomDefinition): Promise<OpenAPIDocument> {
  const document = openapi(definition);
  await expectValidOpenAPI(document);
  return document;
}

/** The changes diff reports, as `id level operation location`. */
async function changes(before: SpecloomDefinition, after: SpecloomDefinition): Promise<string[]> {
  const result = diff(await generated(before), await generated(after));
  return result.changes.map((change) => `${change.id} ${change.level} ${change.operation ?? "-"} ${change.location}`);
}

describe.each(VERSIONS)("diff sees contract changes made through the definition forms, OpenAPI %s", (version) => {
  const info = { title: "Pets", version: "1" };

  it("a required query parameter added to a path's own fields is new at each of its operations (breaking)", async () => {
    const api = (query?: z.ZodObject) => ({
      openapi: version,
      info,
      paths: { "/pets": { summary: "Pets", ...(query ? { query } : {}) }, "GET /pets": { 200: null }, "POST /pets": { 201: null } },
    });
    expect(await changes(api(), api(z.object({ tenant: z.string() })))).toEqual([
      "new-required-request-parameter error GET /pets /paths/~1pets/parameters/0",
      "new-required-request-parameter error POST /pets /paths/~1pets/parameters/0",
    ]);
    expect(await changes(api(), api(z.object({ tenant: z.string().optional() })))).toEqual([
      "new-optional-request-parameter info GET /pets /paths/~1pets/parameters/0",
      "new-optional-request-parameter info POST /pets /paths/~1pets/parameters/0",
    ]);
  });

  it("a registered parameter's schema narrowed is reported at each operation that uses it by name, at the component", async () => {
    const api = (max: number) => ({
      openapi: version,
      info,
      parameters: { Limit: { name: "limit", in: "query" as const, schema: z.number().int().max(max) } },
      paths: { "/owners": { parameters: ["Limit"] }, "GET /pets": { parameters: ["Limit"], 200: null }, "GET /owners": { 200: null } },
    });
    const at = "/components/parameters/Limit/schema";
    expect(await changes(api(100), api(50))).toEqual([`request-parameter-max-decreased error GET /owners ${at}`, `request-parameter-max-decreased error GET /pets ${at}`]);
    expect(await changes(api(50), api(100))).toEqual([`request-parameter-max-increased info GET /owners ${at}`, `request-parameter-max-increased info GET /pets ${at}`]);
  });

  it("a registered response's schema widened is breaking where a status uses it, at the component", async () => {
    const api = (pet: z.ZodObject) => ({
      openapi: version,
      info,
      responses: { PetList: { description: "The pets", schema: z.array(pet) } },
      paths: { "GET /pets": { 200: "PetList" }, "GET /shelters/{id}/pets": { params: z.object({ id: z.string() }), 200: "PetList" } },
    });
    const at = "/components/responses/PetList/content/application~1json/schema/items/properties/name";
    const narrow = z.object({ id: z.number().int(), name: z.string() });
    const wide = z.object({ id: z.number().int(), name: z.string().optional() });
    expect(await changes(api(narrow), api(wide))).toEqual([
      `response-property-became-optional error GET /pets ${at}`,
      `response-property-became-optional error GET /shelters/{id}/pets ${at}`,
    ]);
  });

  it("a callback's request body is data the API sends: a property made optional breaks its receiver, one made required does not", async () => {
    const api = (event: z.ZodObject) => ({
      openapi: version,
      info,
      paths: {
        "POST /subscriptions": {
          body: z.object({ callbackUrl: z.string() }),
          201: null,
          callbacks: { onEvent: { "POST {$request.body#/callbackUrl}": { body: event, 204: null } } },
        },
      },
    });
    const operation = "POST /subscriptions callback onEvent POST {$request.body#/callbackUrl}";
    const at = "/paths/~1subscriptions/post/callbacks/onEvent/{$request.body#~1callbackUrl}/post/requestBody/content/application~1json/schema/properties/type";
    const required = z.object({ type: z.string() });
    const optional = z.object({ type: z.string().optional() });
    expect(await changes(api(required), api(optional))).toEqual([`response-property-became-optional error ${operation} ${at}`]);
    expect(await changes(api(optional), api(required))).toEqual([`response-property-became-required info ${operation} ${at}`]);
  });

  it("a callback's parameter is data the API sends: its bound raised breaks the receiver, its presence is not compared", async () => {
    const api = (query: z.ZodObject) => ({
      openapi: version,
      info,
      paths: {
        "POST /subscriptions": {
          body: z.object({ callbackUrl: z.string() }),
          201: null,
          callbacks: { onEvent: { "POST {$request.body#/callbackUrl}": { query, 204: null } } },
        },
      },
    });
    const operation = "POST /subscriptions callback onEvent POST {$request.body#/callbackUrl}";
    const at = "/paths/~1subscriptions/post/callbacks/onEvent/{$request.body#~1callbackUrl}/post/parameters/0/schema";
    const attempt = (max: number) => z.object({ attempt: z.number().int().max(max) });
    expect(await changes(api(attempt(5)), api(attempt(10)))).toEqual([`response-parameter-max-increased error ${operation} ${at}`]);
    expect(await changes(api(attempt(5)), api(z.object({ attempt: z.number().int().max(5), retry: z.boolean() })))).toEqual([]);
  });
});
