/**
 * An operation's `parameters`, shaped as openapi-typescript writes them: one member per
 * location, optional when every parameter in it is, `never` when it has none. The path's
 * own fields (a `"/path"` key) come first; the operation's override them by name and
 * location, as OpenAPI says and the document writes them.
 */
import type { InputOf, IsSchema } from "./schema-types";
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

type None = Record<never, never>;

/** The definition field and the `in` of each location. */
interface Locations {
  query: "query";
  header: "headers";
  path: "params";
  cookie: "cookies";
}
type In = keyof Locations;

/** A `parameters` entry as the Parameter Object it stands for: a registered one by name or local `$ref`; another `$ref` is not followed. */
type Resolved<E, Registered> = E extends string
  ? Written<Registered[E & keyof Registered]>
  : E extends { readonly $ref: `#/components/parameters/${infer N}` }
    ? Written<Registered[N & keyof Registered]>
    : Written<E>;
type Written<P> = P extends { readonly $ref: string } ? never : P;

type Entries<X, Registered> = X extends { readonly parameters: infer L extends readonly unknown[] } ? Resolved<L[number], Registered> : never;

/** A listed parameter's type: its Standard schema's input (a JSON Schema or `content`: `unknown`). */
type ValueOf<P> = P extends { readonly schema: infer S } ? (IsSchema<S> extends true ? InputOf<S> : unknown) : unknown;
type NameIn<P, L extends In, Required extends boolean> = P extends { readonly in: L; readonly name: infer N extends string }
  ? (L extends "path" ? true : P extends { readonly required: true } ? true : false) extends Required
    ? N
    : never
  : never;

/** The parameters a `parameters` list gives one location, required where they say so (path ones always). */
type Listed<X, Registered, L extends In, E = Entries<X, Registered>> = { [P in E as NameIn<P, L, true>]: ValueOf<P> } & { [P in E as NameIn<P, L, false>]?: ValueOf<P> };

/** The object schema's properties of a location's field (`query`, `headers`...). */
type SchemaFields<X, Field extends string> = X extends { readonly [F in Field]: infer S } ? InputOf<S> : None;

/** One level's (a path's or an operation's) parameters in a location: its schema's properties, then its list. */
export type Level<X, Registered, L extends In> = Flat<SchemaFields<X, Locations[L]> & Listed<X, Registered, L>>;

/** A path's parameters in a location with the operation's over them (same name and location: the operation's). */
type Merged<Item, Route, Registered, L extends In, Own = Level<Route, Registered, L>> = Flat<Omit<Level<Item, Registered, L>, keyof Own> & Own>;

/** Path parameters in template order: each as declared, a name nothing declares a string; all required. */
export type PathParameters<Declared, Path extends string> = {
  [Name in TemplateNames<Path>]: Name extends keyof Declared ? Exclude<Declared[Name], undefined> : string;
};

/** An operation's parameters: its path's and its own, in openapi-typescript's shape. */
export type ParametersOf<Route, Path extends string, Item = None, Registered = None> = Flat<
  Part<"query", Merged<Item, Route, Registered, "query">> &
    Part<"header", Merged<Item, Route, Registered, "header">> &
    Part<"path", PathParameters<Merged<Item, Route, Registered, "path">, Path>> &
    Part<"cookie", Merged<Item, Route, Registered, "cookie">>
>;

/**
 * A path item's own `parameters`: what its fields declare. Every template name is a path
 * parameter only when the path has `params` (otherwise each operation writes its own).
 */
export type PathItemParametersOf<Item, Path extends string, Registered = None> = Flat<
  Part<"query", Level<Item, Registered, "query">> &
    Part<"header", Level<Item, Registered, "header">> &
    Part<"path", Item extends { readonly params: unknown } ? PathParameters<Level<Item, Registered, "path">, Path> : { [N in keyof Level<Item, Registered, "path">]-?: Exclude<Level<Item, Registered, "path">[N], undefined> }> &
    Part<"cookie", Level<Item, Registered, "cookie">>
>;
