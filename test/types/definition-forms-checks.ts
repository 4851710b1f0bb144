/**
 * The definition forms in `PathsOf` and `ValidatedRequestOf`, as exact types: a path's own
 * fields under every operation (the operation's over them), listed and registered
 * parameters, registered responses and request bodies, headers from one object schema.
 * Checked by the type checker.
 */
import { z } from "zod";
import { OpenAPI, openapi, type PathsOf, type RouteKeyOf, type ValidatedRequestOf } from "specloom";
import { assert, type Equal } from "./type-assertions";

const Order = z.object({ id: z.string(), total: z.number() });

const definition = {
  info: { title: "Forms", version: "1.0.0" },
  parameters: {
    Tenant: { name: "x-tenant", in: "header", required: true, schema: z.string() },
    Page: { name: "page", in: "query", schema: z.number().int() },
    Elsewhere: { $ref: "https://example.com/parameters.json#/Page" },
  },
  responses: { NotFound: { description: "Nothing here", schema: z.object({ title: z.string() }) } },
  requestBodies: { NewOrder: { schema: Order.omit({ id: true }), required: false }, Raw: z.string().transform((s) => s.length) },
  schemas: { NotFound: Order },
  paths: {
    "/orders/:id": {
      params: z.object({ id: z.coerce.number().int() }),
      query: z.object({ lang: z.string().default("en") }),
      parameters: ["Tenant", { name: "trace", in: "cookie", schema: z.string() }],
    },
    "GET /orders/{id}": {
      parameters: ["Page", "Elsewhere", { name: "lang", in: "query", required: true, schema: z.enum(["en", "fr"]) }],
      200: { schema: Order, headers: z.object({ ETag: z.string(), "X-Rate-Limit": z.number().optional() }) },
      404: "NotFound",
    },
    "PUT /orders/{id}": { params: z.object({ id: z.string() }), query: z.object({ force: z.boolean() }), body: "NewOrder", 204: null },
    "POST /raw": { body: "Raw", 204: null },
  },
} as const;
export const document = openapi(definition);
type Paths = PathsOf<typeof definition>;

// The path's own parameters: in its path item, and under each operation; the operation's `lang` over the path's.
assert<Equal<Paths["/orders/{id}"]["parameters"], { query?: { lang?: string | undefined }; header: { "x-tenant": string }; path: { id: unknown }; cookie?: { trace?: string } }>>();
assert<Equal<Paths["/orders/{id}"]["get"]["parameters"], { query: { lang: "en" | "fr"; page?: number }; header: { "x-tenant": string }; path: { id: unknown }; cookie?: { trace?: string } }>>();
assert<Equal<Paths["/orders/{id}"]["put"]["parameters"]["path"], { id: string }>>();
// A name is the registered response's before the schema's; headers from one schema, optional where the property is.
assert<Equal<Paths["/orders/{id}"]["get"]["responses"][404]["content"], { "application/json": { title: string } }>>();
type Headers200 = Paths["/orders/{id}"]["get"]["responses"][200]["headers"];
assert<Equal<Headers200["ETag"], string>>();
assert<Equal<Pick<Headers200, "X-Rate-Limit">, { "X-Rate-Limit"?: number | undefined }>>();
// A registered request body, optional as registered.
assert<Equal<Paths["/orders/{id}"]["put"]["requestBody"], { content: { "application/json": { total: number } } } | undefined>>();
assert<Equal<PathsOf<typeof document>, Paths>>();

// Validated parts: the path's schema and the route's own merged, the route's winning key by key
// (outputs: defaults and coercion applied); a part no schema describes holds what parameters
// listed whole give, untyped.
assert<Equal<ValidatedRequestOf<typeof definition, "GET /orders/{id}">, { params: { id: number }; query: { lang: string }; headers: Record<string, unknown>; cookies: Record<string, unknown>; body: undefined }>>();
assert<Equal<ValidatedRequestOf<typeof definition, "PUT /orders/{id}">, { params: { id: string }; query: { lang: string; force: boolean }; headers: Record<string, unknown>; cookies: Record<string, unknown>; body: { total: number } | undefined }>>();
assert<Equal<ValidatedRequestOf<typeof definition, "POST /raw">["body"], number>>();
// A path's own fields are no route.
assert<Equal<RouteKeyOf<typeof definition>, "GET /orders/{id}" | "GET /orders/:id" | "PUT /orders/{id}" | "PUT /orders/:id" | "POST /raw">>();

// The builder carries the same: `path()`, `parameter()`, `response()` and `requestBody()` type as the definition's maps do.
const { parameters, responses, requestBodies, paths } = definition;
export const api = new OpenAPI({ info: definition.info })
  .schema("NotFound", Order)
  .parameter("Tenant", parameters.Tenant)
  .parameter("Page", parameters.Page)
  .parameter("Elsewhere", parameters.Elsewhere)
  .response("NotFound", responses.NotFound)
  .requestBody("NewOrder", requestBodies.NewOrder)
  .requestBody("Raw", requestBodies.Raw)
  .path("/orders/:id", paths["/orders/:id"])
  .route("GET /orders/{id}", paths["GET /orders/{id}"])
  .route("PUT", "/orders/{id}", paths["PUT /orders/{id}"])
  .route("POST /raw", paths["POST /raw"]);
assert<Equal<PathsOf<typeof api>, Paths>>();
assert<Equal<PathsOf<ReturnType<typeof api.document>>, Paths>>();
assert<Equal<ValidatedRequestOf<typeof api, "GET /orders/{id}">, ValidatedRequestOf<typeof definition, "GET /orders/{id}">>>();
assert<Equal<ValidatedRequestOf<typeof api, "POST /raw">["body"], number>>();
