/**
 * The TypeScript types a Standard Schema declares: what it accepts (input) and what it gives
 * back (output). Request parts are typed by input, responses by output, as the document
 * describes each with the schema of that side.
 */

/** `~standard.types` of a Standard schema, or undefined for anything else. */
type Types<S> = S extends { readonly "~standard": { readonly types?: infer T } } ? NonNullable<T> : undefined;

export type InputOf<S> = Types<S> extends { readonly input: infer I } ? I : unknown;
export type OutputOf<S> = Types<S> extends { readonly output: infer O } ? O : unknown;

/** True for a Standard schema, as `isStandardJSONSchema` tells one at run time. */
export type IsSchema<S> = S extends { readonly "~standard": object } ? true : false;

/** A registered schema's type by its name; `unknown` for a name the types do not know. */
export type NamedOutput<Schemas, Name> = Name extends keyof Schemas ? OutputOf<Schemas[Name]> : unknown;

/**
 * The type of a content type with no schema, as the document infers its schema: `text/*` is
 * a string, `application/octet-stream` a binary string; any other is `unknown`.
 */
export type InferredContent<ContentType> = Lowercase<ContentType & string> extends `text/${string}` | `application/octet-stream${string}` ? string : unknown;
