import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import type {
  ExternalDocsObject,
  HeaderObject,
  InfoObject,
  MediaTypeObject,
  OpenAPIDocument,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaOrRef,
  SecurityRequirementObject,
  SecuritySchemeObject,
  ServerObject,
  TagObject,
  RouteMethod,
} from "./document";
import type { CallbackDefinition, ComponentDefinitions, ExampleValue, LinkValue, ParameterValue } from "./definition-forms";
import type { ParameterStyles } from "./parameter-styles";

export type { StandardJSONSchemaV1 };
export type { ParameterEncoding, ParameterStyle, ParameterStyles } from "./parameter-styles";

/** The OpenAPI versions Specloom writes. */
export type OpenAPIVersion = "3.0.3" | "3.1.0" | "3.2.0";

/** A request body given as a schema plus the few fields most bodies need (docs/definition.md, "The route shorthand"). */
export interface BodyShorthandObject {
  /** Omitted: inferred from `contentType` (`text/*` is a string, `application/octet-stream` binary). */
  schema?: StandardJSONSchemaV1;
  /** 3.2 only: the schema of each item, with a sequential `contentType` (`application/jsonl`...). */
  itemSchema?: StandardJSONSchemaV1 | string;
  /** Default `application/json`. */
  contentType?: string;
  description?: string;
  /** Default true. */
  required?: boolean;
  example?: unknown;
  /** Example Objects, Reference Objects, or the names of registered examples. */
  examples?: Record<string, ExampleValue>;
  [extension: `x-${string}`]: unknown;
}

/** A response header; its `schema` may be a Standard JSON Schema. */
export type HeaderShorthand = Omit<HeaderObject, "schema"> & { schema?: StandardJSONSchemaV1 | SchemaOrRef };

/** A response given as a schema plus content type, headers or examples (docs/definition.md, "The route shorthand"). */
export interface ResponseShorthandObject {
  /** A schema, or the name of a schema registered through `schemas`. */
  schema?: StandardJSONSchemaV1 | string;
  /** 3.2 only: the schema of each item (or its registered name), with a sequential `contentType` (`text/event-stream`...). */
  itemSchema?: StandardJSONSchemaV1 | string;
  /** Default `application/json`. */
  contentType?: string;
  /** Default: the status code's reason phrase. */
  description?: string;
  /** Header Objects, Reference Objects or registered headers' names; or one object schema, a header per property. */
  headers?: Record<string, HeaderShorthand | ReferenceObject | string> | StandardJSONSchemaV1;
  example?: unknown;
  examples?: Record<string, ExampleValue>;
  /** Link Objects, Reference Objects, or the names of registered links. */
  links?: Record<string, LinkValue>;
  [extension: `x-${string}`]: unknown;
}

/** A Media Type Object in a definition: its `schema` and `itemSchema` may be Standard schemas. */
export type MediaTypeDefinition = Omit<MediaTypeObject, "schema" | "itemSchema"> & {
  schema?: StandardJSONSchemaV1 | SchemaOrRef;
  itemSchema?: StandardJSONSchemaV1 | SchemaOrRef;
};

/** A RequestBodyObject in a definition, its media types' schemas Standard schemas or JSON Schema. */
export type RequestBodyDefinition = Omit<RequestBodyObject, "content"> & { content: Record<string, MediaTypeDefinition> };

/** A ResponseObject in a definition, its headers' and media types' schemas Standard schemas or JSON Schema. */
export type ResponseDefinition = Omit<ResponseObject, "content" | "headers"> & {
  headers?: Record<string, HeaderShorthand | ReferenceObject>;
  content?: Record<string, MediaTypeDefinition>;
};

/**
 * What a status code key of a route may hold: a schema (JSON response), a full
 * ResponseObject, a ResponseShorthandObject, the name of a registered schema, or
 * `null` for a response without a body.
 */
export type ResponseValue =
  | StandardJSONSchemaV1
  | ResponseDefinition
  | ReferenceObject
  | ResponseShorthandObject
  | string
  | null;

