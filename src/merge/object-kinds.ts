import { HTTP_METHODS } from "../internal/http-methods";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS } from "../schema/keywords";

/**
 * What each value of an OpenAPI document is, so a walk knows where Schema Objects,
 * references, security requirements and operationIds sit, and which maps hold user-chosen
 * names (a response named `default`, a media type named `x-json`) rather than fields.
 * Everything not listed is data: copied or shared as it is, never looked into.
 */
export const Kind = {
  Data: 0,
  Ref: 1,
  OperationId: 2,
  SecurityList: 3,
  Schema: 4,
  SchemaList: 5,
  SchemaMap: 6,
  PathItem: 7,
  Operation: 8,
  Parameter: 9,
  Header: 10,
  RequestBody: 11,
  MediaType: 12,
  Encoding: 13,
  Response: 14,
  Link: 15,
  Example: 16,
  SecurityScheme: 17,
  Responses: 18,
  Callback: 19,
  ParameterList: 20,
  MediaTypeMap: 21,
  ExampleMap: 22,
  EncodingMap: 23,
  HeaderMap: 24,
  LinkMap: 25,
  CallbackMap: 26,
  /** 3.2's `additionalOperations`: method to Operation Object. */
  OperationMap: 27,
  /** 3.2's `prefixEncoding`. */
  EncodingList: 28,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export { HTTP_METHODS, isHttpMethod as isMethod } from "../internal/http-methods";

/** The fields of each OpenAPI object that hold more than data. Maps, so `constructor` is no field. */
const FIELDS: ReadonlyMap<Kind, ReadonlyMap<string, Kind>> = new Map<Kind, ReadonlyMap<string, Kind>>([
  [
    Kind.PathItem,
    new Map<string, Kind>([
      ...HTTP_METHODS.map((m) => [m, Kind.Operation] as const),
      ["query", Kind.Operation],
      ["additionalOperations", Kind.OperationMap],
      ["parameters", Kind.ParameterList],
    ]),
  ],
  [
    Kind.Operation,
    new Map<string, Kind>([
      ["operationId", Kind.OperationId],
      ["parameters", Kind.ParameterList],
      ["requestBody", Kind.RequestBody],
      ["responses", Kind.Responses],
      ["callbacks", Kind.CallbackMap],
      ["security", Kind.SecurityList],
    ]),
  ],
  [Kind.Parameter, new Map<string, Kind>([["schema", Kind.Schema], ["content", Kind.MediaTypeMap], ["examples", Kind.ExampleMap]])],
  [Kind.Header, new Map<string, Kind>([["schema", Kind.Schema], ["content", Kind.MediaTypeMap], ["examples", Kind.ExampleMap]])],
  [Kind.RequestBody, new Map<string, Kind>([["content", Kind.MediaTypeMap]])],
  [
    Kind.MediaType,
    new Map<string, Kind>([
      ["schema", Kind.Schema],
      ["itemSchema", Kind.Schema],
      ["examples", Kind.ExampleMap],
      ["encoding", Kind.EncodingMap],
      ["prefixEncoding", Kind.EncodingList],
      ["itemEncoding", Kind.Encoding],
    ]),
  ],
  [Kind.Encoding, new Map<string, Kind>([["headers", Kind.HeaderMap]])],
  [Kind.Response, new Map<string, Kind>([["headers", Kind.HeaderMap], ["content", Kind.MediaTypeMap], ["links", Kind.LinkMap]])],
  [Kind.Link, new Map<string, Kind>([["operationId", Kind.OperationId], ["operationRef", Kind.Ref]])],
  [Kind.Example, new Map<string, Kind>()],
  [Kind.SecurityScheme, new Map<string, Kind>()],
]);

/** Maps of names: the kind of their values, and whether `x-` keys are extensions there. */
const MAPS: ReadonlyMap<Kind, { readonly of: Kind; readonly extensions: boolean }> = new Map([
  [Kind.Responses, { of: Kind.Response, extensions: true }],
  [Kind.Callback, { of: Kind.PathItem, extensions: true }],
  [Kind.MediaTypeMap, { of: Kind.MediaType, extensions: false }],
  [Kind.ExampleMap, { of: Kind.Example, extensions: false }],
  [Kind.EncodingMap, { of: Kind.Encoding, extensions: false }],
  [Kind.HeaderMap, { of: Kind.Header, extensions: false }],
  [Kind.LinkMap, { of: Kind.Link, extensions: false }],
  [Kind.CallbackMap, { of: Kind.Callback, extensions: false }],
  [Kind.OperationMap, { of: Kind.Operation, extensions: false }],
]);

/** The object each `components` map holds. */
export const COMPONENT_KINDS: ReadonlyMap<string, Kind> = new Map<string, Kind>([
  ["schemas", Kind.Schema],
  ["responses", Kind.Response],
  ["parameters", Kind.Parameter],
  ["examples", Kind.Example],
  ["requestBodies", Kind.RequestBody],
  ["headers", Kind.Header],
  ["securitySchemes", Kind.SecurityScheme],
  ["links", Kind.Link],
  ["callbacks", Kind.Callback],
  ["pathItems", Kind.PathItem],
  ["mediaTypes", Kind.MediaType],
]);

/** What the value under `key` of a `parent` value is. */
export function childKind(parent: Kind, key: string | number, value: unknown): Kind {
  if (parent === Kind.SchemaList) return Kind.Schema;
  if (parent === Kind.ParameterList) return Kind.Parameter;
  if (parent === Kind.EncodingList) return Kind.Encoding;
  if (typeof key === "number") return Kind.Data;
  if (parent === Kind.Schema) {
    if (key === "$ref") return Kind.Ref;
    if (SUBSCHEMA_KEYWORDS.has(key)) return Array.isArray(value) ? Kind.SchemaList : Kind.Schema;
    if (SCHEMA_LIST_KEYWORDS.has(key)) return Kind.SchemaList;
    if (SCHEMA_MAP_KEYWORDS.has(key)) return Kind.SchemaMap;
    return Kind.Data;
  }
  if (parent === Kind.SchemaMap) return Array.isArray(value) ? Kind.Data : Kind.Schema;
  const map = MAPS.get(parent);
  if (map) {
    if (map.extensions && key.startsWith("x-")) return Kind.Data;
    if (parent === Kind.Callback && key === "$ref") return Kind.Ref;
    return map.of;
  }
  if (key === "$ref") return Kind.Ref;
  if (key.startsWith("x-")) return Kind.Data;
  return FIELDS.get(parent)?.get(key) ?? Kind.Data;
}
