/** Each check outside schemas: a before/after pair, the change it gives and where. */
import { document, operation, postPets, type Json } from "./fixtures";

export interface Case {
  id: string;
  level: "error" | "warning" | "info";
  before: Json;
  after: Json;
  location: string;
  operation?: string;
}

const OP = "/paths/~1pets/post";
const json = (schema: unknown) => ({ "application/json": { schema } });
const body = (required: boolean, schema: unknown = { type: "object" }) => ({ requestBody: { required, content: json(schema) } });
/** An array parameter: explode changes how it is written. */
const ids = { schema: { type: "array", items: { type: "integer" } } };
const query = (fields: Json = {}) => ({ parameters: [{ name: "limit", in: "query", schema: { type: "integer" }, ...fields }] });
const responses = (map: Json) => ({ responses: map });
const ok = (extra: Json = {}) => ({ "200": { description: "OK", ...extra } });
const pet = (required: string[], extra: Json = {}) => ({ type: "object", ...(required.length > 0 ? { required } : {}), properties: { id: { type: "integer" }, name: { type: "string" } }, ...extra });
const deprecated = (sunset?: string) => ({ deprecated: true, ...(sunset === undefined ? {} : { "x-sunset": sunset }) });
const twoOps = (fields: Json = {}) => document({ "/pets": { get: operation(), post: operation(fields) } });
const schemes = { components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" }, oauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://a.example/token", scopes: { read: "", write: "" } } } } } } };
const keyScheme = { components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } } };
const secured = (security: unknown[]) => postPets({ security }, schemes);
const webhook = (fields: Json) => document({}, { webhooks: { newPet: { post: operation(fields) } } }, "3.1.0");
const callback = (fields: Json) => postPets({ callbacks: { onPet: { "{$request.body#/url}": { post: operation(fields) } } } });
const tags = (parent?: string) => document({}, { tags: [{ name: "cats", ...(parent ? { parent } : {}) }, { name: "pets" }] }, "3.2.0");

