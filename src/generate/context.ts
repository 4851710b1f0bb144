import { SpecloomError } from "../errors";
import { isPlainObject, type JsonObject } from "../internal/own";
import type { SchemaCompiler, SchemaSite } from "../schema/compiler";
import { pascalCase } from "../schema/names";
import { plainSchema } from "../schema/plain";
import { explainNotASchema, isStandardJSONSchema, type Dialect, type Side } from "../schema/vendor";
import type { SchemaOrRef } from "../types/document";
import type { OpenAPIVersion, SchemaLocation } from "../types/definition";
import type { BuiltParts } from "./built-parts";
import type { ComponentRefs } from "./component-refs";
import type { ModelContext } from "./object-model";

/** A schema position in the document under construction, for `transformSchema`. */
export interface SchemaSlot {
  container: JsonObject;
  key: string;
  location: SchemaLocation;
  site: SchemaSite;
}

/** What building one document needs at every step. */
export interface BuildContext {
  readonly compiler: SchemaCompiler;
  readonly dialect: Dialect;
  readonly version: OpenAPIVersion;
  /** Recorded only when some plugin has `transformSchema`. */
  readonly slots: SchemaSlot[] | undefined;
  /** Set when a caller-written `$ref` entered the document, so it is checked at the end. */
  callerRefs: boolean;
  /** For OpenAPI objects without schema positions (servers, external docs). */
  readonly models: ModelContext;
  /** The parts of operations, frozen as made and shared where the same. */
  readonly parts: BuiltParts;
  /** The registered components (besides schemas), which routes use by name. */
  readonly components: ComponentRefs;
  /** Every operationId of the document so far: callbacks' generated ones avoid them, explicit ones must. */
  readonly operationIds: Set<string>;
  /** The operationIds callbacks' routes give, which generated ones avoid (./callbacks.ts). */
  reservedIds?: ReadonlySet<string>;
  /** Set when a Link entered the document, so its operationId or operationRef is checked at the end. */
  links: boolean;
  /** Set when an operation got callbacks, so the final check looks at every operation. */
  callbacks: boolean;
}

/**
 * One operation being built. Its location and name stem are worked out only when an error
 * message or a derived component name needs them: most operations never do.
 */
export class OperationScope {
  // Fields are assigned, not declared with initialisers: one scope per operation, and
  // declared fields are defined one by one, which costs more.
  declare readonly context: BuildContext;
  declare private readonly where: { readonly location: string };
  declare private readonly operationId: string;
  declare private cachedLocation: string | undefined;
  declare private cachedStem: string | undefined;
  /**
   * The form a request body is written in: what the API receives ("input"), or for a
   * callback's operation, whose request the API sends, what it sends ("output").
   */
  declare readonly bodySide: Side;

  constructor(context: BuildContext, where: { readonly location: string }, operationId: string, bodySide: Side = "input") {
    this.context = context;
    this.where = where;
    this.operationId = operationId;
    this.cachedLocation = undefined;
    this.cachedStem = undefined;
    this.bodySide = bodySide;
  }

  /** `paths["GET /users/{id}"]`, or the builder call with its file and line. */
  get location(): string {
    return (this.cachedLocation ??= this.where.location);
  }

  /** PascalCase operationId, the stem of names derived from this operation. */
  get stem(): string {
    return (this.cachedStem ??= pascalCase(this.operationId));
  }

  /** A place inside this operation: `site(".body", "Body")`. */
  site(path: string, nameSuffix: string): Site {
    return new Site(this, path, nameSuffix);
  }
}

/** A schema position: its location (for messages) and name hint (for derived names), both lazy. */
class Site implements SchemaSite {
  declare private readonly scope: OperationScope;
  declare private readonly path: string;
  declare private readonly nameSuffix: string;

  constructor(scope: OperationScope, path: string, nameSuffix: string) {
    this.scope = scope;
    this.path = path;
    this.nameSuffix = nameSuffix;
  }

  get location(): string {
    return this.scope.location + this.path;
  }

  get nameHint(): string {
    return this.scope.stem + this.nameSuffix;
  }

  /** A place below this one (`.schema`, `.headers["X-Rate"]`), with the same name hint. */
  child(path: string, nameSuffix = ""): Site {
    return new Site(this.scope, this.path + path, this.nameSuffix + nameSuffix);
  }
}

export type { Site };

/**
 * A schema position: a Standard schema is compiled for `side`. Inside an OpenAPI object a
 * caller hands over whole (`written`), a written Schema Object or `$ref` is copied into the
 * document's dialect. Anything else is INVALID_DEFINITION saying what was found.
 */
export function schemaAt(scope: OperationScope, value: unknown, side: Side, site: SchemaSite, written = false): SchemaOrRef {
  if (isStandardJSONSchema(value)) return scope.context.compiler.schema(value, side, site);
  if (written && isPlainObject(value) && !("~standard" in value)) {
    scope.context.callerRefs = true;
    return plainSchema(value, scope.context.dialect, site.location) as SchemaOrRef;
  }
  throw new SpecloomError("INVALID_DEFINITION", site.location, explainNotASchema(value));
}

export function recordSlot(scope: OperationScope, container: JsonObject, key: string, location: SchemaLocation, site: SchemaSite): void {
  scope.context.slots?.push({ container, key, location, site });
}

/** The model context for OpenAPI objects a route hands over whole (ResponseObject, RequestBodyObject). */
export function modelContext(scope: OperationScope, side: Side, location: SchemaLocation, site: Site): ModelContext {
  return {
    dialect: scope.context.dialect,
    version: scope.context.version,
    schemaAt: (value, where) => schemaAt(scope, value, side, { location: where, nameHint: site.nameHint }, true),
    onSchemaSlot: (container, key) => recordSlot(scope, container, key, location, site),
    onReference: () => {
      scope.context.callerRefs = true;
    },
  };
}
