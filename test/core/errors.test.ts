import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, SpecloomError, type SpecloomErrorCode } from "specloom";
import { catchError } from "../fixtures/libraries";

const info = { title: "Errors", version: "1" };

describe("SpecloomError", () => {
  it("is an Error with name, code, location and a message that starts with the location", () => {
    const error = catchError(() => openapi({ info, paths: { "GET nowhere": {} } }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(SpecloomError);
    expect(error.name).toBe("SpecloomError");
    expect((error as SpecloomError).location).toBe('paths["GET nowhere"]');
    expect(error.message.startsWith('paths["GET nowhere"]: ')).toBe(true);
  });

  const cases: [SpecloomErrorCode, string, () => unknown, RegExp][] = [
    ["INVALID_ROUTE_KEY", "a key without a path", () => openapi({ info, paths: { GET: {} } }), /^paths\["GET"\]: /],
    ["DUPLICATE_PATH", "one operation twice", () => openapi({ info, paths: { "GET /a": {}, "get /a": {} } }), /^paths\["get \/a"\]: GET \/a is defined twice/],
    [
      "DUPLICATE_SCHEMA",
      "one schema object under two names",
      () => {
        const Pet = z.object({ id: z.string() });
        return openapi({ info, schemas: { Pet, Animal: Pet }, paths: {} });
      },
      /^schemas\.Animal: this schema object is already registered as "Pet" at schemas\.Pet/,
    ],
    ["INVALID_DEFINITION", "webhooks in a 3.0.3 document", () => openapi({ openapi: "3.0.3", info, paths: {}, webhooks: { "POST x": {} } }), /^webhooks\["POST x"\]: webhooks need OpenAPI 3\.1\.0/],
    ["INVALID_DEFINITION", "an unsupported version", () => openapi({ openapi: "3.3.0" as never, info, paths: {} }), /^openapi: unsupported OpenAPI version the string "3\.3\.0"/],
    ["INVALID_DEFINITION", "a missing info title", () => openapi({ info: { version: "1" } as never, paths: {} }), /^info\.title: required field of an Info object is missing/],
    ["INVALID_DEFINITION", "a non-schema in a schema position", () => openapi({ info, paths: { "POST /a": { body: 42 as never } } }), /^paths\["POST \/a"\]\.body: expected a schema/],
    [
      "SCHEMA_RESOLUTION_FAILED",
      "a response the vendor cannot express",
      () => openapi({ info, paths: { "GET /a": { 200: z.string().transform((s) => s.length) } } }),
      /^paths\["GET \/a"\]\[200\]: the zod schema cannot be written as JSON Schema for its output type \(draft-2020-12: Transforms cannot be represented in JSON Schema/,
    ],
  ];
  it.each(cases)("%s for %s", (code, _what, run, message) => {
    const error = catchError(run);
    expect(error).toBeInstanceOf(SpecloomError);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it("keeps the vendor's error as cause", () => {
    const error = catchError(() => openapi({ info, paths: { "GET /a": { 200: z.date() } } }));
    expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toMatch(/Date cannot be represented/);
  });

  it("lets an error thrown by the caller's own getter through unchanged (docs/errors.md)", () => {
    const failure = new RangeError("not loaded yet");
    const route = Object.defineProperty({ 200: null }, "summary", { enumerable: true, get: () => { throw failure; } });
    let thrown: unknown;
    try {
      openapi({ info, paths: { "GET /a": route } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(failure);
  });
});
