/**
 * An operation's `requestBody` as openapi-typescript writes it: `content` by media type,
 * typed by each schema's input; optional unless the body is required; `never` when none.
 */
import type { InferredContent, InputOf, IsSchema } from "./schema-types";

/** A media type's value in a RequestBodyObject: its schema's input (a JSON Schema object: `unknown`). */
type MediaInput<Media> = Media extends { readonly schema: infer S } ? (IsSchema<S> extends true ? InputOf<S> : unknown) : unknown;

/** The shorthand `{ schema, contentType, itemSchema, required }` as one media type. */
type ShorthandContent<Body> = {
  [CT in Body extends { readonly contentType: infer C extends string } ? C : "application/json"]: Body extends { readonly schema: infer S }
    ? InputOf<S>
    : Body extends { readonly itemSchema: unknown }
      ? unknown
      : InferredContent<CT>;
};

type Content<Body> = IsSchema<Body> extends true
  ? { "application/json": InputOf<Body> }
  : Body extends { readonly content: infer C }
    ? { [CT in keyof C]: MediaInput<C[CT]> }
    : ShorthandContent<Body>;

/**
 * Whether the document marks the body required: a schema is; a RequestBodyObject only with
 * `required: true` (OpenAPI's default is false); a shorthand unless `required: false`.
 */
type Required<Body> = IsSchema<Body> extends true
  ? true
  : Body extends { readonly content: unknown }
    ? Body extends { readonly required: true } ? true : false
    : Body extends { readonly required: false } ? false : true;

/** `{ requestBody?: never }`, `{ requestBody: { content } }` or `{ requestBody?: { content } }`; a name is the registered request body's. */
export type RequestBodyOf<Route, Bodies = Record<never, never>> = Route extends { readonly body: infer Body }
  ? Body extends string
    ? Body extends keyof Bodies
      ? RequestBodyOf<{ body: Bodies[Body] }>
      : { requestBody?: unknown }
    : Body extends { readonly $ref: string }
      ? { requestBody?: unknown }
      : Required<Body> extends true
        ? { requestBody: { content: Content<Body> } }
        : { requestBody?: { content: Content<Body> } }
  : { requestBody?: never };
