import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import type {
  ExampleObject,
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

export type { StandardJSONSchemaV1 };

/** The OpenAPI versions Specloom writes. */
export type OpenAPIVersion = "3.0.3" | "3.1.0" | "3.2.0";

/** A request body given as a schema plus the few fields most bodies need (SPEC.md 2.6). */
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
  examples?: Record<string, ExampleObject | ReferenceObject>;
}

/** A response header; its `schema` may be a Standard JSON Schema. */
export type HeaderShorthand = Omit<HeaderObject, "schema"> & { schema?: StandardJSONSchemaV1 | SchemaOrRef };

/** A response given as a schema plus content type, headers or examples (SPEC.md 2.6). */
export interface ResponseShorthandObject {
  /** A schema, or the name of a schema registered through `schemas`. */
  schema?: StandardJSONSchemaV1 | string;
  /** 3.2 only: the schema of each item (or its registered name), with a sequential `contentType` (`text/event-stream`...). */
  itemSchema?: StandardJSONSchemaV1 | string;
  /** Default `application/json`. */
  contentType?: string;
  /** Default: the status code's reason phrase. */
  description?: string;
  headers?: Record<string, HeaderShorthand | ReferenceObject>;
  example?: unknown;
  examples?: Record<string, ExampleObject | ReferenceObject>;
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

/** One operation, written as a route (SPEC.md 2.5). Status codes are keys of the route itself. */
export interface RouteShorthand {
  query?: StandardJSONSchemaV1;
  /** 3.2 only: the whole query string as one `application/x-www-form-urlencoded` value; not with `query`. */
  querystring?: StandardJSONSchemaV1;
  params?: StandardJSONSchemaV1;
  headers?: StandardJSONSchemaV1;
  cookies?: StandardJSONSchemaV1;
  body?: StandardJSONSchemaV1 | RequestBodyDefinition | BodyShorthandObject;
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

/** Constructor options of the `OpenAPI` builder (SPEC.md 2.2). */
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
  plugins?: SpecloomPlugin[];
  /** Extensions of the document's root (`"x-logo": {...}`), copied as JSON. */
  [extension: `x-${string}`]: unknown;
}

/** The input of `openapi()` (SPEC.md 2.1). */
export interface SpecloomDefinition extends OpenAPIOptions {
  /** `"METHOD /path"` to route. */
  paths: Record<string, RouteShorthand>;
  /** Each key becomes a name under `components.schemas`. */
  schemas?: Record<string, StandardJSONSchemaV1>;
}
