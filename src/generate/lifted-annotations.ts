import { hasOwn, isObject, type JsonObject } from "../internal/own";
import { examplesFoldedInto } from "../schema/dialect-30";
import type { SchemaOrRef } from "../types/document";
import type { OperationScope } from "./context";

/** Fields of a property schema that belong to the Parameter or Header Object instead. */
const LIFTED = ["description", "deprecated", "example", "examples"] as const;

/** What a Parameter or Header Object carries itself, and the schema that is left. */
export interface LiftedAnnotations {
  schema: SchemaOrRef;
  description?: string;
  deprecated: boolean;
  /** One example: the object's `example`. */
  example?: unknown;
  /** Several: the object's `examples`, named `example1`, `example2`, ... */
  examples?: Record<string, { value: unknown }>;
}

/**
 * Moves a property schema's description, deprecation and examples onto the object that
 * holds it (where OpenAPI tools show them): the one rule for parameters and for headers made
 * from an object schema. `imported` is the library's answer, whose 3.0 `examples` may have
 * been folded away from the schema.
 */
export function liftAnnotations(scope: OperationScope, schema: SchemaOrRef, imported: unknown): LiftedAnnotations {
  const found: JsonObject = {};
  let own = schema;
  if (LIFTED.some((key) => hasOwn(schema, key))) {
    for (const key of LIFTED) if (hasOwn(schema, key)) found[key] = (schema as JsonObject)[key];
    own = unwrapSingleAllOf(scope.context.compiler.copyTop(schema, LIFTED));
  }
  const lifted: LiftedAnnotations = { schema: own, deprecated: found.deprecated === true };
  if (typeof found.description === "string") lifted.description = found.description;
  const folded = examplesFoldedInto(imported);
  const examples = folded ?? (Array.isArray(found.examples) ? found.examples : undefined);
  if (folded === undefined && found.example !== undefined) lifted.example = found.example;
  else if (examples !== undefined && examples.length === 1) lifted.example = examples[0];
  else if (examples !== undefined && examples.length > 1) {
    const named: Record<string, { value: unknown }> = {};
    for (let index = 0; index < examples.length; index++) named[`example${index + 1}`] = { value: examples[index] };
    lifted.examples = named;
  }
  return lifted;
}

/** `{ allOf: [X] }` left after lifting a 3.0 `$ref`'s description is just X. */
function unwrapSingleAllOf(schema: SchemaOrRef): SchemaOrRef {
  if (isObject(schema) && Object.keys(schema).length === 1 && Array.isArray(schema.allOf) && schema.allOf.length === 1) return schema.allOf[0] as SchemaOrRef;
  return schema;
}
