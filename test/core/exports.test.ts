/**
 * The public surface of the core entry point. The type imports are checked by
 * `tsc` (npm test runs it first), so removing an exported type fails the build; the
 * runtime exports are checked here.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import * as specloom from "specloom";
import type {
  BodyShorthandObject, ComponentsObject, ContactObject, DiffChange, DiffIgnore, DiffLevel, DiffOptions, DiffResult, ExampleObject, ExternalDocsObject, HeaderObject, HttpMethod, InfoObject, LicenseObject,
  MediaTypeObject, MergeConflict, OpenAPIDocument, OpenAPIOptions, OperationObject, ParameterObject, ParsedRoute, PathItemObject, ReferenceObject, RequestBodyObject,
  ResponseObject, ResponseShorthandObject, RouteDefinition, RouteShorthand, SchemaContext, SchemaOrRef, SecurityRequirementObject,
  SecuritySchemeObject, ServerObject, SpecloomDefinition, SpecloomErrorCode, SpecloomPlugin, TagObject,
} from "specloom";
import { expectValidOpenAPI } from "../helpers/document";

/** One value of each exported type, so an export that is gone (or changes shape) is a type error. */
export type PublicTypes = [
  BodyShorthandObject, ComponentsObject, ContactObject, DiffChange, DiffIgnore, DiffLevel, DiffOptions, DiffResult, ExampleObject, ExternalDocsObject, HeaderObject, HttpMethod, InfoObject, LicenseObject,
  MediaTypeObject, MergeConflict, OpenAPIDocument, OpenAPIOptions, OperationObject, ParameterObject, ParsedRoute, PathItemObject, ReferenceObject, RequestBodyObject,
  ResponseObject, ResponseShorthandObject, RouteDefinition, RouteShorthand, SchemaContext, SchemaOrRef, SecurityRequirementObject,
  SecuritySchemeObject, ServerObject, SpecloomDefinition, SpecloomErrorCode, SpecloomPlugin, TagObject,
];

describe("the specloom entry point", () => {
  it("exports openapi, OpenAPI, SpecloomError, merge, createMerge, extend, bundle, diff and DIFF_CHECKS, and nothing unexpected", () => {
    expect(Object.keys(specloom).sort()).toEqual(["DIFF_CHECKS", "OpenAPI", "SpecloomError", "bundle", "createMerge", "diff", "extend", "merge", "openapi"]);
  });

  it("names every error code (docs/errors.md)", () => {
    const codes: SpecloomErrorCode[] = ["INVALID_ROUTE_KEY", "DUPLICATE_PATH", "DUPLICATE_SCHEMA", "INVALID_DEFINITION", "SCHEMA_RESOLUTION_FAILED"];
    for (const code of codes) expect(new specloom.SpecloomError(code, "here", "what").code).toBe(code);
  });

  it("hands plugins each route as a RouteDefinition: the key's method (lower-case, or upper-cased for others) and its path, with the shorthand; what transformRoute returns is built", async () => {
    expectTypeOf<HttpMethod>().toEqualTypeOf<"get" | "post" | "put" | "patch" | "delete" | "head" | "options" | "trace">();
    expectTypeOf<RouteDefinition["path"]>().toEqualTypeOf<string>();
    expectTypeOf<HttpMethod>().toExtend<RouteDefinition["method"]>();
    expectTypeOf<ParsedRoute>().toHaveProperty("pathParams").toEqualTypeOf<string[]>();
    const seen: RouteDefinition[] = [];
    const document = specloom.openapi({
      openapi: "3.2.0",
      info: { title: "Routes", version: "1" },
      paths: { "GET /a/:id": { summary: "One", 200: null }, "purge /cache": { 204: null } },
      webhooks: { "POST orderCreated": { 200: null } },
      plugins: [
        {
          name: "record",
          transformRoute: (route) => {
            seen.push(route);
            return { ...route, description: `${route.method} ${route.path}` };
          },
        },
      ],
    });
    expect(seen.map((route) => [route.method, route.path, route.summary])).toEqual([
      ["get", "/a/{id}", "One"],
      ["PURGE", "/cache", undefined],
      ["post", "orderCreated", undefined],
    ]);
    expect(document.paths["/a/{id}"]?.get?.description).toBe("get /a/{id}");
    expect(document.paths["/cache"]?.additionalOperations?.PURGE?.description).toBe("PURGE /cache");
    await expectValidOpenAPI(document);
  });
});
