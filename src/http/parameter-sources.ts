import type { StandardSchemaV1 } from "@standard-schema/spec";
import { getOwn, isObject, isPlainObject, type JsonObject } from "../internal/own";
import type { Resolve } from "./json-schema";

/**
 * Which schema of the definition judges a parameter of the document: the route's (or its
 * path's) object schema for the parameter's location, or the parameter's own schema when it
 * was written whole or registered and used by name.
 */
export type ParameterSource = { readonly kind: "route" | "path" } | { readonly kind: "own"; readonly standard: StandardSchemaV1 | undefined };

export interface SourcedParameter {
  readonly parameter: JsonObject;
  readonly source: ParameterSource;
}

/** The definition's side of an operation: the route, its path's own fields, the registered parameters. */
export interface ParameterOwners {
  readonly route: JsonObject;
  readonly path: JsonObject | undefined;
  readonly registered: (name: string) => unknown;
}

export function standardOf(value: unknown): StandardSchemaV1 | undefined {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return undefined;
  const standard = (value as { "~standard"?: { validate?: unknown } })["~standard"];
  return isObject(standard) && typeof standard.validate === "function" ? (value as StandardSchemaV1) : undefined;
}

const REGISTERED = /^#\/components\/parameters\/([^/]+)$/;

/**
 * The operation's parameters and its path item's, resolved, each with the schema that judges
 * it: "the new definition can override but never remove" a path-level one of the same name
 * and location, so an overridden one is left out and listed in `shadowed`.
 */
export function sourcedParameters(item: JsonObject | undefined, operation: JsonObject, resolve: Resolve, owners: ParameterOwners): { list: SourcedParameter[]; shadowed: JsonObject[] } {
  const own = sourced(operation, owners.route, "route", resolve, owners);
  const inherited = sourced(item, owners.path, "path", resolve, owners);
  const overrides = (shared: SourcedParameter) => own.some(({ parameter }) => parameter.name === shared.parameter.name && parameter.in === shared.parameter.in);
  return {
    list: inherited.filter((shared) => !overrides(shared)).concat(own),
    shadowed: inherited.filter(overrides).map((shared) => shared.parameter),
  };
}

function sourced(owner: JsonObject | undefined, definition: JsonObject | undefined, kind: "route" | "path", resolve: Resolve, owners: ParameterOwners): SourcedParameter[] {
  const found: SourcedParameter[] = [];
  const raw = getOwn(owner ?? {}, "parameters");
  const listed = definition === undefined ? undefined : getOwn(definition, "parameters");
  for (const entry of Array.isArray(raw) ? raw : []) {
    const parameter = resolve(entry);
    if (parameter === undefined || typeof parameter.name !== "string") continue;
    const registered = isObject(entry) && typeof entry.$ref === "string" ? REGISTERED.exec(entry.$ref) : null;
    if (registered !== null) {
      const value = owners.registered(registered[1] as string);
      found.push({ parameter, source: { kind: "own", standard: isPlainObject(value) ? standardOf(getOwn(value, "schema")) : undefined } });
      continue;
    }
    const written = Array.isArray(listed) ? listed.find((given: unknown) => isPlainObject(given) && given.name === parameter.name && given.in === parameter.in) : undefined;
    found.push({ parameter, source: isPlainObject(written) ? { kind: "own", standard: standardOf(getOwn(written, "schema")) } : { kind } });
  }
  return found;
}
