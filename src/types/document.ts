/**
 * The OpenAPI object model, as Specloom reads and writes it (the OpenAPI Specification 3.0.3, 3.1.0 and 3.2.0).
 * One set of types serves 3.0.3, 3.1.0 and 3.2.0; fields only some versions have say so.
 * Every object also admits `x-` extension keys.
 */

/** `x-` specification extensions, allowed on most OpenAPI objects. */
export type Extensions = { [key: `x-${string}`]: unknown };

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete" | "head" | "options" | "trace";

/**
 * A route's method: one of the eight, `query` (3.2's fixed field), or any other HTTP method
 * upper-cased (a key of 3.2's `additionalOperations`, `"PURGE"`).
 */
export type RouteMethod = HttpMethod | "query" | (string & {});

export interface ReferenceObject {
  $ref: string;
  /** 3.1 and later. */
  summary?: string;
  /** 3.1 and later. */
  description?: string;
}

/** A JSON Schema (3.1) or OpenAPI 3.0 Schema Object: a generic map of keywords. */
export type SchemaObject = { [keyword: string]: unknown };

export type SchemaOrRef = SchemaObject | ReferenceObject;

export interface ContactObject extends Extensions {
  name?: string;
  url?: string;
  email?: string;
}

export interface LicenseObject extends Extensions {
  name: string;
  /** 3.1 and later: an SPDX expression. */
  identifier?: string;
  url?: string;
}

export interface InfoObject extends Extensions {
  title: string;
  /** 3.1 and later. */
  summary?: string;
  description?: string;
  termsOfService?: string;
  contact?: ContactObject;
  license?: LicenseObject;
  version: string;
}

export interface ServerVariableObject extends Extensions {
  enum?: string[];
  default: string;
  description?: string;
}

export interface ServerObject extends Extensions {
  url: string;
  description?: string;
  /** 3.2 only: a unique name for the host. */
  name?: string;
  variables?: Record<string, ServerVariableObject>;
}

export interface ExternalDocsObject extends Extensions {
  description?: string;
  url: string;
}

export interface TagObject extends Extensions {
  name: string;
  /** 3.2 only (dropped when writing 3.0.3 or 3.1.0). */
  summary?: string;
  description?: string;
  externalDocs?: ExternalDocsObject;
  /** 3.2: the name of the tag this one is nested under (3.0.3 and 3.1.0 get `x-tagGroups`). */
  parent?: string;
  /** 3.2 only (dropped when writing 3.0.3 or 3.1.0): `"nav"`, `"badge"`, `"audience"`, ... */
  kind?: string;
}

/** Scheme name to the scopes it needs (empty for non-OAuth schemes). */
export type SecurityRequirementObject = Record<string, string[]>;

export interface OAuthFlowObject extends Extensions {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** 3.2 only, of the `deviceAuthorization` flow. */
  deviceAuthorizationUrl?: string;
  scopes: Record<string, string>;
}

export interface OAuthFlowsObject extends Extensions {
  implicit?: OAuthFlowObject;
  password?: OAuthFlowObject;
  clientCredentials?: OAuthFlowObject;
  authorizationCode?: OAuthFlowObject;
  /** 3.2 only: RFC 8628's device authorization grant. */
  deviceAuthorization?: OAuthFlowObject;
}

export interface SecuritySchemeObject extends Extensions {
  type: "apiKey" | "http" | "oauth2" | "openIdConnect" | "mutualTLS";
  description?: string;
  name?: string;
  in?: "query" | "header" | "cookie";
  scheme?: string;
  bearerFormat?: string;
  flows?: OAuthFlowsObject;
  /** 3.2 only: where the OAuth 2.0 authorization server's metadata (RFC 8414) is. */
  oauth2MetadataUrl?: string;
  openIdConnectUrl?: string;
  /** 3.2 only. */
  deprecated?: boolean;
}

export interface ExampleObject extends Extensions {
  summary?: string;
  description?: string;
  /** 3.2 only: the example as data, valid against the schema. */
  dataValue?: unknown;
  /** 3.2 only: the example as serialized, a string. */
  serializedValue?: string;
  value?: unknown;
  externalValue?: string;
}

