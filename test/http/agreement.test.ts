/**
 * The document and the validator agree: for each example API (and the users API in each
 * schema library), requests built from the generated document by clients nobody here wrote
 * (openapi-fetch with its default serialisers; qs for form arrays and deepObject), carrying
 * random valid values made from each parameter's JSON Schema, are accepted and give those
 * values back; a random wrong value of one parameter is refused with that parameter's
 * place and name. Seeded and bounded.
 */
import fc from "fast-check";
import createClient from "openapi-fetch";
import qs from "qs";
import { describe, expect, it } from "vitest";
import { openapi, type OpenAPIDocument, type SpecloomDefinition } from "specloom";
import { requestValidator, type InvalidRequest, type ValidRequest } from "specloom/http";
import catalogue from "../../examples/catalogue";
import petstore from "../../examples/petstore";
import { expectValidOpenAPI } from "../helpers/document";
import { userApis, usersApi } from "./apis";
import { arbitraryOf, invalidOf, type Resolve } from "./arbitraries";

type Json = Record<string, unknown>;
const base = "http://api.test";
const RUNS = 25;

interface Operation {
  method: string;
  path: string;
  parameters: Json[];
  body: unknown;
}

function resolver(document: OpenAPIDocument): Resolve {
  return (node) => {
    let current = node as Json;
    while (typeof current?.$ref === "string") current = (current.$ref as string).slice(2).split("/").reduce<Json>((at, key) => at[key] as Json, document as unknown as Json);
    return current;
  };
}

/** Each operation a client can call with JSON (or no) body. */
function operations(document: OpenAPIDocument, resolve: Resolve): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item)) {
      const op = operation as Json;
      const content = (resolve(op.requestBody ?? {}).content ?? {}) as Json;
      if (op.requestBody !== undefined && !("application/json" in content)) continue;
      found.push({ method, path, parameters: ((op.parameters ?? []) as unknown[]).map(resolve), body: (content["application/json"] as Json | undefined)?.schema });
    }
  }
  return found;
}

/** Values a client can send: no empty list or object (form and deepObject write nothing for them). */
function sendable(value: unknown, place: string): boolean {
  if (place === "body") return true;
  if (Array.isArray(value)) return value.length > 0;
  return !(typeof value === "object" && value !== null && Object.keys(value).length === 0);
}

function requestArbitrary(operation: Operation, resolve: Resolve) {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters) {
    const key = `${parameter.in}:${parameter.name}`;
    record[key] = arbitraryOf(parameter.schema, resolve, parameter.in as "query").filter((value) => sendable(value, parameter.in as string));
    if (parameter.required === true) required.push(key);
  }
  if (operation.body !== undefined) {
    record["body:"] = arbitraryOf(operation.body, resolve, "body");
    required.push("body:");
  }
  return fc.record(record, { requiredKeys: required });
}

/** The generated values by part, with each absent parameter's documented default, as the schema's output has it. */
function expected(operation: Operation, values: Json, resolve: Resolve) {
  const parts: Record<string, Json> = { path: {}, query: {}, header: {}, cookie: {} };
  for (const parameter of operation.parameters) {
    const value = values[`${parameter.in}:${parameter.name}`];
    const fallback = resolve(parameter.schema).default;
    if (value !== undefined) (parts[parameter.in as string] as Json)[parameter.name as string] = value;
    else if (fallback !== undefined) (parts[parameter.in as string] as Json)[parameter.name as string] = fallback;
  }
  return parts;
}

function split(values: Json) {
  const parts: Record<string, Json> = { path: {}, query: {}, header: {}, cookie: {} };
  for (const [key, value] of Object.entries(values)) {
    const [place, name] = key.split(/:(.*)/s) as [string, string];
    if (place !== "body") (parts[place] as Json)[name] = value;
  }
  return parts;
}

/**
 * The output without the properties the client did not send and the document gives no
 * default for: a schema's default the library leaves out of its JSON Schema (ArkType does).
 */
function withoutUnsentDefaults(output: Json, want: Json): Json {
  return Object.fromEntries(Object.entries(output).filter(([name]) => name in want));
}

