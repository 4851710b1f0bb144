import { toStandardJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteShorthand, StandardJSONSchemaV1 } from "specloom";
import { errorResponses, type ErrorResponseEntry } from "specloom/plugins";
import { catchError, errorSchemas, info, operation, responseSchema, User, ways } from "./helpers";

const paths: Record<string, RouteShorthand> = {
  "GET /users": { 200: z.array(User) },
  "POST /users": { body: User, 201: User, 400: { description: "Invalid user" } },
  // The core reads "4xx" as "4XX"; RouteShorthand's type lists the upper-case form only.
  "GET /users/{id}": { params: z.object({ id: z.string() }), 200: User, ...({ "4xx": null } as RouteShorthand) },
};

const zodError = (errorSchemas[0] as { schema: StandardJSONSchemaV1 }).schema;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe.each(ways)("errorResponses through $way, OpenAPI $version", ({ build, make, version }) => {
  describe.each(errorSchemas)("with a $name schema", ({ schema }) => {
    it("adds each response where the operation lacks that status; one shared schema is one `Error` component", async () => {
      const document = await build({ info, paths, plugins: [errorResponses([{ status: 400, schema }, { status: 500, schema }])] });
      expect(Object.keys(document.components?.schemas ?? {})).toContain("Error");
      const error = document.components?.schemas?.Error as { properties?: Record<string, unknown> };
      expect(Object.keys(error.properties ?? {}).sort()).toEqual(["code", "message"]);
      for (const [path, method] of [["/users", "get"], ["/users/{id}", "get"]] as const) {
        expect(responseSchema(document, path, method, "400")).toEqual(ref("Error"));
        expect(responseSchema(document, path, method, "500")).toEqual(ref("Error"));
      }
      expect(responseSchema(document, "/users", "post", "500")).toEqual(ref("Error"));
    });
  });

  it("keeps a status the operation defines itself", async () => {
    const schema = zodError;
    const document = await build({ info, paths, plugins: [errorResponses([{ status: 400, schema }, { status: "4XX", schema }])] });
    const post = operation(document, "/users", "post").responses as Record<string, unknown>;
    expect(post["400"]).toEqual({ description: "Invalid user" });
    const byId = operation(document, "/users/{id}", "get").responses as Record<string, unknown>;
    expect(byId["4XX"]).toEqual({ description: "Client Error" });
    expect(responseSchema(document, "/users/{id}", "get", "400")).toEqual(ref("Error"));
    expect(responseSchema(document, "/users", "get", "4XX")).toEqual(ref("Error"));
  });

  it("accepts 404, \"404\", \"5xx\" and \"default\", and writes them as OpenAPI keys", async () => {
    const Problem = z.object({ title: z.string() });
    const document = await build({
      info,
      paths: { "GET /a": { 200: null } },
      plugins: [errorResponses([{ status: 404, schema: Problem }, { status: "409", schema: Problem }, { status: "5xx", schema: Problem }, { status: "default", schema: Problem }])],
    });
    expect(Object.keys(operation(document, "/a", "get").responses ?? {})).toEqual(["200", "404", "409", "5XX", "default"]);
  });

  it("names distinct schemas after the first status that uses each", async () => {
    const NotFound = z.object({ resource: z.string() });
    const Problem = z.object({ title: z.string() });
    const document = await build({
      info,
      paths: { "GET /a": { 200: null } },
      plugins: [errorResponses([{ status: 404, schema: NotFound }, { status: "4XX", schema: Problem }, { status: "default", schema: Problem }])],
    });
    expect(responseSchema(document, "/a", "get", "404")).toEqual(ref("Error404"));
    expect(responseSchema(document, "/a", "get", "4XX")).toEqual(ref("Error4XX"));
    expect(responseSchema(document, "/a", "get", "default")).toEqual(ref("Error4XX"));
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(["Error404", "Error4XX"]);
  });

  it("uses a given name, and steps a derived name around it", async () => {
    const A = z.object({ a: z.string() });
    const B = z.object({ b: z.string() });
    const C = z.object({ c: z.string() });
    const document = await build({
      info,
      paths: { "GET /a": { 200: null } },
      plugins: [errorResponses([{ status: 400, schema: A, name: "Error500" }, { status: 409, schema: B, name: "Conflict" }, { status: 500, schema: C }])],
    });
    expect(responseSchema(document, "/a", "get", "400")).toEqual(ref("Error500"));
    expect(responseSchema(document, "/a", "get", "409")).toEqual(ref("Conflict"));
    expect(responseSchema(document, "/a", "get", "500")).toEqual(ref("Error5002"));
  });

  it("uses description and contentType, and writes an entry without schema as a response without body", async () => {
    const Problem = z.object({ title: z.string(), status: z.number().int() });
    const document = await build({
      info,
      paths: { "GET /a": { 200: null } },
      plugins: [
        errorResponses([
          { status: 401, description: "Missing or invalid token" },
          { status: 429 },
          { status: "default", schema: Problem, contentType: "application/problem+json", description: "A problem, per RFC 9457" },
        ]),
      ],
    });
    const responses = operation(document, "/a", "get").responses as Record<string, unknown>;
    expect(responses["401"]).toEqual({ description: "Missing or invalid token" });
    expect(responses["429"]).toEqual({ description: "Too Many Requests" });
    expect(responses.default).toEqual({ description: "A problem, per RFC 9457", content: { "application/problem+json": { schema: ref("Error") } } });
  });

  it("keeps the name a definition gives the schema, and accepts a registered schema's name", async () => {
    const Problem = z.object({ title: z.string() });
    const document = await build({
      info,
      schemas: { Problem },
      paths: { "GET /a": { 200: null } },
      plugins: [errorResponses([{ status: 400, schema: Problem }, { status: 500, schema: "Problem" }])],
    });
    expect(responseSchema(document, "/a", "get", "400")).toEqual(ref("Problem"));
    expect(responseSchema(document, "/a", "get", "500")).toEqual(ref("Problem"));
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(["Problem"]);
  });

  it("reports its default name clashing with a different schema the definition calls Error", () => {
    const error = catchError(() =>
      make({
        info,
        schemas: { Error: z.object({ mine: z.string() }) },
        paths: { "GET /a": { 200: null } },
        plugins: [errorResponses([{ status: 400, schema: z.object({ theirs: z.string() }) }])],
      }),
    );
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toContain('plugin "errorResponses" (schemas.Error)');
  });

  it("keeps the name a schema gives itself (Zod .meta({ id })) over the default name", async () => {
    const ApiError = z.object({ message: z.string() }).meta({ id: "ApiError" });
    for (const entry of [{ status: 400, schema: ApiError }, { status: 400, schema: ApiError, name: "ApiError" }]) {
      const document = await build({ info, paths: { "GET /a": { 200: null }, "GET /b": { 200: null } }, plugins: [errorResponses([entry])] });
      expect(responseSchema(document, "/a", "get", "400")).toEqual(ref("ApiError"));
      expect(responseSchema(document, "/b", "get", "400")).toEqual(ref("ApiError"));
      expect(Object.keys(document.components?.schemas ?? {})).toEqual(["ApiError"]);
    }
  });

  it("skips excluded routes", async () => {
    const schema = zodError;
    const document = await build({ info, paths, plugins: [errorResponses([{ status: 500, schema }], { exclude: "/users/{id}" })] });
    expect(operation(document, "/users/{id}", "get").responses).not.toHaveProperty("500");
    expect(responseSchema(document, "/users", "get", "500")).toEqual(ref("Error"));
  });

  it("adds no component when exclude leaves it no route, while a schema the definition registers stays", async () => {
    const schema = zodError;
    const Kept = z.object({ kept: z.boolean() });
    const unused = await build({ info, paths, schemas: { Kept }, plugins: [errorResponses([{ status: 500, schema }], { exclude: () => true })] });
    expect(Object.keys(unused.components?.schemas ?? {})).toEqual(["Kept"]);
    expect(operation(unused, "/users", "get").responses).not.toHaveProperty("500");
    const used = await build({ info, paths, schemas: { Kept }, plugins: [errorResponses([{ status: 500, schema }], { exclude: "/users/*" })] });
    expect(Object.keys(used.components?.schemas ?? {})).toEqual(["Kept", "Error"]);
    expect(responseSchema(used, "/users", "get", "500")).toEqual(ref("Error"));
  });

  it("does not change the caller's routes", async () => {
    const route: RouteShorthand = { 200: User };
    const schema = zodError;
    await build({ info, paths: { "GET /me": route }, plugins: [errorResponses([{ status: 500, schema, description: "Oops" }])] });
    expect(Object.keys(route)).toEqual(["200"]);
  });

  if (version === "3.1.0") {
    it("leaves webhooks alone", async () => {
      const schema = zodError;
      const document = await build({ info, paths, webhooks: { "POST ping": { 200: null } }, plugins: [errorResponses([{ status: 500, schema }])] });
      expect(Object.keys(document.webhooks?.ping?.post?.responses ?? {})).toEqual(["200"]);
    });
  }
});