export const CASES: readonly Case[] = [
  { id: "endpoint-added", level: "info", before: postPets(), after: twoOps(), location: "/paths/~1pets/get", operation: "GET /pets" },
  { id: "api-removed-without-deprecation", level: "error", before: twoOps(), after: postPets(), location: "/paths/~1pets/get", operation: "GET /pets" },
  { id: "api-removed-with-deprecation", level: "info", before: twoOps(deprecated()), after: document({ "/pets": { get: operation() } }), location: OP, operation: "POST /pets" },
  { id: "api-removed-before-sunset", level: "error", before: twoOps(deprecated("2099-01-01")), after: document({ "/pets": { get: operation() } }), location: OP, operation: "POST /pets" },
  { id: "api-path-removed-without-deprecation", level: "error", before: postPets(), after: document({}), location: OP, operation: "POST /pets" },
  { id: "api-path-removed-with-deprecation", level: "info", before: postPets(deprecated("2020-01-01")), after: document({}), location: OP, operation: "POST /pets" },
  { id: "api-path-removed-before-sunset", level: "error", before: postPets(deprecated("2099-01-01")), after: document({}), location: OP, operation: "POST /pets" },
  { id: "api-deprecated-sunset-parse", level: "error", before: postPets(), after: postPets(deprecated("next spring")), location: OP, operation: "POST /pets" },
  { id: "endpoint-deprecated", level: "info", before: postPets(), after: postPets(deprecated()), location: OP, operation: "POST /pets" },
  { id: "endpoint-deprecated-with-sunset", level: "info", before: postPets(), after: postPets(deprecated("2099-01-01")), location: OP, operation: "POST /pets" },
  { id: "endpoint-reactivated", level: "info", before: postPets(deprecated()), after: postPets(), location: OP, operation: "POST /pets" },
  { id: "sunset-deleted", level: "error", before: postPets(deprecated("2099-01-01")), after: postPets(deprecated()), location: OP, operation: "POST /pets" },
  { id: "api-sunset-date-changed-too-small", level: "error", before: postPets(deprecated("2099-01-01")), after: postPets(deprecated("2098-01-01")), location: OP, operation: "POST /pets" },
  { id: "webhook-added", level: "info", before: document({}, {}, "3.1.0"), after: webhook({}), location: "/webhooks/newPet/post", operation: "POST webhook newPet" },
  { id: "webhook-removed", level: "error", before: webhook({}), after: document({}, {}, "3.1.0"), location: "/webhooks/newPet/post", operation: "POST webhook newPet" },
  { id: "callback-added", level: "info", before: postPets(), after: callback({}), location: `${OP}/callbacks/onPet/{$request.body#~1url}/post`, operation: "POST /pets callback onPet POST {$request.body#/url}" },
  { id: "callback-removed", level: "error", before: callback({}), after: postPets(), location: `${OP}/callbacks/onPet/{$request.body#~1url}/post`, operation: "POST /pets callback onPet POST {$request.body#/url}" },
  { id: "api-operation-id-added", level: "info", before: postPets(), after: postPets({ operationId: "addPet" }), location: `${OP}/operationId`, operation: "POST /pets" },
  { id: "api-operation-id-removed", level: "warning", before: postPets({ operationId: "addPet" }), after: postPets({ operationId: "createPet" }), location: `${OP}/operationId`, operation: "POST /pets" },
  { id: "api-tag-added", level: "info", before: postPets(), after: postPets({ tags: ["pets"] }), location: `${OP}/tags`, operation: "POST /pets" },
  { id: "api-tag-removed", level: "info", before: postPets({ tags: ["pets"] }), after: postPets(), location: `${OP}/tags`, operation: "POST /pets" },
  { id: "tag-parent-changed", level: "info", before: tags(), after: tags("pets"), location: "/tags/0" },
  { id: "api-security-added", level: "info", before: secured([{ key: [] }]), after: secured([{ key: [] }, { oauth: ["read"] }]), location: `${OP}/security`, operation: "POST /pets" },
  { id: "api-security-removed", level: "error", before: secured([{ key: [] }, {}]), after: secured([{ key: [] }]), location: `${OP}/security`, operation: "POST /pets" },
  { id: "api-security-scope-added", level: "error", before: secured([{ oauth: ["read"] }]), after: secured([{ oauth: ["read", "write"] }]), location: `${OP}/security`, operation: "POST /pets" },
  { id: "api-security-scope-removed", level: "info", before: secured([{ oauth: ["read", "write"] }]), after: secured([{ oauth: ["read"] }]), location: `${OP}/security`, operation: "POST /pets" },
  { id: "new-required-request-parameter", level: "error", before: postPets(), after: postPets(query({ required: true })), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "new-optional-request-parameter", level: "info", before: postPets(), after: postPets(query()), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-removed", level: "warning", before: postPets(query()), after: postPets(), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-became-required", level: "error", before: postPets(query()), after: postPets(query({ required: true })), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-became-optional", level: "info", before: postPets(query({ required: true })), after: postPets(query()), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-deprecated", level: "info", before: postPets(query()), after: postPets(query({ deprecated: true })), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-reactivated", level: "info", before: postPets(query({ deprecated: true })), after: postPets(query()), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-style-changed", level: "error", before: postPets(query()), after: postPets(query({ style: "spaceDelimited", explode: true })), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-explode-changed", level: "error", before: postPets(query(ids)), after: postPets(query({ ...ids, explode: false })), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-default-value-added", level: "error", before: postPets(query()), after: postPets(query({ schema: { type: "integer", default: 10 } })), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-default-value-removed", level: "error", before: postPets(query({ schema: { type: "integer", default: 10 } })), after: postPets(query()), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-parameter-default-value-changed", level: "error", before: postPets(query({ schema: { type: "integer", default: 10 } })), after: postPets(query({ schema: { type: "integer", default: 20 } })), location: `${OP}/parameters/0`, operation: "POST /pets" },
  { id: "request-body-added-required", level: "error", before: postPets(), after: postPets(body(true)), location: `${OP}/requestBody`, operation: "POST /pets" },
  { id: "request-body-added-optional", level: "info", before: postPets(), after: postPets(body(false)), location: `${OP}/requestBody`, operation: "POST /pets" },
  { id: "request-body-removed", level: "error", before: postPets(body(false)), after: postPets(), location: `${OP}/requestBody`, operation: "POST /pets" },
  { id: "request-body-became-required", level: "error", before: postPets(body(false)), after: postPets(body(true)), location: `${OP}/requestBody`, operation: "POST /pets" },
  { id: "request-body-became-optional", level: "info", before: postPets(body(true)), after: postPets(body(false)), location: `${OP}/requestBody`, operation: "POST /pets" },
  { id: "request-body-media-type-added", level: "info", before: postPets(body(true)), after: postPets({ requestBody: { required: true, content: { ...json({ type: "object" }), "application/xml": { schema: { type: "object" } } } } }), location: `${OP}/requestBody/content/application~1xml`, operation: "POST /pets" },
  { id: "request-body-media-type-removed", level: "error", before: postPets({ requestBody: { required: true, content: { ...json({ type: "object" }), "application/xml": { schema: { type: "object" } } } } }), after: postPets(body(true)), location: `${OP}/requestBody/content/application~1xml`, operation: "POST /pets" },
  { id: "response-success-status-added", level: "info", before: postPets(), after: postPets(responses({ ...ok(), "201": { description: "Created" } })), location: `${OP}/responses/201`, operation: "POST /pets" },
  { id: "response-success-status-removed", level: "error", before: postPets(responses({ ...ok(), "201": { description: "Created" } })), after: postPets(), location: `${OP}/responses/201`, operation: "POST /pets" },
  { id: "response-non-success-status-added", level: "info", before: postPets(), after: postPets(responses({ ...ok(), "404": { description: "Not Found" } })), location: `${OP}/responses/404`, operation: "POST /pets" },
  { id: "response-non-success-status-removed", level: "info", before: postPets(responses({ ...ok(), "404": { description: "Not Found" } })), after: postPets(), location: `${OP}/responses/404`, operation: "POST /pets" },
  { id: "response-media-type-added", level: "info", before: postPets(responses(ok({ content: json({ type: "object" }) }))), after: postPets(responses(ok({ content: { ...json({ type: "object" }), "text/csv": {} } }))), location: `${OP}/responses/200/content/text~1csv`, operation: "POST /pets" },
  { id: "response-media-type-removed", level: "error", before: postPets(responses(ok({ content: { ...json({ type: "object" }), "text/csv": {} } }))), after: postPets(responses(ok({ content: json({ type: "object" }) }))), location: `${OP}/responses/200/content/text~1csv`, operation: "POST /pets" },
  { id: "response-header-added", level: "info", before: postPets(), after: postPets(responses(ok({ headers: { "X-Rate": { schema: { type: "integer" } } } }))), location: `${OP}/responses/200/headers/X-Rate`, operation: "POST /pets" },
  { id: "required-response-header-removed", level: "error", before: postPets(responses(ok({ headers: { "X-Rate": { required: true, schema: { type: "integer" } } } }))), after: postPets(), location: `${OP}/responses/200/headers/X-Rate`, operation: "POST /pets" },
  { id: "optional-response-header-removed", level: "warning", before: postPets(responses(ok({ headers: { "X-Rate": { schema: { type: "integer" } } } }))), after: postPets(), location: `${OP}/responses/200/headers/X-Rate`, operation: "POST /pets" },
  { id: "response-header-became-optional", level: "error", before: postPets(responses(ok({ headers: { "X-Rate": { required: true, schema: { type: "integer" } } } }))), after: postPets(responses(ok({ headers: { "X-Rate": { schema: { type: "integer" } } } }))), location: `${OP}/responses/200/headers/X-Rate`, operation: "POST /pets" },
  ...propertyCases(),
  { id: "api-schema-removed", level: "info", before: document({}, { components: { schemas: { Pet: { type: "object" } } } }), after: document({}), location: "/components/schemas/Pet" },
  { id: "api-security-component-added", level: "info", before: document({}), after: document({}, keyScheme), location: "/components/securitySchemes/key" },
  { id: "api-security-component-removed", level: "info", before: document({}, keyScheme), after: document({}), location: "/components/securitySchemes/key" },
  {
    id: "api-security-component-type-changed",
    level: "info",
    before: document({}, { components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } } }),
    after: document({}, { components: { securitySchemes: { key: { type: "http", scheme: "bearer" } } } }),
    location: "/components/securitySchemes/key",
  },
];

