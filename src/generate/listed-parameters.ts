import { SpecloomError, describeValue } from "../errors";
import { isPlainObject, type JsonObject } from "../internal/own";
import type { ParameterObject, ReferenceObject } from "../types/document";
import type { SchemaLocation } from "../types/definition";
import { modelContext, type OperationScope, type Site } from "./context";
import { copyModel } from "./object-model";

const PLACES: ReadonlySet<string> = new Set(["query", "querystring", "header", "path", "cookie"]);

/** A parameter's name and place, as far as it is known (a `$ref` the caller wrote is not followed). */
interface Place {
  name: string;
  in: string;
}

/** A `parameters` list: each entry as written into the document, and the places known. */
export interface ListedParameters {
  readonly list: (ParameterObject | ReferenceObject)[];
  readonly places: readonly (Place | undefined)[];
}

/**
 * A Parameter Object written whole: checked field by field, its Standard schema compiled
 * for the request. Components and `parameters` lists both make parameters this way.
 */
export function parameterObject(scope: OperationScope, value: unknown, site: Site): JsonObject {
  const place = isPlainObject(value) && typeof value.in === "string" && PLACES.has(value.in) ? value.in : "query";
  const slot = (place === "header" ? "header" : place) as SchemaLocation;
  return scope.context.parts.later(copyModel("Parameter", value, site.location, modelContext(scope, "input", slot, site)));
}

/** The place a registered parameter declares, read from what was registered. */
function registeredPlace(scope: OperationScope, name: string): Place | undefined {
  const value = scope.context.components.entry("parameters", name)?.value;
  return isPlainObject(value) && typeof value.name === "string" && typeof value.in === "string" ? { name: value.name, in: value.in } : undefined;
}

/** `parameters` of a route or a path: registered names, Reference Objects and Parameter Objects, in order. */
export function listedParameters(scope: OperationScope, values: unknown, at: string): ListedParameters {
  const site = scope.site(at, "Parameter");
  if (!Array.isArray(values)) {
    throw new SpecloomError("INVALID_DEFINITION", site.location, `expected an array of parameters (registered names, Reference Objects or Parameter Objects), found ${describeValue(values)}`);
  }
  const list: (ParameterObject | ReferenceObject)[] = [];
  const places: (Place | undefined)[] = [];
  values.forEach((value: unknown, index) => {
    const item = site.child(`[${index}]`);
    if (typeof value === "string") {
      list.push(scope.context.parts.seal(scope.context.components.ref("parameters", value, item.location)) as unknown as ReferenceObject);
      places.push(registeredPlace(scope, value));
      return;
    }
    const copy = parameterObject(scope, value, item);
    list.push(copy as unknown as ParameterObject);
    if (typeof copy.$ref === "string") {
      const local = /^#\/components\/parameters\/([^/]+)$/.exec(copy.$ref);
      places.push(local ? registeredPlace(scope, local[1] as string) : undefined);
    } else {
      places.push({ name: copy.name as string, in: copy.in as string });
    }
  });
  return { list, places };
}

/** The path parameters a list declares: an operation writes no plain string parameter for these. */
export function pathNames(listed: ListedParameters | undefined, into = new Set<string>()): Set<string> {
  for (const place of listed?.places ?? []) if (place?.in === "path") into.add(place.name);
  return into;
}

/**
 * The parameters made from schemas, then the listed ones. "The list MUST NOT include
 * duplicated parameters. A unique parameter is defined by a combination of a name and
 * location": a repeat is INVALID_DEFINITION at the listed entry.
 */
export function joinParameters(scope: OperationScope, made: readonly ParameterObject[], listed: ListedParameters, at: string): (ParameterObject | ReferenceObject)[] {
  const seen = new Set(made.map((parameter) => `${parameter.in} ${parameter.name}`));
  listed.places.forEach((place, index) => {
    if (place === undefined) return;
    const key = `${place.in} ${place.name}`;
    if (seen.has(key)) {
      throw new SpecloomError("INVALID_DEFINITION", `${scope.location}${at}[${index}]`, `the ${place.in} parameter "${place.name}" is given twice; OpenAPI says a parameter list MUST NOT include duplicated parameters (a name and location)`);
    }
    seen.add(key);
  });
  return scope.context.parts.seal((made as (ParameterObject | ReferenceObject)[]).concat(listed.list));
}