describe.each(ways)("errorResponses with plain-object Standard Schemas, through $way, OpenAPI $version", ({ build }) => {
  /** A hand-written Standard JSON Schema (a plain object, as Valibot's toStandardJsonSchema returns) that counts its calls. */
  const handWritten = () => {
    const calls: string[] = [];
    const json = () => ({ type: "string", description: "What went wrong" });
    const schema: StandardJSONSchemaV1 = {
      "~standard": {
        version: 1,
        vendor: "hand-made",
        jsonSchema: {
          input: ({ target }) => (calls.push(`input:${target}`), json()),
          output: ({ target }) => (calls.push(`output:${target}`), json()),
        },
      },
    };
    return { schema, calls };
  };
  const plainSchemas = [
    ["valibot", () => ({ schema: toStandardJsonSchema(v.pipe(v.string(), v.description("What went wrong"))), calls: undefined })],
    ["hand-written", handWritten],
  ] as const;

  it.each(plainSchemas)("a %s schema is one component, a $ref on every route, its JSON Schema asked for once", async (_name, make) => {
    const { schema, calls } = make();
    const document = await build({ info, paths, plugins: [errorResponses([{ status: 400, schema }, { status: "5XX", schema, description: "Try again" }])] });
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(["Error"]);
    expect(document.components?.schemas?.Error).toMatchObject({ type: "string", description: "What went wrong" });
    for (const [path, method] of [["/users", "get"], ["/users", "post"], ["/users/{id}", "get"]] as const) {
      if (path !== "/users" || method !== "post") expect(responseSchema(document, path, method, "400")).toEqual(ref("Error"));
      expect(responseSchema(document, path, method, "5XX")).toEqual(ref("Error"));
    }
    // Asked once for the output side (the first target the document's version takes), however many routes use it.
    if (calls) expect(calls.length).toBe(1);
  });
});

