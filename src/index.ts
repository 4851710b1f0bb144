/** specloom: OpenAPI documents from Standard JSON Schema route definitions. */
export { openapi } from "./generate/openapi";
export { OpenAPI } from "./generate/builder";
export { SpecloomError, type MergeConflict, type SpecloomErrorCode } from "./errors";
export type {
  BodyShorthandObject,
  HeaderShorthand,
  MediaTypeDefinition,
  RequestBodyDefinition,
  ResponseDefinition,
  OpenAPIOptions,
  OpenAPIVersion,
  ParsedRoute,
  ResponseShorthandObject,
  ResponseValue,
  RouteDefinition,
  RouteShorthand,
  SchemaContext,
  SchemaLocation,
  SpecloomDefinition,
  SpecloomPlugin,
  StandardJSONSchemaV1,
} from "./types/definition";
export type {
  CallbackDefinition,
  ComponentDefinitions,
  ComponentKind,
  ExampleValue,
  LinkValue,
  ParameterDefinition,
  ParameterValue,
  PathItemShorthand,
  RequestBodyComponent,
  ResponseComponent,
} from "./types/definition-forms";
export type * from "./types/document";
export type { DefinitionOf, PathsOf } from "./types/paths-of/paths-of";
export type { RouteKeyOf, ValidatedRequestOf } from "./types/paths-of/validated-request";
export type { Carries } from "./types/paths-of/carried";
export * from "./merge/index";
export * from "./extend";
export * from "./bundle/index";
export * from "./diff/index";
