/**
 * specloom/hono: Hono middleware from a definition. Web standard like Hono itself (Node,
 * Bun, Deno, Workers); it imports only Hono's types, so `hono` is an optional peer.
 */
import type { MiddlewareHandler } from "hono";
import { serverValidator, type ServerValidatorOptions } from "../http/server-validator";
import type { RouteKeyOf, ValidatedParts, ValidatorDefinition, ValidRequest } from "../http/types";
import type { OpenAPIDocument } from "../types/document";

export type HonoValidatorOptions = ServerValidatorOptions;

/** What a route's handler reads: `c.var.specloom`, the whole validated request. */
export interface SpecloomEnv<D, K> {
  Variables: { specloom: ValidRequest<D, K> };
}

/**
 * The validated parts as Hono's validator targets: `c.req.valid("param")`, `"query"`,
 * `"header"`, `"cookie"`, and `"json"` for the body whatever its media type.
 */
export interface SpecloomInput<D, K> {
  out: {
    param: ValidatedParts<D, K>["params"];
    query: ValidatedParts<D, K>["query"];
    header: ValidatedParts<D, K>["headers"];
    cookie: ValidatedParts<D, K>["cookies"];
    json: ValidatedParts<D, K>["body"];
  };
}

export interface HonoValidator<D> {
  /**
   * Middleware for one route, named as the definition or Hono writes it (`"GET
   * /users/:id"`): the handler after it reads each part typed, with no cast. A refused
   * request is answered with its Problem Details before the handler runs.
   */
  route<K extends RouteKeyOf<D>>(key: K): MiddlewareHandler<SpecloomEnv<D, K>, string, SpecloomInput<D, K>>;
  /** Middleware for every route of the definition (`app.use(...)`): the route is found from the method and URL. */
  middleware(): MiddlewareHandler<SpecloomEnv<D, RouteKeyOf<D>>>;
}

/**
 * Hono middleware checking requests as `requestValidator` does, once per request however
 * many of them match it, and the responses of the routes it validated when `responses`
 * asks for it.
 */
export function honoValidator<const D extends ValidatorDefinition | OpenAPIDocument>(definition: D, options?: HonoValidatorOptions): HonoValidator<D> {
  const validator = serverValidator(definition, options);
  const make = (key: string | undefined): MiddlewareHandler => async (c, next) => {
    const result = await validator.request(c.req.raw, key as never, c);
    if (!result.ok) return result.response();
    c.set("specloom", result);
    c.req.addValidatedData("param", result.params as object);
    c.req.addValidatedData("query", result.query as object);
    c.req.addValidatedData("header", result.headers as object);
    c.req.addValidatedData("cookie", result.cookies as object);
    c.req.addValidatedData("json", result.body as object);
    await next();
    // A response made from a thrown error is Hono's onError's, already reported; a HEAD response has no body to check.
    if (!validator.checksResponses || c.error !== undefined || c.req.method === "HEAD") return;
    const checked = await validator.response(result.route, c.res, c);
    if (checked === c.res) return;
    // Unset first: Hono merges the old response's headers into a new one set over it.
    c.res = undefined;
    c.res = checked;
  };
  return { route: (key) => make(key), middleware: () => make(undefined) };
}