describe("errorResponses options", () => {
  const invalid = (entries: unknown, option: string, detail: string, code = "INVALID_DEFINITION") => {
    const error = catchError(() => errorResponses(entries as ErrorResponseEntry[]));
    expect(error.code).toBe(code);
    expect(error.location).toBe(`plugin "errorResponses" (${option})`);
    expect(error.message).toContain(detail);
  };
  const schema = z.object({ message: z.string() });

  it.each([600, 99, 404.5, "6XX", "abc", "40", null])("rejects the status %s when the plugin is created", (status) => {
    invalid([{ status: 400 }, { status }], "entries[1].status", 'expected a status from 100 to 599, "1XX" to "5XX" or "default"');
  });

  it("rejects a status given twice, in any spelling", () => {
    invalid([{ status: 404 }, { status: "404" }], "entries[1].status", "the status 404 is also given by entries[0]");
    invalid([{ status: "4xx" }, { status: "4XX" }], "entries[1].status", "the status 4XX is also given by entries[0]");
  });

  it("rejects schemas that are not Standard JSON Schemas, and malformed fields", () => {
    invalid([{ status: 400, schema: { type: "object" } }], "entries[0].schema", "expected a Standard JSON Schema");
    invalid([{ status: 400, schema: "not a name" }], "entries[0].schema", "component name");
    invalid([{ status: 400, description: 5 }], "entries[0].description", "expected a string");
    invalid([{ status: 400, contentType: "" }], "entries[0].contentType", "non-empty string");
    invalid([{ status: 400, body: schema }], "entries[0].body", "unknown field of an entry");
    invalid({ status: 400 }, "entries", "expected an array");
    invalid([400], "entries[0]", "expected { status, schema?, description? }");
  });

  it("rejects names that are not component names or name no schema object", () => {
    invalid([{ status: 400, schema, name: "" }], "entries[0].name", "component name");
    invalid([{ status: 400, schema, name: "Bad name" }], "entries[0].name", "component name");
    invalid([{ status: 400, name: "Err" }], "entries[0].name", "no schema object");
  });

  it("rejects one name for two schemas, and two names for one schema", () => {
    invalid([{ status: 400, schema, name: "E" }, { status: 500, schema: z.object({ other: z.string() }), name: "E" }], "entries[1].name", 'gives the name "E" to a different schema object', "DUPLICATE_SCHEMA");
    invalid([{ status: 400, schema, name: "A" }, { status: 500, schema, name: "B" }], "entries[1].name", 'names the same schema object "A"', "DUPLICATE_SCHEMA");
  });

  it("rejects unknown options", () => {
    const error = catchError(() => errorResponses([], { only: ["/a"] } as never));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe('plugin "errorResponses" (options.only)');
  });

  it("contributes its named schemas through the plugin's `schemas` field", () => {
    const other = z.object({ b: z.string() });
    expect(errorResponses([{ status: 400, schema }, { status: 500, schema }]).schemas).toEqual({ Error: schema });
    expect(errorResponses([{ status: 400, schema }, { status: 500, schema: other }]).schemas).toEqual({ Error400: schema, Error500: other });
    expect(errorResponses([{ status: 400 }]).schemas).toBeUndefined();
  });
});
