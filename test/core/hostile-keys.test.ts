/**
 * Names a caller chooses (webhook names, component names, property, header, example and
 * scope names) that are also names of `Object.prototype` members are data: each is an own
 * key of the map it names an entry of, and nothing global changes.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAPI, openapi, type OpenAPIDocument, type SpecloomPlugin, type StandardJSONSchemaV1 } from "specloom";
import { errorResponses } from "specloom/plugins";
import { catchError } from "../helpers/errors";
import { expectValidOpenAPI } from "../helpers/document";

const NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"] as const;
const info = { title: "Hostile keys", version: "1.0.0" };

type Descriptors = Record<string, PropertyDescriptor>;

/** Every property of Object.prototype with its descriptor. */
function prototypeState(): Descriptors {
  const state: Descriptors = {};
  for (const name of Object.getOwnPropertyNames(Object.prototype)) {
    state[name] = Object.getOwnPropertyDescriptor(Object.prototype, name) as PropertyDescriptor;
  }
  return state;
}

let before: Descriptors;
beforeEach(() => {
  before = prototypeState();
});
afterEach(() => {
  const after = prototypeState();
  // Put back anything a failing build wrote, so one failure does not spread to later tests.
  for (const name of Object.keys(after)) if (!(name in before)) delete (Object.prototype as Record<string, unknown>)[name];
  expect(Object.keys(after), "Object.prototype has no new property").toEqual(Object.keys(before));
  for (const name of Object.keys(before)) {
    expect(after[name], `Object.prototype.${name} is unchanged`).toEqual(before[name]);
  }
});

