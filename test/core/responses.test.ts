import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type ResponseObject, type RouteShorthand } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError, libraries, versions } from "../fixtures/libraries";

const info = { title: "Responses", version: "1" };
const responsesOf = (route: RouteShorthand, version: (typeof versions)[number] = "3.1.0", schemas = {}) => {
  const document = openapi({ openapi: version, info, schemas, paths: { "GET /things": route } });
  return { document, responses: document.paths["/things"]?.get?.responses as Record<string, ResponseObject> };
};

describe.each(libraries)("responses from $name", (lib) => {
  it.each(versions)("takes every kind of status value (%s)", async (version) => {
    const { document, responses } = responsesOf(
      {
        200: lib.pet,
        201: "Pet",
        202: { description: "Queued", content: { "text/plain": { schema: { type: "string" } } } },
        203: { schema: lib.text, contentType: "text/plain", description: "Plain", headers: { "X-Rate": { schema: lib.text, description: "Rate" } }, example: "hi" },
        204: null,
      },
      version,
      { Pet: lib.pet },
    );
    expect(responses["200"]).toEqual({ description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } });
    expect(responses["201"]).toEqual({ description: "Created", content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } });
    expect(responses["202"]).toEqual({ description: "Queued", content: { "text/plain": { schema: { type: "string" } } } });
    expect(responses["203"]).toEqual({
      description: "Plain",
      headers: { "X-Rate": { description: "Rate", schema: { type: "string" } } },
      content: { "text/plain": { schema: { type: "string" }, example: "hi" } },
    });
    expect(responses["204"]).toEqual({ description: "No Content" });
    await expectValidOpenAPI(document);
  });
});

describe("response keys and descriptions", () => {
  it("accepts default and 1XX-5XX (any case) and gives each the standard reason phrase", async () => {
    const { document, responses } = responsesOf({ 200: null, 299: null, "4xx": null, "5XX": null, default: null, 101: null } as RouteShorthand);
    expect(Object.fromEntries(Object.entries(responses).map(([k, v]) => [k, v.description]))).toEqual({
      101: "Switching Protocols",
      200: "OK",
      299: "Response 299",
      "4XX": "Client Error",
      "5XX": "Server Error",
      default: "Default response",
    });
    await expectValidOpenAPI(document);
  });

  it("gives a ResponseObject or shorthand without a description the reason phrase", async () => {
    const { responses, document } = responsesOf({ 404: { content: { "application/json": { schema: { type: "object" } } } }, 409: { schema: z.string() } } as never);
    expect(responses["404"]?.description).toBe("Not Found");
    expect(responses["409"]?.description).toBe("Conflict");
    await expectValidOpenAPI(document);
  });

  it("gives a 3.0.3 operation without responses a default response, and a 3.1.0 one none", async () => {
    const old = responsesOf({}, "3.0.3");
    expect(old.responses).toEqual({ default: { description: "Default response" } });
    await expectValidOpenAPI(old.document);
    const current = responsesOf({}, "3.1.0");
    expect(current.responses).toBeUndefined();
    await expectValidOpenAPI(current.document);
  });

  it("uses the output type: a defaulted field is required in a response", async () => {
    const { responses, document } = responsesOf({ 200: z.object({ name: z.string(), color: z.string().default("brown") }) });
    expect(responses["200"]?.content?.["application/json"]?.schema).toMatchObject({ required: ["name", "color"] });
    await expectValidOpenAPI(document);
  });

  it("names the route, the status and the missing name when a string names no registered schema", () => {
    const error = catchError(() => responsesOf({ 404: "Problem" }, "3.1.0", { Pet: z.object({ id: z.string() }) }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toBe('paths["GET /things"][404]: "Problem" names no registered response or schema (no responses are registered; registered schemas: Pet); register it under `responses` or `schemas`, or write it here');
  });

  it("lists the registered responses beside the registered schemas when a status names neither", () => {
    const definition = (schemas: Record<string, unknown>) => ({
      info: { title: "T", version: "1" },
      schemas,
      responses: { NotFound: { description: "Not found" }, Gone: { description: "Gone" } },
      paths: { "GET /things": { 404: "NotFund" } },
    });
    const none = catchError(() => openapi(definition({}) as never));
    expect(none.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(none.message).toBe('paths["GET /things"][404]: "NotFund" names no registered response or schema (registered responses: NotFound, Gone; no schemas are registered); register it under `responses` or `schemas`, or write it here');
    const both = catchError(() => openapi(definition({ Pet: z.object({ id: z.string() }) }) as never));
    expect(both.message).toContain("(registered responses: NotFound, Gone; registered schemas: Pet)");
  });

  it("rejects status keys outside 100-599 and a `responses` field with a hint", () => {
    expect(catchError(() => responsesOf({ 600: null } as never)).message).toBe('paths["GET /things"][600]: not a response status: use 100 to 599, 1XX to 5XX, or "default"');
    expect(catchError(() => responsesOf({ responses: { 200: null } } as never)).message).toMatch(/status-code keys of the route itself/);
    expect(catchError(() => responsesOf({ "2xx": null, "2XX": null } as never)).message).toMatch(/the response 2XX is given twice/);
  });

  it("passes a response $ref through and checks that it resolves", () => {
    const error = catchError(() => responsesOf({ 404: { $ref: "#/components/responses/NotFound" } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toContain('$ref "#/components/responses/NotFound" points to nothing in the document');
  });
});
