import type { OpenAPI } from "../generate/builder";
import type { SpecloomDefinition } from "../types/definition";
import type { RouteKeyOf as DefinitionRouteKey, ValidatedRequestOf } from "../types/paths-of/validated-request";
import type { Problem } from "../types/problem";

export type { IssueLocation, Problem, RequestIssue } from "../types/problem";

/** What `requestValidator` takes: the object given to `openapi()`, or an `OpenAPI` builder. */
export type ValidatorDefinition = SpecloomDefinition | OpenAPI;

export interface RequestValidatorOptions {
  /** The largest body read, in bytes; a larger one is refused with 413 while it is read. Default 1 MiB. */
  bodyLimit?: number;
  /** Milliseconds to read the whole body; one that has not arrived by then is refused with 408. 0: no limit. Default 60,000 (a minute). */
  bodyTimeout?: number;
  /** How deep a JSON body may nest arrays and objects; a deeper one is refused with 400 before any schema sees it. Default 128. */
  depthLimit?: number;
}

/** The route keys a definition or builder declares, as written or as the document names them (`PathsOf`'s rules). */
export type RouteKeyOf<D> = [DefinitionRouteKey<D>] extends [never] ? string : DefinitionRouteKey<D>;

/**
 * The validated parts of a route: each part's Standard Schema output, by the same rules as
 * `PathsOf` (`ValidatedRequestOf`). Without a route key, the union over the routes; for a
 * definition whose routes its type does not show, `unknown` parts.
 */
export type ValidatedParts<D, K> = [DefinitionRouteKey<D>] extends [never] ? PartsOf : K extends DefinitionRouteKey<D> ? ValidatedRequestOf<D, K> : PartsOf;

interface PartsOf {
  params: unknown;
  query: unknown;
  headers: unknown;
  cookies: unknown;
  body: unknown;
}

/** A request that matched its route and passed every schema: the schemas' outputs. */
export type ValidRequest<D, K> = { ok: true; route: string } & ValidatedParts<D, K>;

/** A refused request: the status to answer, its Problem Details and a ready Response. */
export interface InvalidRequest {
  ok: false;
  status: 400 | 404 | 405 | 408 | 413 | 415;
  problem: Problem;
  response(): Response;
}

export type ValidationResult<D, K> = ValidRequest<D, K> | InvalidRequest;

/** `validate(request)` finds the route; `validate(request, "GET /users/{id}")` checks that one. */
export type Validate<D> = <K extends RouteKeyOf<D> = RouteKeyOf<D>>(request: Request, route?: K) => Promise<ValidationResult<D, K>>;
