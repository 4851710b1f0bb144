/** Small documents for the diff tests: one operation, and a schema placed where each kind of check reads it. */
export type Json = Record<string, unknown>;

export function document(paths: Json, extra: Json = {}, version = "3.0.3"): Json {
  return { openapi: version, info: { title: "Pets", version: "1.0.0" }, paths, ...extra };
}

/** An operation with a 200 response and whatever else is given. */
export function operation(extra: Json = {}): Json {
  return { responses: { "200": { description: "OK" } }, ...extra };
}

/** `POST /pets` with `fields`. */
export function postPets(fields: Json = {}, extra: Json = {}, version = "3.0.3"): Json {
  return document({ "/pets": { post: operation(fields) } }, extra, version);
}

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const object = (schema: unknown) => ({ type: "object", properties: { p: schema } });
const OP = "/paths/~1pets/post";

/** Where a schema sits, the direction data flows there, and the pointer of the schema in the document. */
export interface Placement {
  readonly direction: "request" | "response";
  readonly scope: "body" | "parameter" | "header" | "property";
  /** The document with `schema` in its place, in OpenAPI `version` (3.0.3 unless said). */
  document(schema: unknown, version?: string): Json;
  readonly pointer: string;
  /** The operation reported: `POST /pets` unless the schema is in a callback's operation. */
  readonly operation?: string;
}

/** `POST /pets` with a callback whose operation has `fields`: the API sends its request and receives its response. */
const inCallback = (fields: Json, version?: string) => postPets({ callbacks: { onPet: { "{$request.body#/url}": { post: operation(fields) } } } }, {}, version);
const CALLBACK = `${OP}/callbacks/onPet/{$request.body#~1url}/post`;
const CALLBACK_OPERATION = "POST /pets callback onPet POST {$request.body#/url}";

export const PLACEMENTS: readonly Placement[] = [
  { direction: "request", scope: "body", document: (schema, version) => postPets({ requestBody: json(schema) }, {}, version), pointer: `${OP}/requestBody/content/application~1json/schema` },
  { direction: "request", scope: "parameter", document: (schema, version) => postPets({ parameters: [{ name: "p", in: "query", schema }] }, {}, version), pointer: `${OP}/parameters/0/schema` },
  { direction: "request", scope: "property", document: (schema, version) => postPets({ requestBody: json(object(schema)) }, {}, version), pointer: `${OP}/requestBody/content/application~1json/schema/properties/p` },
  { direction: "request", scope: "header", document: (schema, version) => inCallback({ responses: { "200": { description: "OK", headers: { "X-Rate": { schema } } } } }, version), pointer: `${CALLBACK}/responses/200/headers/X-Rate/schema`, operation: CALLBACK_OPERATION },
  { direction: "response", scope: "parameter", document: (schema, version) => inCallback({ parameters: [{ name: "p", in: "query", schema }] }, version), pointer: `${CALLBACK}/parameters/0/schema`, operation: CALLBACK_OPERATION },
  { direction: "response", scope: "body", document: (schema, version) => postPets({ responses: { "200": { description: "OK", ...json(schema) } } }, {}, version), pointer: `${OP}/responses/200/content/application~1json/schema` },
  { direction: "response", scope: "header", document: (schema, version) => postPets({ responses: { "200": { description: "OK", headers: { "X-Rate": { schema } } } } }, {}, version), pointer: `${OP}/responses/200/headers/X-Rate/schema` },
  { direction: "response", scope: "property", document: (schema, version) => postPets({ responses: { "200": { description: "OK", ...json(object(schema)) } } }, {}, version), pointer: `${OP}/responses/200/content/application~1json/schema/properties/p` },
];
