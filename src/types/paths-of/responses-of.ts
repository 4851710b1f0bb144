/**
 * An operation's `responses` as openapi-typescript writes them: by status, each with
 * `headers` (the declared ones, then any other as `unknown`) and `content` by media type,
 * typed by each schema's output; `content?: never` for a response without a body.
 */
import type { Problem } from "../problem";
import type { Flat } from "./parameters-of";
import type { InferredContent, IsSchema, NamedOutput, OutputOf } from "./schema-types";

type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type Range = "1" | "2" | "3" | "4" | "5";
type X = "X" | "x";

/** A route key that is a response's status, as the document writes it (`"2xx"` is `"2XX"`). */
type StatusKey<K> = K extends number
  ? K
  : K extends "default" | `${Range}${Digit}${Digit}`
    ? K
    : K extends `${Range}${X}${X}`
      ? Uppercase<K>
      : never;

/** The route key a status came from: `"2XX"` may have been written `"2xx"`. */
type SourceKey<Route, Status> = Status extends keyof Route ? Status : Extract<keyof Route, string> extends infer K ? (K extends string ? (Uppercase<K> extends Status ? K : never) : never) : never;

type AnyHeaders = { [name: string]: unknown };

/** A declared header: required when it says so, or when it is a reference (as openapi-typescript reads them). */
type HeaderValue<H> = H extends { readonly schema: infer S } ? (IsSchema<S> extends true ? OutputOf<S> : unknown) : unknown;
type RequiredHeader<H> = H extends { readonly required: true } | { readonly $ref: string } ? true : false;

/** Headers from one object schema: a header per property of its output, optional where the property is. */
type HeadersOf<Response> = Response extends { readonly headers: infer Hs }
  ? IsSchema<Hs> extends true
    ? Flat<OutputOf<Hs> & AnyHeaders>
    : Flat<
      { [N in keyof Hs as RequiredHeader<Hs[N]> extends true ? N : never]: HeaderValue<Hs[N]> } & {
        [N in keyof Hs as RequiredHeader<Hs[N]> extends true ? never : N]?: HeaderValue<Hs[N]>;
        } & AnyHeaders
      >
  : AnyHeaders;

/** A media type's value in a ResponseObject: its schema's output (a JSON Schema object: `unknown`). */
type MediaOutput<Media, Schemas> = Media extends { readonly schema: infer S } ? SchemaOutput<S, Schemas> : unknown;

type SchemaOutput<S, Schemas> = S extends string ? NamedOutput<Schemas, S> : IsSchema<S> extends true ? OutputOf<S> : unknown;

/** Whether a shorthand has a body: any of the fields that describe one. */
type HasBody<Response> = Response extends { readonly schema: unknown } | { readonly itemSchema: unknown } | { readonly contentType: unknown } | { readonly example: unknown } | { readonly examples: unknown } ? true : false;

type ShorthandContent<Response, Schemas> = {
  [CT in Response extends { readonly contentType: infer C extends string } ? C : "application/json"]: Response extends { readonly schema: infer S }
    ? SchemaOutput<S, Schemas>
    : Response extends { readonly itemSchema: unknown }
      ? unknown
      : InferredContent<CT>;
};


/** One response from the value of a status key; a name is a registered response's before a schema's, as the document reads it. */
export type ResponseOf<Value, Schemas, Responses = Record<never, never>> = Value extends null
  ? { headers: AnyHeaders; content?: never }
  : Value extends string
    ? Value extends keyof Responses
      ? ResponseOf<Responses[Value], Schemas>
      : { headers: AnyHeaders; content: { "application/json": NamedOutput<Schemas, Value> } }
    : IsSchema<Value> extends true
      ? { headers: AnyHeaders; content: { "application/json": OutputOf<Value> } }
      : Value extends { readonly $ref: string }
        ? unknown
        : Value extends { readonly content: infer C }
          ? { headers: HeadersOf<Value>; content: { [CT in keyof C]: MediaOutput<C[CT], Schemas> } }
          : Value extends { readonly links: unknown }
            ? { headers: HeadersOf<Value>; content?: never }
            : HasBody<Value> extends true
              ? { headers: HeadersOf<Value>; content: ShorthandContent<Value, Schemas> }
              : { headers: HeadersOf<Value>; content?: never };

/** The statuses a route declares. */
type Statuses<Route> = StatusKey<keyof Route>;

/**
 * The statuses `problemResponses()` adds to a route that does not declare them itself: 400,
 * 404 and 405, and 408, 413 and 415 where the route has a body.
 */
type ProblemStatuses<Route> = (400 | 404 | 405 | (Route extends { readonly body: NonNullable<unknown> } ? 408 | 413 | 415 : never)) extends infer P
  ? P extends number
    ? `${P}` extends `${Statuses<Route> & (string | number)}`
      ? never
      : P
    : never
  : never;

/** A Problem Details response (`application/problem+json`); 405's has the `Allow` header. */
type ProblemResponse<S> = {
  headers: S extends 405 ? { Allow?: string; [name: string]: unknown } : AnyHeaders;
  content: { "application/problem+json": Problem };
};

/** The Problem responses of a route when `Problems` is true (the definition's plugins hold `problemResponses()`). */
type ProblemsOf<Route, Problems> = Problems extends true ? { [S in ProblemStatuses<Route>]: ProblemResponse<S> } : Record<never, never>;

/**
 * `responses`: by status; a route without one has none (`never`), but a 3.0 document gives
 * it the `default` response 3.0 requires. With `problemResponses()`, its statuses too.
 */
export type ResponsesOf<Route, Schemas, Version, Responses = Record<never, never>, Problems = false> = [Statuses<Route> | (Problems extends true ? ProblemStatuses<Route> : never)] extends [never]
  ? Version extends "3.0.3"
    ? { default: ResponseOf<null, Schemas> }
    : never
  : Problems extends true
    ? Flat<DeclaredResponses<Route, Schemas, Responses> & ProblemsOf<Route, Problems>>
    : DeclaredResponses<Route, Schemas, Responses>;

type DeclaredResponses<Route, Schemas, Responses> = { [S in Statuses<Route>]: ResponseOf<Route[SourceKey<Route, S> & keyof Route], Schemas, Responses> };
