import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { propertyLabel, setOwn, type JsonObject } from "../internal/own";
import type { OperationObject } from "../types/document";
import type { OperationScope } from "./context";
import { copyModel, copyModelList, copySecurity, copyStrings, expectString } from "./object-model";
import { buildParameters } from "./parameters";
import { buildCallbacks } from "./callbacks";
import { joinParameters, listedParameters, pathNames } from "./listed-parameters";
import { buildRequestBody } from "./request-body";
import { buildResponses } from "./responses";
import { defaultResponses, looksLikeStatus, normaliseStatusKey, statusLabel } from "./status";

/** The named fields of a route (everything else is a status code or an `x-` key). */
const ROUTE_FIELDS: ReadonlySet<string> = new Set([
  "method", "path", "query", "querystring", "params", "headers", "cookies", "styles", "body", "parameters", "callbacks",
  "summary", "description", "operationId", "tags", "deprecated", "security", "externalDocs", "servers",
]);

/**
 * A route (after `transformRoute`) to its OperationObject, fields in the specification's
 * order. `declared`: path parameters the path's own `parameters` declare.
 */
export function buildOperation(scope: OperationScope, route: JsonObject, path: string, pathParams: readonly string[], operationId: string, declared?: ReadonlySet<string>): OperationObject {
  // Read only where a message needs it: working it out for every operation costs.
  const at = (suffix: string) => scope.location + suffix;
  // Two lists, not a pair per status: one operation after another allocates them.
  const statuses: string[] = [];
  const responses: unknown[] = [];
  const extensions: string[] = [];
  for (const key of Object.keys(route)) {
    if (ROUTE_FIELDS.has(key) || route[key] === undefined) continue;
    if (key.startsWith("x-")) {
      extensions.push(key);
      continue;
    }
    const status = normaliseStatusKey(key);
    if (status !== undefined) {
      if (statuses.includes(status)) {
        throw new SpecloomError("INVALID_DEFINITION", at(statusLabel(key)), `the response ${status} is given twice`);
      }
      statuses.push(status);
      responses.push(route[key]);
      continue;
    }
    if (key === "responses") {
      throw new SpecloomError("INVALID_DEFINITION", at(".responses"), `a route takes its responses as status-code keys of the route itself ({ 200: schema, 404: null }), not under "responses"`);
    }
    if (looksLikeStatus(key)) {
      throw new SpecloomError("INVALID_DEFINITION", at(statusLabel(key)), `not a response status: use 100 to 599, 1XX to 5XX, or "default"`);
    }
    throw new SpecloomError(
      "INVALID_DEFINITION",
      at(propertyLabel(key)),
      `unknown field of a route (expected ${[...ROUTE_FIELDS].filter((f) => f !== "method" && f !== "path").join(", ")}, a status code, or an x- extension)`,
    );
  }

  const models = scope.context.models;
  const parts = scope.context.parts;
  const operation: OperationObject = {};
  if (route.tags !== undefined) operation.tags = parts.later(copyStrings(route.tags, at(".tags")));
  if (route.summary !== undefined) operation.summary = expectString(route.summary, at(".summary"));
  if (route.description !== undefined) operation.description = expectString(route.description, at(".description"));
  if (route.externalDocs !== undefined) operation.externalDocs = parts.later(copyModel("ExternalDocs", route.externalDocs, at(".externalDocs"), models)) as unknown as OperationObject["externalDocs"];
  operation.operationId = operationId;
  const listed = route.parameters === undefined ? undefined : listedParameters(scope, route.parameters, ".parameters");
  const made = buildParameters(scope, route, path, pathParams, listed === undefined ? declared : pathNames(listed, new Set(declared)));
  const parameters = listed === undefined ? made : joinParameters(scope, made, listed, ".parameters");
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.body !== undefined) operation.requestBody = buildRequestBody(scope, route.body);
  if (statuses.length > 0) operation.responses = buildResponses(scope, statuses, responses);
  else if (scope.context.dialect === "3.0") operation.responses = parts.later(defaultResponses());
  if (route.callbacks !== undefined) operation.callbacks = buildCallbacks(scope, route.callbacks, operationId, buildOperation) as OperationObject["callbacks"];
  if (route.deprecated !== undefined) {
    if (typeof route.deprecated !== "boolean") throw new SpecloomError("INVALID_DEFINITION", at(".deprecated"), `expected a boolean, found ${describeValue(route.deprecated)}`);
    operation.deprecated = route.deprecated;
  }
  if (route.security !== undefined) operation.security = parts.later(copySecurity(route.security, at(".security")));
  if (route.servers !== undefined) operation.servers = parts.later(copyModelList("Server", route.servers, at(".servers"), models)) as unknown as OperationObject["servers"];
  for (const key of extensions) setOwn(operation, key, parts.later(cloneData(route[key], at(propertyLabel(key)))));
  return parts.seal(operation);
}
