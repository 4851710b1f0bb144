import { SpecloomError } from "../errors";
import { isPlainObject, type JsonObject } from "../internal/own";
import type { SchemaCompiler } from "../schema/compiler";
import { plainSchema } from "../schema/plain";
import { explainNotASchema, isStandardJSONSchema, type Dialect, type Side } from "../schema/vendor";
import type { SchemaOrRef } from "../types/document";
import type { SchemaLocation } from "../types/definition";
import type { ModelContext } from "./object-model";

/** A schema position in the document under construction, for `transformSchema`. */
export interface SchemaSlot {
  container: JsonObject;
  key: string;
  location: SchemaLocation;
  where: string;
}

/** What building one document needs at every step. */
export interface BuildContext {
  readonly compiler: SchemaCompiler;
  readonly dialect: Dialect;
  /** Recorded only when some plugin has `transformSchema`. */
  readonly slots: SchemaSlot[] | undefined;
  /** Set when a caller-written `$ref` entered the document, so it is checked at the end. */
  callerRefs: boolean;
}

/** Per-operation facts schema positions need: the operation's name for derived component names. */
export interface OperationScope {
  readonly context: BuildContext;
  readonly location: string;
  /** PascalCase operationId, the stem of names derived from this operation. */
  readonly stem: string;
}

/**
 * A schema position: a Standard schema is compiled for `side`; a written Schema Object or
 * `$ref` is copied into the document's dialect. Anything else is INVALID_DEFINITION.
 */
export function schemaAt(scope: OperationScope, value: unknown, side: Side, where: string, nameHint: string): SchemaOrRef {
  if (isStandardJSONSchema(value)) return scope.context.compiler.schema(value, side, { location: where, nameHint });
  if (isPlainObject(value) && !("~standard" in value)) {
    scope.context.callerRefs = true;
    return plainSchema(value, scope.context.dialect, where) as SchemaOrRef;
  }
  throw new SpecloomError("INVALID_DEFINITION", where, explainNotASchema(value));
}

export function recordSlot(scope: OperationScope, container: JsonObject, key: string, location: SchemaLocation, where: string): void {
  scope.context.slots?.push({ container, key, location, where });
}

/** The model context for OpenAPI objects a route hands over whole (ResponseObject, RequestBodyObject). */
export function modelContext(scope: OperationScope, side: Side, location: SchemaLocation, nameHint: string): ModelContext {
  return {
    dialect: scope.context.dialect,
    schemaAt: (value, where) => schemaAt(scope, value, side, where, nameHint),
    onSchemaSlot: (container, key) => recordSlot(scope, container, key, location, `${nameHint}`),
  };
}
