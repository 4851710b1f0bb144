/**
 * `PathsOf<T>`: the `paths` type openapi-typescript would write for the document of a
 * definition, read from the definition's own type, for openapi-fetch and the clients built
 * on it. Only the eight methods of every version have a member, as openapi-typescript
 * writes them; QUERY and other 3.2 methods have none.
 */
import type { HttpMethod } from "../document";
import type { definitionType } from "./carried";
import type { Flat, ParametersOf, PathItemParametersOf } from "./parameters-of";
import type { RequestBodyOf } from "./request-body-of";
import type { ResponsesOf } from "./responses-of";
import type { NormalisePath, OperationKey } from "./route-key";

/** The definition behind `T`: a definition object, or what a builder or `openapi()`'s document carries. */
export type DefinitionOf<T> = T extends { readonly [definitionType]?: infer D } ? (unknown extends D ? T : NonNullable<D>) : T;

type RoutesOf<D> = D extends { readonly paths: infer P } ? P : Record<never, never>;
/** A map of the definition (`schemas`, `parameters`, `responses`, `requestBodies`), or none. */
type MapOf<D, Field extends string> = D extends { readonly [F in Field]: infer M } ? M : Record<never, never>;
type VersionOf<D> = D extends { readonly openapi: infer V } ? V : "3.1.0";
/** Whether the definition's plugins hold `problemResponses()` (known by its name's type). */
type HasProblems<D> = D extends { readonly plugins: readonly (infer P)[] } ? ([Extract<P, { readonly name: "problemResponses" }>] extends [never] ? false : true) : false;

/** Routes by operation key (`"get /users/{id}"`), so each path item finds its operations by key. */
export type OperationsOf<D> = { [K in keyof RoutesOf<D> as OperationKey<K>]: RoutesOf<D>[K] };

/** A path's own fields (a `"/users/:id"` key, no method) by the path as the document writes it. */
export type PathItemsOf<D> = { [K in keyof RoutesOf<D> as K extends `/${string}` ? NormalisePath<K> : never]: RoutesOf<D>[K] };

/** `"/users/{id}"` and `"get"` from `"get /users/{id}"`. */
type PathOf<Key> = Key extends `${string} ${infer P}` ? P : never;
type MethodOf<Key> = Key extends `${infer M} ${string}` ? M : never;

/** What a path's own fields (`"/users/:id"`) add to its union of methods: a mark, not a method. */
type OwnFields = "/";

/**
 * The methods of each path, as one union by path (keys mapped to one path merge their
 * values), with `OwnFields` when the path has its own fields: a path item lists its
 * methods from it instead of testing each of the eight against every key, which made
 * openapi-fetch's look-up of the paths with a method cost thousands of instantiations a
 * path ("excessively deep" at 1,000 operations); one map for both kinds of key keeps
 * 5,000 operations under the limit.
 */
type MethodsByPath<D> = {
  [K in keyof RoutesOf<D> as K extends `/${string}` ? NormalisePath<K> : PathOf<OperationKey<K>>]: K extends `/${string}` ? OwnFields : MethodOf<OperationKey<K>>;
};

/** One operation: its members are resolved when a call reads them, not when its path item is listed. */
type Operation<D, Route, Path extends string, Item> = {
  parameters: ParametersOf<Route, Path, Item, MapOf<D, "parameters">>;
  responses: ResponsesOf<Route, MapOf<D, "schemas">, VersionOf<D>, MapOf<D, "responses">, HasProblems<D>>;
} & RequestBodyOf<Route, MapOf<D, "requestBodies">>;

type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };

/** A path item: `parameters` (its own fields' only), then each of the eight methods. */
type PathItem<D, Ops, Path extends string, Methods, Item> = Flat<
  { parameters: [keyof Item] extends [never] ? NoParameters : PathItemParametersOf<Item, Path, MapOf<D, "parameters">> } & {
    [M in Methods & HttpMethod]: Operation<D, Ops[`${M} ${Path}` & keyof Ops], Path, Item>;
  } & { [M in Exclude<HttpMethod, Methods>]?: never }
>;

/** The path's own fields, when its methods say it has some. */
type ItemAt<D, Path, Methods> = OwnFields extends Methods ? PathItemsOf<D>[Path & keyof PathItemsOf<D>] : Record<never, never>;

type PathsOfDefinition<D, Ops = OperationsOf<D>, ByPath = MethodsByPath<D>> = {
  [Path in keyof ByPath & string]: PathItem<D, Ops, Path, ByPath[Path], ItemAt<D, Path, ByPath[Path]>>;
};

/**
 * The `paths` of the document `T` describes, in openapi-typescript's shape:
 * `createClient<PathsOf<typeof definition>>()`. `T` is a definition object, an `OpenAPI`
 * builder, or the document `openapi()` returned.
 */
export type PathsOf<T> = PathsOfDefinition<DefinitionOf<T>>;