/** `{ [key]: value }` as an own, enumerable key, even for `__proto__` (as JSON.parse makes it). */
function entry<T>(key: string, value: T): Record<string, T> {
  return JSON.parse(JSON.stringify({ placeholder: null }).replace("placeholder", key.replace(/"/g, '\\"')), (k, v: unknown) => (k === key ? value : v)) as Record<string, T>;
}

function own(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    expect(current !== null && typeof current === "object" && Object.prototype.hasOwnProperty.call(current, key), `own key ${JSON.stringify(key)} of ${keys.join(" > ")}`).toBe(true);
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A Standard JSON Schema answering `json` for every side and target. */
function answering(json: Record<string, unknown>): StandardJSONSchemaV1 {
  const copy = () => JSON.parse(JSON.stringify(json)) as Record<string, unknown>;
  return { "~standard": { version: 1, vendor: "hand-made", jsonSchema: { input: copy, output: copy } } };
}

async function expectWebhook(document: OpenAPIDocument, name: string, method: string): Promise<void> {
  const operation = own(document, "webhooks", name, method) as { operationId?: unknown };
  expect(typeof operation.operationId).toBe("string");
  await expectValidOpenAPI(document);
}

describe.each(NAMES)("the name %s", (name) => {
  it.each(["GET", "POST"])("as a webhook of openapi() (%s): an own key of webhooks, with its operation", async (method) => {
    const document = openapi({ info, paths: {}, webhooks: entry(`${method} ${name}`, { 204: null }) });
    await expectWebhook(document, name, method.toLowerCase());
  });

  it("as a webhook of the builder, in both call forms", async () => {
    const document = new OpenAPI({ info }).webhook(`POST ${name}`, { 204: null }).webhook("GET", name, { 204: null }).document();
    await expectWebhook(document, name, "post");
    await expectWebhook(document, name, "get");
  });

  it("as a path segment, through the builder's route()", async () => {
    const document = new OpenAPI({ info }).route(`GET /${name}`, { 200: null }).route("PUT", `/${name}/{id}`, { 204: null }).document();
    own(document, "paths", `/${name}`, "get");
    own(document, "paths", `/${name}/{id}`, "put");
    await expectValidOpenAPI(document);
  });

  it("as the webhook name a plugin's transformRoute returns", async () => {
    const rename: SpecloomPlugin = { name: "rename", transformRoute: (route) => (route.path === "/moved" ? { ...route, path: `/${name}` } : { ...route, path: name, method: "get" }) };
    const document = openapi({ info, plugins: [rename], paths: { "GET /moved": { 200: null } }, webhooks: { "POST event": { 204: null } } });
    await expectWebhook(document, name, "get");
    own(document, "paths", `/${name}`, "get");
  });

  it("as a component name: registered, a plugin's, errorResponses', a library's id, a $defs key", async () => {
    const Registered = z.object({ a: z.string() });
    const document = openapi({
      info,
      schemas: entry(name, Registered),
      plugins: [errorResponses([{ status: 400, schema: z.object({ message: z.string() }), name: `${name}.error` }])],
      paths: {
        "GET /registered": { 200: name },
        "GET /defs": { 200: answering({ $ref: `#/$defs/${name}_def`, $defs: entry(`${name}_def`, { type: "object", properties: { b: { type: "string" } } }) }) },
        "GET /id": { 200: z.object({ c: z.number() }).meta({ id: `${name}_id` }) },
      },
    });
    for (const component of [name, `${name}.error`, `${name}_def`, `${name}_id`]) own(document, "components", "schemas", component);
    await expectValidOpenAPI(document);
  });

  it("as a component name of a plugin's schemas", async () => {
    const plugin: SpecloomPlugin = { name: "contributes", schemas: entry(name, z.object({ d: z.boolean() })) };
    const document = openapi({ info, plugins: [plugin], paths: { "GET /a": { 200: name } } });
    own(document, "components", "schemas", name);
    await expectValidOpenAPI(document);
  });

  it.each(["3.0.3", "3.1.0"] as const)("as a property name of a schema and a parameter name (%s)", async (version) => {
    const schema = answering({ type: "object", properties: entry(name, { type: "string" }), required: [name] });
    const document = openapi({ openapi: version, info, paths: { "POST /a": { query: schema, body: schema, 200: schema } } });
    const operation = own(document, "paths", "/a", "post") as { parameters: { name: string }[] };
    expect(operation.parameters.map((p) => p.name)).toEqual([name]);
    own(operation, "requestBody", "content", "application/json", "schema", "properties", name);
    own(operation, "responses", "200", "content", "application/json", "schema", "properties", name);
    await expectValidOpenAPI(document);
  });

  it("as a header, example, encoding, link and content-type name", async () => {
    const document = openapi({
      info,
      paths: {
        "GET /a": {
          200: { headers: entry(name, { schema: z.string() }), schema: z.string(), examples: entry(name, { value: "x" }) },
          201: { description: "Created", content: entry(`${name}/json`, { schema: z.string() as never }), links: entry(name, { operationId: "getA" }) },
        },
        "POST /a": { body: { content: { "multipart/form-data": { schema: z.object({ f: z.string() }) as never, encoding: entry(name, { contentType: "text/plain" }) } } } },
      },
    });
    const responses = own(document, "paths", "/a", "get", "responses");
    own(responses, "200", "headers", name);
    own(responses, "200", "content", "application/json", "examples", name);
    own(responses, "201", "content", `${name}/json`);
    own(responses, "201", "links", name);
    own(document, "paths", "/a", "post", "requestBody", "content", "multipart/form-data", "encoding", name);
    await expectValidOpenAPI(document);
  });

  it("as a security scheme, requirement, scope and server variable name", async () => {
    const document = openapi({
      info,
      servers: [{ url: "https://{region}.example.com", variables: { ...entry(name, { default: "x" }), region: { default: "eu" } } }],
      securitySchemes: entry(name, { type: "oauth2", flows: { implicit: { authorizationUrl: "https://auth.example.com", scopes: entry(name, "read") } } }),
      security: [entry(name, [name])],
      paths: { "GET /a": { security: [entry(name, [])], 200: null } },
    });
    own(document, "components", "securitySchemes", name, "flows", "implicit", "scopes", name);
    own(document, "security", "0", name);
    own(document, "paths", "/a", "get", "security", "0", name);
    own(document, "servers", "0", "variables", name);
    await expectValidOpenAPI(document);
  });

  it("as a field of an OpenAPI object it is not a field of: INVALID_DEFINITION, not silently dropped", () => {
    const error = catchError(() => openapi({ info: { ...info, ...entry(name, "x") }, paths: {} }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe(`info.${name}`);
  });
});