/** One operation, written as a route (docs/definition.md, "The route shorthand"). Status codes are keys of the route itself. */
export interface RouteShorthand {
  query?: StandardJSONSchemaV1;
  /** 3.2 only: the whole query string as one `application/x-www-form-urlencoded` value; not with `query`. */
  querystring?: StandardJSONSchemaV1;
  params?: StandardJSONSchemaV1;
  headers?: StandardJSONSchemaV1;
  cookies?: StandardJSONSchemaV1;
  /** Each parameter's `style`, `explode` and `allowReserved`, by field and name (OpenAPI's defaults otherwise). */
  styles?: ParameterStyles;
  /** A schema, a RequestBodyObject, a body shorthand, or the name of a registered request body. */
  body?: StandardJSONSchemaV1 | RequestBodyDefinition | BodyShorthandObject | string;
  /** Parameters written whole or by a registered parameter's name, after those of `params`, `query`, `headers`, `cookies`. */
  parameters?: readonly ParameterValue[];
  /** Callback name to `"METHOD expression"` routes, a Reference Object, or a registered callback's name. */
  callbacks?: Record<string, CallbackDefinition<RouteShorthand> | ReferenceObject | string>;
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  deprecated?: boolean;
  /** `[]` removes the document's global requirements from this operation. */
  security?: SecurityRequirementObject[];
  externalDocs?: ExternalDocsObject;
  servers?: ServerObject[];
  default?: ResponseValue;
  "1XX"?: ResponseValue;
  "2XX"?: ResponseValue;
  "3XX"?: ResponseValue;
  "4XX"?: ResponseValue;
  "5XX"?: ResponseValue;
  [status: number]: ResponseValue;
  [extension: `x-${string}`]: unknown;
}

/** A route as plugins see it: the shorthand plus its method and path (webhooks: its event name). */
export type RouteDefinition = RouteShorthand & {
  /** Lower-case for the eight methods and `query`; any other method upper-cased (`"PURGE"`, 3.2). */
  method: RouteMethod;
  path: string;
};

/** A parsed `"METHOD /path"` key. `pathParams` lists template parameters in order. */
export interface ParsedRoute {
  method: RouteMethod;
  path: string;
  pathParams: string[];
}

/** Where a schema sits in the document, as `transformSchema` is told. */
export type SchemaLocation = "body" | "response" | "query" | "querystring" | "path" | "header" | "cookie" | "component";

export interface SchemaContext {
  /** The component name, for location "component". */
  name?: string;
  location: SchemaLocation;
}

/**
 * A plugin. Hooks run in plugin array order: `transformRoute` on every route and webhook
 * before it is expanded, `transformSchema` on every schema the document uses,
 * `transformDocument` on the finished document.
 */
export interface SpecloomPlugin {
  name: string;
  /**
   * Named schemas the plugin contributes to `components.schemas`, registered after the
   * definition's own. The names are defaults: a schema object the definition already
   * registers keeps that name, and a schema that names itself (Zod's `.meta({ id })`) keeps
   * its own.
   */
  schemas?: Record<string, StandardJSONSchemaV1>;
  transformRoute?: (route: RouteDefinition) => RouteDefinition;
  transformSchema?: (schema: SchemaOrRef, context: SchemaContext) => SchemaOrRef;
  transformDocument?: (document: OpenAPIDocument) => OpenAPIDocument;
}

/** Constructor options of the `OpenAPI` builder (docs/builder.md). */
export interface OpenAPIOptions {
  info: InfoObject;
  /** Default "3.1.0". */
  openapi?: OpenAPIVersion;
  /** 3.2 only: the document's own URI (a URI reference without a fragment). */
  $self?: string;
  servers?: ServerObject[];
  security?: SecurityRequirementObject[];
  securitySchemes?: Record<string, SecuritySchemeObject>;
  /** 3.2 only: reusable Media Type Objects, placed in `components.mediaTypes`. */
  mediaTypes?: Record<string, MediaTypeObject>;
  tags?: TagObject[];
  externalDocs?: ExternalDocsObject;
  /** `"METHOD eventName"` to route; 3.1.0 and 3.2.0. */
  webhooks?: Record<string, RouteShorthand>;
  plugins?: readonly SpecloomPlugin[];
  /** Extensions of the document's root (`"x-logo": {...}`), copied as JSON. */
  [extension: `x-${string}`]: unknown;
}

/** The input of `openapi()` (docs/definition.md). */
export interface SpecloomDefinition extends OpenAPIOptions, ComponentDefinitions<RouteShorthand, ResponseShorthandObject, BodyShorthandObject | RequestBodyDefinition, HeaderShorthand> {
  /**
   * `"METHOD /path"` to route; a `"/path"` key without a method holds the path's own fields
   * (a `PathItemShorthand`, whose fields a route shorthand has too).
   */
  paths: Record<string, RouteShorthand>;
  /** Each key becomes a name under `components.schemas`. */
  schemas?: Record<string, StandardJSONSchemaV1>;
}
