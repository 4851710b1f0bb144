/**
 * The public surface of issue 2 and SPEC.md section 2. The type imports are checked by
 * `tsc` (npm test runs it first), so removing an exported type fails the build; the
 * runtime exports are checked here.
 */
import { describe, expect, it } from "vitest";
import * as specloom from "specloom";
import type {
  BodyShorthandObject, ComponentsObject, ContactObject, DiffChange, DiffIgnore, DiffLevel, DiffOptions, DiffResult, ExampleObject, ExternalDocsObject, HeaderObject, HttpMethod, InfoObject, LicenseObject,
  MediaTypeObject, MergeConflict, OpenAPIDocument, OpenAPIOptions, OperationObject, ParameterObject, ParsedRoute, PathItemObject, ReferenceObject, RequestBodyObject,
  ResponseObject, ResponseShorthandObject, RouteDefinition, RouteShorthand, SchemaContext, SchemaOrRef, SecurityRequirementObject,
  SecuritySchemeObject, ServerObject, SpecloomDefinition, SpecloomErrorCode, SpecloomPlugin, TagObject,
} from "specloom";

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

  it("names every error code of SPEC.md section 7", () => {
    const codes: SpecloomErrorCode[] = ["INVALID_ROUTE_KEY", "DUPLICATE_PATH", "DUPLICATE_SCHEMA", "INVALID_DEFINITION", "SCHEMA_RESOLUTION_FAILED"];
    for (const code of codes) expect(new specloom.SpecloomError(code, "here", "what").code).toBe(code);
  });

  it("takes a route with method and path as a RouteDefinition, and types HttpMethod as the eight methods", () => {
    const methods: HttpMethod[] = ["get", "post", "put", "patch", "delete", "head", "options", "trace"];
    const route: RouteDefinition = { method: "get", path: "/a", 200: null };
    const parsed: ParsedRoute = { method: "get", path: "/a/{id}", pathParams: ["id"] };
    expect(methods).toHaveLength(8);
    expect(route.method).toBe("get");
    expect(parsed.pathParams).toEqual(["id"]);
  });
});