/** The property checks: a request body and a 200 response of a Pet whose `name` changes. */
function propertyCases(): Case[] {
  const request = (schema: unknown) => postPets({ requestBody: { content: json(schema) } });
  const response = (schema: unknown) => postPets(responses(ok({ content: json(schema) })));
  const idOnly = pet([], { properties: { id: { type: "integer" } } });
  const withDefault = (required: string[]) => pet(required, { properties: { id: { type: "integer" }, name: { type: "string", default: "Rex" } } });
  const at = (side: "requestBody" | "responses/200") => `${OP}/${side}/content/application~1json/schema/properties/name`;
  const cases: [string, "error" | "warning" | "info", (schema: unknown) => Json, unknown, unknown, string][] = [
    ["new-required-request-property", "error", request, idOnly, pet(["name"]), at("requestBody")],
    ["new-required-request-property-with-default", "error", request, idOnly, withDefault(["name"]), at("requestBody")],
    ["new-optional-request-property", "info", request, idOnly, pet([]), at("requestBody")],
    ["request-property-removed", "warning", request, pet([]), idOnly, at("requestBody")],
    ["request-property-became-required", "error", request, pet([]), pet(["name"]), at("requestBody")],
    ["request-property-became-required-with-default", "error", request, withDefault([]), withDefault(["name"]), at("requestBody")],
    ["request-property-became-optional", "info", request, pet(["name"]), pet([]), at("requestBody")],
    ["response-required-property-added", "info", response, idOnly, pet(["name"]), at("responses/200")],
    ["response-optional-property-added", "info", response, idOnly, pet([]), at("responses/200")],
    ["response-required-property-removed", "error", response, pet(["name"]), idOnly, at("responses/200")],
    ["response-optional-property-removed", "warning", response, pet([]), idOnly, at("responses/200")],
    ["response-property-became-optional", "error", response, pet(["name"]), pet([]), at("responses/200")],
    ["response-property-became-required", "info", response, pet([]), pet(["name"]), at("responses/200")],
    ["request-property-deprecated", "info", request, pet([]), pet([], { properties: { id: { type: "integer" }, name: { type: "string", deprecated: true } } }), at("requestBody")],
    ["request-property-reactivated", "info", request, pet([], { properties: { id: { type: "integer" }, name: { type: "string", deprecated: true } } }), pet([]), at("requestBody")],
    ["response-property-deprecated", "info", response, pet([]), pet([], { properties: { id: { type: "integer" }, name: { type: "string", deprecated: true } } }), at("responses/200")],
    ["response-property-reactivated", "info", response, pet([], { properties: { id: { type: "integer" }, name: { type: "string", deprecated: true } } }), pet([]), at("responses/200")],
  ];
  return cases.map(([id, level, place, before, after, location]) => ({ id, level, before: place(before), after: place(after), location, operation: "POST /pets" }));
}

