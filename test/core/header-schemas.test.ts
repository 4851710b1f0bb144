import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAPI, openapi, type ResponseObject } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";
import { allVersions, forms } from "../fixtures/definition-forms";

const info = { title: "Headers", version: "1" };

describe.each(forms)("response headers from one object schema ($name)", (lib) => {
  it.each(allVersions)("writes a Header Object per property: required from optionality (\"required: Determines whether this header is mandatory\"), the description moved onto the header (%s)", async (version) => {
    const document = openapi({ openapi: version, info, paths: { "GET /things": { 200: { schema: lib.event, headers: lib.rateHeaders } } } });
    const response = document.paths["/things"]?.get?.responses?.["200"] as ResponseObject;
    expect(Object.keys(response.headers ?? {})).toEqual(["X-Rate-Limit", "X-Next"]);
    const rate = response.headers?.["X-Rate-Limit"] as Record<string, unknown>;
    expect(rate.description).toBe("Requests left");
    expect(rate.required).toBe(true);
    expect(rate.schema).toMatchObject({ type: "integer", minimum: 0, maximum: 1000 });
    expect(rate.schema).not.toHaveProperty("description");
    expect(response.headers?.["X-Next"]).toEqual({ schema: { type: "string" } });
    await expectValidOpenAPI(document);

    const built = new OpenAPI({ openapi: version, info }).route("GET /things", { 200: { schema: lib.event, headers: lib.rateHeaders } }).document();
    expect(built).toEqual(document);
  });

  it("registers a header from a schema alone and uses it by name", async () => {
    const document = openapi({
      info,
      headers: { RateLimit: lib.pageSize },
      paths: { "GET /things": { 200: { schema: lib.event, headers: { "X-Rate-Limit": "RateLimit" } } } },
    });
    expect((document.paths["/things"]?.get?.responses?.["200"] as ResponseObject).headers).toEqual({ "X-Rate-Limit": { $ref: "#/components/headers/RateLimit" } });
    expect(document.components?.headers?.RateLimit).toMatchObject({ schema: { type: "integer", minimum: 1, maximum: 100 } });
    await expectValidOpenAPI(document);
  });
});

describe("response headers from a schema: what is refused", () => {
  it("refuses a schema that is not an object, naming the headers", () => {
    const error = catchError(() => openapi({ info, paths: { "GET /things": { 200: { headers: z.string() } } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(/^paths\["GET \/things"\]\[200\]\.headers: expected an object schema/);
  });

  it("refuses a header name that no header registers, listing what is", () => {
    const error = catchError(() => openapi({ info, headers: { A: z.string() }, paths: { "GET /things": { 200: { headers: { "X-B": "B" } } } } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.message).toBe('paths["GET /things"][200].headers["X-B"]: "B" names no registered header (registered: A); register it under `headers` or write it here');
  });

  it("keeps a header called __proto__ as a header", async () => {
    const document = openapi({ info, paths: { "GET /things": { 200: { headers: z.object({ ["__proto__"]: z.string(), constructor: z.string() }) } } } });
    const headers = (document.paths["/things"]?.get?.responses?.["200"] as ResponseObject).headers as object;
    expect(Object.keys(headers)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    await expectValidOpenAPI(document);
  });
});
