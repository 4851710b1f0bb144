/**
 * What a route's request parts are once validated: each part's Standard Schema output.
 * `specloom/http` types the result of checking a request against a route by it.
 */
import type { InferredContent, IsSchema, OutputOf } from "./schema-types";
import type { DefinitionOf, OperationsOf, PathItemsOf } from "./paths-of";
import type { DisplayKey, FrameworkKey, NormalisePath, OperationKey, TemplateNames } from "./route-key";

type RoutesOf<D> = D extends { readonly paths: infer P } ? P : Record<never, never>;

/**
 * A route's key as written, as the document names it (`"GET /users/{id}"`) or as a framework
 * writes its path (`"GET /users/:id"`); a path's own fields (`"/users/{id}"`) are no route.
 */
export type RouteKeyOf<T> = Extract<keyof RoutesOf<DefinitionOf<T>>, `${string} ${string}`> extends infer K ? (K extends string ? K | DisplayKey<K> | FrameworkKey<K> : never) : never;

type RouteAt<T, K> = OperationsOf<DefinitionOf<T>>[OperationKey<K> & keyof OperationsOf<DefinitionOf<T>>];

/** The path's own fields (a `"/users/{id}"` key) for route `K`, or none. */
type ItemAt<T, K, Items = PathItemsOf<DefinitionOf<T>>> = K extends `${string} ${infer P}` ? (NormalisePath<P> extends keyof Items ? Items[NormalisePath<P>] : None) : None;
type None = Record<never, never>;

/** What a part holds where no schema of the route or its path describes it: the values of parameters listed whole, else nothing. */
type Untyped = Record<string, unknown>;

/** The path's output with the route's over it, key by key: a path's parameters "can be overridden at the operation level, but cannot be removed there". */
type Merged<PathPart, RoutePart> = PathPart extends object ? (RoutePart extends object ? Flat<Omit<PathPart, keyof RoutePart> & RoutePart> : RoutePart) : RoutePart;
type Flat<O> = { [Key in keyof O]: O[Key] } & {};

/** A part's output: the path's schema's and the route's own, merged; either alone; else `Untyped`. */
type PartOutput<Route, Item, Field extends string> = Route extends { readonly [F in Field]: infer S }
  ? [Item] extends [{ readonly [F in Field]: infer P }]
    ? Merged<OutputOf<P>, OutputOf<S>>
    : OutputOf<S>
  : [Item] extends [{ readonly [F in Field]: infer S }]
    ? OutputOf<S>
    : Untyped;

/** Path parameters: the `params` schemas' outputs (the path's and the route's, merged), else each template name as a string. */
type ParamsOutput<Route, Item, Path extends string> = Route extends { readonly params: infer S }
  ? [Item] extends [{ readonly params: infer P }]
    ? Merged<OutputOf<P>, OutputOf<S>>
    : OutputOf<S>
  : [Item] extends [{ readonly params: infer S }]
    ? OutputOf<S>
    : { [Name in TemplateNames<Path>]: string };

type MediaOutput<Media> = Media extends { readonly schema: infer S } ? (IsSchema<S> extends true ? OutputOf<S> : unknown) : unknown;

/** The body's output: one union over a RequestBodyObject's media types; `undefined` too when optional; a name is the registered body's. */
type BodyOutput<Route, Bodies = None> = Route extends { readonly body: infer Body }
  ? Body extends keyof Bodies
    ? BodyOutput<{ body: Bodies[Body] }>
    : IsSchema<Body> extends true
    ? OutputOf<Body>
      : Body extends { readonly content: infer C }
        ? { [CT in keyof C]: MediaOutput<C[CT]> }[keyof C] | (Body extends { readonly required: true } ? never : undefined)
        : (Body extends { readonly schema: infer S }
            ? OutputOf<S>
            : Body extends { readonly itemSchema: unknown }
              ? unknown
              : InferredContent<Body extends { readonly contentType: infer CT } ? CT : "application/json">) | (Body extends { readonly required: false } ? undefined : never)
  : undefined;

type BodiesOf<T> = DefinitionOf<T> extends { readonly requestBodies: infer B } ? B : None;

/**
 * The validated parts of route `K` of `T` (a definition, a builder or `openapi()`'s
 * document): `params`, `query`, `headers`, `cookies` and `body`, each the Standard Schema
 * output of its schema (the path's and the route's own merged, the route's winning key by
 * key); a part no schema describes is `Record<string, unknown>` (the validator gives `{}`,
 * or the values of parameters listed whole), and path parameters without a `params`
 * schema are strings by name.
 */
export type ValidatedRequestOf<T, K extends RouteKeyOf<T>> = {
  params: ParamsOutput<RouteAt<T, K>, ItemAt<T, K>, K extends `${string} ${infer P}` ? NormalisePath<P> : never>;
  query: PartOutput<RouteAt<T, K>, ItemAt<T, K>, "query">;
  headers: PartOutput<RouteAt<T, K>, ItemAt<T, K>, "headers">;
  cookies: PartOutput<RouteAt<T, K>, ItemAt<T, K>, "cookies">;
  body: BodyOutput<RouteAt<T, K>, BodiesOf<T>>;
};
