import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import type { ExampleObject, LinkObject, ParameterObject, ReferenceObject, RequestBodyObject, ResponseObject, SchemaOrRef, ServerObject } from "./document";

/**
 * The definition forms beyond routes and schemas: parameters written whole, callbacks,
 * path-level fields and the reusable components a route uses by name. Kept apart from
 * ./definition.ts, which imports them.
 */

/** A Parameter Object whose `schema` may be a Standard schema (compiled for the request side). */
export type ParameterDefinition = Omit<ParameterObject, "schema"> & { schema?: StandardJSONSchemaV1 | SchemaOrRef };

/** One entry of a route's or a path's `parameters`: a registered parameter's name, a Reference Object, or a Parameter Object. */
export type ParameterValue = string | ReferenceObject | ParameterDefinition;

/** A link of a response shorthand: a registered link's name, a Reference Object, or a Link Object. */
export type LinkValue = string | ReferenceObject | LinkObject;

/** An example of a shorthand's `examples`: a registered example's name, a Reference Object, or an Example Object. */
export type ExampleValue = string | ReferenceObject | ExampleObject;

/**
 * A callback: `"METHOD expression"` keys (`"POST {$request.body#/callbackUrl}"`) to route
 * shorthands, the same shorthand as `paths` takes (a callback's routes have no callbacks).
 */
export type CallbackDefinition<Route = unknown> = Record<string, Route>;

/** Fields of a path, shared by every operation on it: a `paths` key without a method (`"/users/{id}"`). */
export interface PathItemShorthand {
  summary?: string;
  description?: string;
  servers?: ServerObject[];
  /** Object schemas whose properties become parameters of every operation on the path. */
  params?: StandardJSONSchemaV1;
  query?: StandardJSONSchemaV1;
  headers?: StandardJSONSchemaV1;
  cookies?: StandardJSONSchemaV1;
  parameters?: readonly ParameterValue[];
  [extension: `x-${string}`]: unknown;
}

/** A reusable response: a response shorthand or ResponseObject with a `description`, or a Reference Object. */
export type ResponseComponent<Shorthand = unknown> = (Shorthand & { description: string }) | ResponseObject | ReferenceObject;

/** A reusable request body: a schema, a body shorthand, a RequestBodyObject or a Reference Object. */
export type RequestBodyComponent<Shorthand = unknown> = StandardJSONSchemaV1 | Shorthand | RequestBodyObject | ReferenceObject;

/**
 * The reusable components a definition registers besides `schemas`, each placed under the
 * `components` map of the same name and used from routes by name.
 */
export interface ComponentDefinitions<Route = unknown, ResponseShorthand = unknown, BodyShorthand = unknown, Header = unknown> {
  parameters?: Record<string, ParameterDefinition | ReferenceObject>;
  responses?: Record<string, ResponseComponent<ResponseShorthand>>;
  requestBodies?: Record<string, RequestBodyComponent<BodyShorthand>>;
  /** A header object (its `schema` may be a Standard schema) or a Standard schema alone. */
  headers?: Record<string, Header | StandardJSONSchemaV1 | ReferenceObject>;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  links?: Record<string, LinkObject | ReferenceObject>;
  callbacks?: Record<string, CallbackDefinition<Route> | ReferenceObject>;
}

/** The kinds of component `ComponentDefinitions` registers, as `components` names them. */
export type ComponentKind = "parameters" | "responses" | "requestBodies" | "headers" | "examples" | "links" | "callbacks";
