/**
 * Route keys at the type level, by the rules `parseRouteKey` applies at run time: one space
 * between method and path, `:name` at the start of a segment is `{name}`, the eight methods
 * and QUERY lower-cased, any other method upper-cased.
 */
import type { HttpMethod } from "../document";

type Lower = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z";
type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
/** What an Express-style `:name` is made of (`[A-Za-z0-9_]`). */
type NameChar = Lower | Uppercase<Lower> | Digit | "_";

/** `["id", ".json"]` from `"id.json"`: the longest leading name and what follows it. */
type SplitName<S extends string, Name extends string = ""> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? SplitName<Rest, `${Name}${C}`>
    : [Name, S]
  : [Name, ""];

/** One segment with `:name` at its start written as `{name}`. */
type Segment<S extends string> = S extends `:${infer Rest}` ? (SplitName<Rest> extends [infer N extends string, infer T extends string] ? `{${N}}${T}` : S) : S;

/** A path template as the document writes it: `/users/:id` is `/users/{id}`. */
export type NormalisePath<P extends string> = P extends `${infer Head}/${infer Tail}` ? `${Segment<Head>}/${NormalisePath<Tail>}` : Segment<P>;

/** The parameter names of a normalised template, as a union. */
export type TemplateNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | TemplateNames<Rest> : never;

/** A method as a path item holds it: the eight and `query` lower-cased, any other upper-cased. */
export type MethodKey<M extends string> = Lowercase<M> extends HttpMethod | "query" ? Lowercase<M> : Uppercase<M>;

/** `"get /users/{id}"` from `"GET /users/:id"`: the form two keys for one operation share. */
export type OperationKey<K> = K extends `${infer M} ${infer P}` ? `${MethodKey<M>} ${NormalisePath<P>}` : never;

/** `"GET /users/{id}"` from `"get /users/:id"`: a route as the document names it in messages. */
export type DisplayKey<K> = K extends `${infer M} ${infer P}` ? `${Uppercase<M>} ${NormalisePath<P>}` : never;

/** Whether `S` is a name `:name` can write: `[A-Za-z_][A-Za-z0-9_]*`, as `parsePath` reads one. */
type IsColonName<S extends string> = S extends `${infer C}${string}` ? (C extends Digit ? false : SplitName<S> extends [S, ""] ? true : false) : false;

/** One segment with a leading `{name}` written `:name`, where the name can be (what follows must not extend it). */
type ColonSegment<S extends string> = S extends `{${infer N}}${infer Rest}`
  ? IsColonName<N> extends true
    ? Rest extends `${NameChar}${string}`
      ? S
      : `:${N}${Rest}`
    : S
  : S;

/** A normalised template as a framework writes it: `/users/{id}` is `/users/:id`. */
export type ColonPath<P extends string> = P extends `${infer Head}/${infer Tail}` ? `${ColonSegment<Head>}/${ColonPath<Tail>}` : ColonSegment<P>;

/** `"GET /users/:id"` from `"get /users/{id}"`: a route as Hono, Express and Fastify write its path. */
export type FrameworkKey<K> = K extends `${infer M} ${infer P}` ? `${Uppercase<M>} ${ColonPath<NormalisePath<P>>}` : never;
