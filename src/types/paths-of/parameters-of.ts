/**
 * An operation's `parameters`, shaped as openapi-typescript writes them: one member per
 * location, optional when every parameter in it is, `never` when it has none.
 */
import type { InputOf } from "./schema-types";
import type { TemplateNames } from "./route-key";

/** A location's member: `never` for none, optional when its every property is. */
export type Part<Key extends string, T> = [T] extends [never]
  ? { [K in Key]?: never }
  : [keyof T] extends [never]
    ? { [K in Key]?: never }
    : Record<never, never> extends T
      ? { [K in Key]?: T }
      : { [K in Key]: T };

/** Flattens an intersection of members into one object type, modifiers kept. */
export type Flat<T> = { [K in keyof T]: T[K] };

/** The properties of an input object type (`never` when there is no such field). */
type Fields<Route, Field extends string> = Route extends { readonly [F in Field]: infer S } ? InputOf<S> : never;

/**
 * Path parameters in template order; a name no `params` property describes is a string.
 * Every one is required, as the document marks them.
 */
export type PathParameters<Route, Path extends string, Params = Route extends { readonly params: infer S } ? InputOf<S> : Record<never, never>> = {
  [Name in TemplateNames<Path>]: Name extends keyof Params ? Exclude<Params[Name], undefined> : string;
};

export type ParametersOf<Route, Path extends string> = Flat<
  Part<"query", Fields<Route, "query">> &
    Part<"header", Fields<Route, "headers">> &
    Part<"path", PathParameters<Route, Path>> &
    Part<"cookie", Fields<Route, "cookies">>
>;
