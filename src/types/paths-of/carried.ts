/**
 * How a document or a builder carries the type of the definition it was made from, for
 * `PathsOf` to read: a property that exists only in types (never set at run time).
 */
export declare const definitionType: unique symbol;

/** What `PathsOf` reads from a builder or a document: routes and paths by key, components by name, version. */
export interface CarriedDefinition {
  paths?: unknown;
  schemas?: unknown;
  parameters?: unknown;
  responses?: unknown;
  requestBodies?: unknown;
  openapi?: unknown;
}

/** A value carrying the definition `D` it was built from. */
export interface Carries<D extends CarriedDefinition> {
  readonly [definitionType]?: D;
}
