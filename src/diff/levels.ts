/**
 * Every id diff() can report, with its level: oasdiff's id and level where oasdiff has a check
 * for the same change (docs/diff.md says where the level differs, and why). Schema checks
 * are named `<direction>-<scope>-<check>`, as oasdiff names them: the scope is where the
 * schema sits (a body, a parameter, a header) or `property` for anything inside one. A
 * parameter is in a response, and a header in a request, only in a webhook or a callback.
 */
import type { DiffLevel } from "./types";

const E: DiffLevel = "error";
const W: DiffLevel = "warning";
const I: DiffLevel = "info";

/** Data a client sends (request) or receives (response); webhooks and callbacks swap them. */
export type Direction = "request" | "response";
export type SchemaScope = "body" | "parameter" | "header" | "property";

/** The checks outside schemas, by the OpenAPI object they concern. */
const FIXED: Readonly<Record<string, DiffLevel>> = {
  // paths and operations
  "endpoint-added": I,
  "api-removed-without-deprecation": E,
  "api-removed-with-deprecation": I,
  "api-removed-before-sunset": E,
  "api-path-removed-without-deprecation": E,
  "api-path-removed-with-deprecation": I,
  "api-path-removed-before-sunset": E,
  "webhook-added": I,
  "webhook-removed": E,
  "callback-added": I,
  "callback-removed": E,
  // deprecation
  "endpoint-deprecated": I,
  "endpoint-deprecated-with-sunset": I,
  "endpoint-reactivated": I,
  "sunset-deleted": E,
  "api-sunset-date-changed-too-small": E,
  "api-deprecated-sunset-parse": E,
  // operation fields
  "api-operation-id-added": I,
  "api-operation-id-removed": W,
  "api-tag-added": I,
  "api-tag-removed": I,
  "tag-parent-changed": I,
  // security
  "api-security-added": I,
  "api-security-removed": E,
  "api-security-scope-added": E,
  "api-security-scope-removed": I,
  // parameters
  "new-required-request-parameter": E,
  "new-optional-request-parameter": I,
  "request-parameter-removed": W,
  "request-parameter-became-required": E,
  "request-parameter-became-optional": I,
  "request-parameter-deprecated": I,
  "request-parameter-reactivated": I,
  "request-parameter-style-changed": E,
  "request-parameter-explode-changed": E,
  "request-parameter-default-value-added": E,
  "request-parameter-default-value-removed": E,
  "request-parameter-default-value-changed": E,
  // request bodies
  "request-body-added-required": E,
  "request-body-added-optional": I,
  "request-body-removed": E,
  "request-body-became-required": E,
  "request-body-became-optional": I,
  "request-body-media-type-added": I,
  "request-body-media-type-removed": E,
  // responses
  "response-success-status-added": I,
  "response-success-status-removed": E,
  "response-non-success-status-added": I,
  "response-non-success-status-removed": I,
  "response-media-type-added": I,
  "response-media-type-removed": E,
  "response-header-added": I,
  "required-response-header-removed": E,
  "optional-response-header-removed": W,
  "response-header-became-optional": E,
  // properties of objects, at any depth
  "new-required-request-property": E,
  // A default is the server's fallback: a request without the property is still refused.
  "new-required-request-property-with-default": E,
  "new-optional-request-property": I,
  "request-property-removed": W,
  "request-property-became-required": E,
  "request-property-became-required-with-default": E,
  "request-property-became-optional": I,
  "response-required-property-added": I,
  "response-optional-property-added": I,
  "response-required-property-removed": E,
  "response-optional-property-removed": W,
  "response-property-became-optional": E,
  "response-property-became-required": I,
  "request-property-deprecated": I,
  "request-property-reactivated": I,
  "response-property-deprecated": I,
  "response-property-reactivated": I,
  // components
  "api-schema-removed": I,
  "api-security-component-added": I,
  "api-security-component-removed": I,
  "api-security-component-type-changed": I,
};

/**
 * The schema checks, with their level in a request and in a response: what narrows a
 * request or widens a response breaks a client (`null`: the check has no id there).
 */
export const SCHEMA_CHECKS: Readonly<Record<string, readonly [request: DiffLevel | null, response: DiffLevel | null]>> = {
  "type-changed": [E, E],
  "type-generalized": [I, E],
  "type-specialized": [null, I],
  "became-nullable": [I, E],
  "became-not-nullable": [E, I],
  "became-enum": [E, I],
  "enum-value-added": [I, E],
  "enum-value-removed": [E, I],
  "enum-removed": [I, E],
  "const-added": [E, I],
  "const-removed": [I, E],
  "const-changed": [E, E],
  ...bounds(["min", "min-length", "min-items", "exclusive-min"], "increased", "decreased"),
  ...bounds(["max", "max-length", "max-items", "exclusive-max"], "decreased", "increased"),
  "pattern-added": [E, I],
  "pattern-changed": [W, I],
  "pattern-removed": [I, I],
  "additional-properties-disallowed": [E, I],
  "additional-properties-allowed": [I, I],
  "one-of-added": [I, E],
  "one-of-removed": [E, I],
  "any-of-added": [I, E],
  "any-of-removed": [E, I],
  "wrapped-in-one-of": [E, E],
};

/** A bound that narrows when it moves `narrows`: a set bound narrows (a warning in a request, as in oasdiff), an unset one widens. */
function bounds(names: readonly string[], narrows: string, widens: string): Record<string, readonly [DiffLevel, DiffLevel]> {
  const checks: Record<string, readonly [DiffLevel, DiffLevel]> = {};
  for (const name of names) {
    checks[`${name}-${narrows}`] = [E, I];
    checks[`${name}-${widens}`] = [I, E];
    checks[`${name}-set`] = [W, I];
    checks[`${name}-unset`] = [I, E];
  }
  return checks;
}

/** The scopes a schema check is named for in each direction. */
export const SCOPES: Readonly<Record<Direction, readonly SchemaScope[]>> = {
  // A header is data a client sends only in the response of a webhook or a callback (the API receives it).
  request: ["body", "parameter", "header", "property"],
  // A parameter is data a client receives only in a webhook or a callback (the API sends it).
  response: ["body", "parameter", "header", "property"],
};

/** `request-parameter-max-length-decreased`. */
export function schemaCheckId(direction: Direction, scope: SchemaScope, check: string): string {
  return `${direction}-${scope}-${check}`;
}

/** Every id and its level, checks outside schemas first, then the schema checks by direction and scope. */
export const DIFF_IDS: ReadonlyMap<string, DiffLevel> = buildTable();

function buildTable(): Map<string, DiffLevel> {
  const table = new Map<string, DiffLevel>(Object.entries(FIXED));
  for (const direction of ["request", "response"] as const) {
    for (const scope of SCOPES[direction]) {
      for (const [check, levels] of Object.entries(SCHEMA_CHECKS)) {
        const level = levels[direction === "request" ? 0 : 1];
        if (level !== null) table.set(schemaCheckId(direction, scope, check), level);
      }
    }
  }
  return table;
}

/** The level of `id`; an id missing from the table is a bug in diff itself. */
export function levelOf(id: string): DiffLevel {
  const level = DIFF_IDS.get(id);
  if (level === undefined) throw new Error(`diff: no level for the id ${id}`);
  return level;
}

/** Every id diff() reports and its level, for tools (an ignore file's check, a table): frozen. */
export const DIFF_CHECKS: readonly { readonly id: string; readonly level: DiffLevel }[] = Object.freeze([...DIFF_IDS].map(([id, level]) => Object.freeze({ id, level })));