const cookieHeader = (cookies: Json) => Object.entries(cookies).map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`).join("; ");

/** openapi-fetch, default serialisers; the request it would send is captured instead. */
async function viaOpenapiFetch(operation: Operation, values: Json): Promise<Request> {
  let sent: Request | undefined;
  const client = createClient<never>({ baseUrl: base, fetch: async (request: Request) => ((sent = request), new Response(null, { status: 204 })) });
  const parts = split(values);
  const cookie = cookieHeader(parts.cookie as Json);
  const init = { params: { path: parts.path, query: parts.query, header: parts.header }, body: values["body:"], headers: cookie ? { cookie } : {} };
  await (client as unknown as { request: (method: string, path: string, init: object) => Promise<unknown> }).request(operation.method.toUpperCase(), operation.path, init);
  return sent as Request;
}

/** qs for the query (repeated keys for arrays, brackets for deepObject, `+` for spaces); simple style for the path. */
function viaQs(operation: Operation, values: Json): Request {
  const parts = split(values);
  const path = operation.path.replace(/\{([^}]+)\}/g, (_all, name: string) => encodeURIComponent(String((parts.path as Json)[name])));
  const search = qs.stringify(parts.query, { arrayFormat: "repeat", format: "RFC1738" });
  const headers = new Headers();
  for (const [name, value] of Object.entries(parts.header as Json)) headers.set(name, Array.isArray(value) ? value.join(",") : String(value));
  const cookie = cookieHeader(parts.cookie as Json);
  if (cookie) headers.set("cookie", cookie);
  const body = values["body:"];
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${base}${path}${search ? `?${search}` : ""}`, { method: operation.method.toUpperCase(), headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

const apis: [string, SpecloomDefinition][] = [
  ["examples/petstore.ts", petstore as SpecloomDefinition],
  ["examples/catalogue.ts", catalogue as SpecloomDefinition],
  ...userApis.map((lib): [string, SpecloomDefinition] => [`the users API in ${lib.name}`, usersApi(lib, "3.1.0") as SpecloomDefinition]),
];

describe.each(apis)("%s: the document and the validator agree", (_name, definition) => {
  const document = openapi(definition);
  const resolve = resolver(document);
  const validate = requestValidator(definition);

  it("is a valid document", async () => {
    await expectValidOpenAPI(document);
  });

  for (const operation of operations(document, resolve)) {
    const label = `${operation.method.toUpperCase()} ${operation.path}`;

    it.each([
      ["openapi-fetch", viaOpenapiFetch],
      ["qs", viaQs],
    ] as const)(`${label}: random valid values sent by %s are accepted and given back`, async (_client, build) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation, resolve), async (values) => {
          const result = await validate(await build(operation, values as Json));
          expect(result.ok, JSON.stringify((result as InvalidRequest).problem)).toBe(true);
          const valid = result as ValidRequest<unknown, string>;
          const want = expected(operation, values as Json, resolve);
          expect(valid.params).toEqual(want.path);
          expect(withoutUnsentDefaults(valid.query as Json, want.query as Json)).toEqual(want.query);
          expect(valid.headers).toEqual(want.header);
          expect(valid.cookies).toEqual(want.cookie);
          expect(valid.body).toEqual((values as Json)["body:"]);
        }),
        { seed: 2026, numRuns: RUNS },
      );
    });

    const wrong = operation.parameters.filter((parameter) => invalidOf(parameter.schema, resolve) !== undefined);
    if (wrong.length === 0) continue;
    it(`${label}: a random wrong value of one parameter is refused with its place and name`, async () => {
      const arbitrary = fc.tuple(requestArbitrary(operation, resolve), fc.constantFrom(...wrong)).chain(([values, parameter]) =>
        (invalidOf(parameter.schema, resolve) as fc.Arbitrary<string>).map((bad) => ({ values: { ...values, [`${parameter.in}:${parameter.name}`]: bad }, parameter })),
      );
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ values, parameter }) => {
          const result = (await validate(viaQs(operation, values))) as InvalidRequest;
          expect(result.status).toBe(400);
          expect(result.problem.issues?.map((issue) => [issue.in, issue.name])).toContainEqual([parameter.in, parameter.name]);
        }),
        { seed: 2026, numRuns: RUNS },
      );
    });
  }
});