export interface EncodingObject extends Extensions {
  contentType?: string;
  headers?: Record<string, HeaderObject | ReferenceObject>;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface MediaTypeObject extends Extensions {
  /** 3.2 only. */
  description?: string;
  schema?: SchemaOrRef;
  /** 3.2 only: the schema of each item of a sequential media type (`text/event-stream`, `application/jsonl`...). */
  itemSchema?: SchemaOrRef;
  example?: unknown;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  encoding?: Record<string, EncodingObject>;
  /** 3.2 only. */
  prefixEncoding?: EncodingObject[];
  /** 3.2 only. */
  itemEncoding?: EncodingObject;
}

export interface HeaderObject extends Extensions {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  style?: string;
  explode?: boolean;
  schema?: SchemaOrRef;
  example?: unknown;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  content?: Record<string, MediaTypeObject>;
}

/** `querystring` (the whole query string as one value) is 3.2 only. */
export type ParameterLocation = "query" | "querystring" | "header" | "path" | "cookie";

export interface ParameterObject extends Extensions {
  name: string;
  in: ParameterLocation;
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  allowEmptyValue?: boolean;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  schema?: SchemaOrRef;
  example?: unknown;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  content?: Record<string, MediaTypeObject>;
}

export interface RequestBodyObject extends Extensions {
  description?: string;
  content: Record<string, MediaTypeObject>;
  required?: boolean;
}

export interface LinkObject extends Extensions {
  operationRef?: string;
  operationId?: string;
  parameters?: Record<string, unknown>;
  requestBody?: unknown;
  description?: string;
  server?: ServerObject;
}

export interface ResponseObject extends Extensions {
  /** 3.2 only. */
  summary?: string;
  /** Required before 3.2, optional in 3.2; Specloom always writes one (the reason phrase if none is given). */
  description?: string;
  headers?: Record<string, HeaderObject | ReferenceObject>;
  content?: Record<string, MediaTypeObject>;
  links?: Record<string, LinkObject | ReferenceObject>;
}

/** Status code (`"200"`, `"4XX"`, `"default"`) to response. */
export type ResponsesObject = Record<string, ResponseObject | ReferenceObject>;

export type CallbackObject = Record<string, PathItemObject>;

export interface OperationObject extends Extensions {
  tags?: string[];
  summary?: string;
  description?: string;
  externalDocs?: ExternalDocsObject;
  operationId?: string;
  parameters?: (ParameterObject | ReferenceObject)[];
  requestBody?: RequestBodyObject | ReferenceObject;
  responses?: ResponsesObject;
  callbacks?: Record<string, CallbackObject | ReferenceObject>;
  deprecated?: boolean;
  security?: SecurityRequirementObject[];
  servers?: ServerObject[];
}

export interface PathItemObject extends Extensions {
  $ref?: string;
  summary?: string;
  description?: string;
  get?: OperationObject;
  put?: OperationObject;
  post?: OperationObject;
  delete?: OperationObject;
  options?: OperationObject;
  head?: OperationObject;
  patch?: OperationObject;
  trace?: OperationObject;
  /** 3.2 only. */
  query?: OperationObject;
  /** 3.2 only: other methods, upper-cased as sent (`PURGE`). */
  additionalOperations?: Record<string, OperationObject>;
  servers?: ServerObject[];
  parameters?: (ParameterObject | ReferenceObject)[];
}

export type PathsObject = Record<string, PathItemObject>;

export interface ComponentsObject extends Extensions {
  schemas?: Record<string, SchemaOrRef>;
  responses?: Record<string, ResponseObject | ReferenceObject>;
  parameters?: Record<string, ParameterObject | ReferenceObject>;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  requestBodies?: Record<string, RequestBodyObject | ReferenceObject>;
  headers?: Record<string, HeaderObject | ReferenceObject>;
  securitySchemes?: Record<string, SecuritySchemeObject | ReferenceObject>;
  links?: Record<string, LinkObject | ReferenceObject>;
  callbacks?: Record<string, CallbackObject | ReferenceObject>;
  /** 3.1 and later. */
  pathItems?: Record<string, PathItemObject | ReferenceObject>;
  /** 3.2 only. */
  mediaTypes?: Record<string, MediaTypeObject | ReferenceObject>;
}

export interface OpenAPIDocument extends Extensions {
  openapi: string;
  /** 3.2 only: this document's own URI, the base for its relative references. */
  $self?: string;
  info: InfoObject;
  /** 3.1 and later. */
  jsonSchemaDialect?: string;
  servers?: ServerObject[];
  paths: PathsObject;
  /** 3.1 and later. */
  webhooks?: Record<string, PathItemObject>;
  components?: ComponentsObject;
  security?: SecurityRequirementObject[];
  tags?: TagObject[];
  externalDocs?: ExternalDocsObject;
}
