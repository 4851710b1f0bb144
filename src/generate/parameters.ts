import { SpecloomError } from "../errors";
import { type JsonObject } from "../internal/own";
import type { SchemaSite } from "../schema/compiler";
import type { ParameterLocation, ParameterObject, SchemaOrRef } from "../types/document";
import { recordSlot, schemaAt, type OperationScope } from "./context";
import { liftAnnotations } from "./lifted-annotations";
import { hasVersion, needsVersion } from "./version";
import { RouteStyles, writtenEncoding, type EncodedLocation } from "../model/parameter-encoding";
import type { ParameterEncoding } from "../types/parameter-styles";

/** Route fields that hold an object schema whose properties become parameters. */
const SOURCES: readonly { field: "params" | "query" | "headers" | "cookies"; at: string; in: ParameterLocation; suffix: string }[] = [
  { field: "params", at: ".params", in: "path", suffix: "Params" },
  { field: "query", at: ".query", in: "query", suffix: "Query" },
  { field: "headers", at: ".headers", in: "header", suffix: "Headers" },
  { field: "cookies", at: ".cookies", in: "cookie", suffix: "Cookies" },
];

/** Fields of a property schema that belong to the parameter instead (docs/definition.md, "The route shorthand"; OpenAPI's Parameter Object has these fields too). */

/** The schema of a path parameter no property describes (frozen: shared by every such parameter). */
const STRING = Object.freeze({ type: "string" });

/**
 * One Parameter Object per property of `params`, `query`, `headers` and `cookies`: path
 * parameters in template order (a template name without a property is a string), then
 * query, header and cookie parameters in property order. `declared`: path parameters the
 * path or a `parameters` list declares, which get no plain string parameter here.
 */
export function buildParameters(scope: OperationScope, route: JsonObject, path: string, pathParams: readonly string[], declared?: ReadonlySet<string>): ParameterObject[] {
  const parts = scope.context.parts;
  const parameters: ParameterObject[] = [];
  const styles = route.styles === undefined ? RouteStyles.NONE : RouteStyles.of(route, scope.location, scope.context.version);
  for (const source of SOURCES) {
    if (source.in === "header" && route.querystring !== undefined) parameters.push(querystring(scope, route));
    const schema = route[source.field];
    if (schema === undefined) {
      if (source.in !== "path") continue;
      for (const name of pathParams) {
        if (declared?.has(name)) continue;
        const given = styles.given("path", name);
        if (given !== undefined) parameters.push(parts.seal(plainPathParameter(scope, name, given)));
        else parameters.push(parts.parameter(name, "path", true, STRING) ?? parts.madeParameter(STRING, plainPathParameter(scope, name, undefined)));
      }
      continue;
    }
    const site = scope.site(source.at, source.suffix);
    const properties = scope.context.compiler.properties(schema, "input", site);
    if (source.in === "path") {
      for (const property of properties) {
        if (!pathParams.includes(property.name)) {
          throw new SpecloomError("INVALID_DEFINITION", `${site.location}.${property.name}`, `"${property.name}" is not a parameter of the path "${path}" (its parameters: ${pathParams.length ? pathParams.join(", ") : "none"})`);
        }
      }
      for (const name of pathParams) {
        const property = properties.find((p) => p.name === name);
        if (property === undefined && declared?.has(name)) continue;
        parameters.push(parameter(scope, name, "path", true, property?.schema ?? STRING, site, property?.imported, styles.given("path", name)));
      }
    } else {
      for (const property of properties) parameters.push(parameter(scope, property.name, source.in, property.required, property.schema, site, property.imported, styles.given(source.in as EncodedLocation, property.name)));
    }
  }
  styles.checkAllUsed();
  return parts.seal(parameters);
}

/**
 * `querystring` (3.2): the whole query string as one value, described by its content
 * ("A parameter with in: querystring MUST use content"), here as a form-encoded object.
 * It replaces query parameters: 3.2 forbids both on one operation.
 */
function querystring(scope: OperationScope, route: JsonObject): ParameterObject {
  const site = scope.site(".querystring", "Querystring");
  const version = scope.context.version;
  if (!hasVersion(version, "3.2.0")) throw new SpecloomError("INVALID_DEFINITION", site.location, `querystring ${needsVersion("3.2.0", version)}`);
  if (route.query !== undefined) {
    throw new SpecloomError("INVALID_DEFINITION", site.location, 'a route has query or querystring, not both: OpenAPI 3.2 says a querystring parameter MUST NOT appear in the same operation as any in: "query" parameters');
  }
  const parts = scope.context.parts;
  const media: JsonObject = { schema: parts.later(schemaAt(scope, route.querystring, "input", site)) };
  recordSlot(scope, media, "schema", "querystring", site);
  return parts.seal({ name: "querystring", in: "querystring", content: parts.seal({ "application/x-www-form-urlencoded": parts.seal(media) }) });
}

/**
 * `imported`: the property's node as imported (shared), where the 3.0 conversion notes folded
 * examples. `schema` is that node as this document uses it (the node itself when it holds no
 * reference), so the parameter is one per name, place, requiredness and schema.
 */
function parameter(scope: OperationScope, name: string, location: ParameterLocation, required: boolean, schema: SchemaOrRef, site: SchemaSite, imported: unknown, encoding: ParameterEncoding | undefined): ParameterObject {
  const parts = scope.context.parts;
  // A styled parameter is its route's own: sharing is by name, place, requiredness and schema only.
  if (encoding !== undefined) return parts.seal(makeParameter(scope, name, location, required, schema, site, imported, encoding));
  return parts.parameter(name, location, required, schema) ?? parts.madeParameter(schema, makeParameter(scope, name, location, required, schema, site, imported));
}

/** `style`, `explode`, `allowReserved` as the route gives them, in the Parameter Object's field order. */
function writeEncoding(result: ParameterObject, given: ParameterEncoding | undefined): void {
  const encoding = given === undefined ? undefined : writtenEncoding(given);
  if (encoding?.style !== undefined) result.style = encoding.style;
  if (encoding?.explode !== undefined) result.explode = encoding.explode;
  if (encoding?.allowReserved !== undefined) result.allowReserved = encoding.allowReserved;
}

/** A path parameter no property describes: a string. */
function plainPathParameter(scope: OperationScope, name: string, encoding: ParameterEncoding | undefined): ParameterObject {
  const plain: ParameterObject = { name, in: "path", required: true };
  writeEncoding(plain, encoding);
  plain.schema = STRING;
  if (scope.context.slots) recordSlot(scope, plain as unknown as JsonObject, "schema", "path", scope.site(".params", "Params"));
  return plain;
}

function makeParameter(scope: OperationScope, name: string, location: ParameterLocation, required: boolean, schema: SchemaOrRef, site: SchemaSite, imported?: unknown, encoding?: ParameterEncoding): ParameterObject {
  const parts = scope.context.parts;
  const result: ParameterObject = { name, in: location };
  const lifted = liftAnnotations(scope, schema, imported);
  if (lifted.description !== undefined) result.description = lifted.description;
  if (required) result.required = true;
  if (lifted.deprecated) result.deprecated = true;
  writeEncoding(result, encoding);
  result.schema = parts.later(lifted.schema);
  if (lifted.example !== undefined) result.example = parts.later(lifted.example);
  if (lifted.examples !== undefined) result.examples = parts.later(lifted.examples);
  recordSlot(scope, result as unknown as JsonObject, "schema", location, site);
  return result;
}

