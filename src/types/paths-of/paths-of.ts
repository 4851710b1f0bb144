/**
 * `PathsOf<T>`: the `paths` type openapi-typescript would write for the document of a
 * definition, read from the definition's own type, for openapi-fetch and the clients built
 * on it. Only the eight methods of every version have a member, as openapi-typescript
 * writes them; QUERY and other 3.2 methods have none.
 */
import type { HttpMethod } from "../document";
import type { definitionType } from "./carried";
import type { Flat, ParametersOf } from "./parameters-of";
import type { RequestBodyOf } from "./request-body-of";
import type { ResponsesOf } from "./responses-of";
import type { OperationKey } from "./route-key";

/** The definition behind `T`: a definition object, or what a builder or `openapi()`'s document carries. */
export type DefinitionOf<T> = T extends { readonly [definitionType]?: infer D } ? (unknown extends D ? T : NonNullable<D>) : T;

type RoutesOf<D> = D extends { readonly paths: infer P } ? P : Record<never, never>;
type SchemasOf<D> = D extends { readonly schemas: infer S } ? S : Record<never, never>;
type VersionOf<D> = D extends { readonly openapi: infer V } ? V : "3.1.0";

/** Routes by operation key (`"get /users/{id}"`), so each path item finds its operations by key. */
export type OperationsOf<D> = { [K in keyof RoutesOf<D> as OperationKey<K>]: RoutesOf<D>[K] };

/** The normalised paths of the routes. */
type PathOf<Key> = Key extends `${string} ${infer P}` ? P : never;

type Operation<Route, Path extends string, Schemas, Version> = Flat<
  { parameters: ParametersOf<Route, Path> } & RequestBodyOf<Route> & { responses: ResponsesOf<Route, Schemas, Version> }
>;

type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };

/** A path item: `parameters` (none: every route declares its own), then each of the eight methods. */
type PathItem<Ops, Path extends string, Schemas, Version> = Flat<
  { parameters: NoParameters } & {
    [M in HttpMethod as `${M} ${Path}` extends keyof Ops ? M : never]: Operation<Ops[`${M} ${Path}` & keyof Ops], Path, Schemas, Version>;
  } & { [M in HttpMethod as `${M} ${Path}` extends keyof Ops ? never : M]?: never }
>;

type PathsOfDefinition<D, Ops = OperationsOf<D>> = {
  [Path in PathOf<keyof Ops>]: PathItem<Ops, Path, SchemasOf<D>, VersionOf<D>>;
};

/**
 * The `paths` of the document `T` describes, in openapi-typescript's shape:
 * `createClient<PathsOf<typeof definition>>()`. `T` is a definition object, an `OpenAPI`
 * builder, or the document `openapi()` returned.
 */
export type PathsOf<T> = PathsOfDefinition<DefinitionOf<T>>;
