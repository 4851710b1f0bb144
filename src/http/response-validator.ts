import { SpecloomError, describeValue } from "../errors";
import { isPlainObject } from "../internal/own";
import { DocumentSchemas } from "../schema-validator/index";
import type { OpenAPIDocument } from "../types/document";
import { apiSource } from "./api-source";
import { DEPTH_LIMIT } from "./json-depth";
import { documentOperations, operationByKey, templateShape } from "./document-operations";
import { resolverFor } from "./json-schema";
import { checkResponseBody } from "./response-body";
import { checkResponseHeaders } from "./response-headers";
import { operationResponses, type OperationResponses, type ResponseEntry } from "./response-model";
import type { ResponseCheck, ResponseIssue, ResponseValidator, ResponseValidatorOptions } from "./response-types";
import type { ValidatorDefinition } from "./types";

const WHERE = "responseValidator";

/**
 * A checker of the Responses a server sends, against the document (for a definition, the
 * document `openapi(definition)` builds: response schemas in their output form, what the
 * API sends): the status is one the operation declares, the headers it requires are there
 * and valid, the media type is one the response declares, the body is valid.
 */
export function responseValidator<const D extends ValidatorDefinition | OpenAPIDocument>(definitionOrDocument: D, options: ResponseValidatorOptions = {}): ResponseValidator<D> {
  const depthLimit = readOptions(options);
  const source = apiSource(definitionOrDocument, WHERE);
  const resolve = resolverFor(source.document);
  const schemas = new DocumentSchemas(source.document, "response");
  const byShape = new Map<string, OperationResponses & { method: string; path: string }>();
  for (const operation of documentOperations(source.document, resolve)) {
    const responses = operationResponses(operation, schemas, resolve);
    byShape.set(`${operation.method.toUpperCase()} ${templateShape(operation.path)}`, { ...responses, method: operation.method, path: operation.path });
  }
  return {
    async check(route, response) {
      const found = typeof route === "string" ? operationByKey(byShape, route, `${WHERE} check(route)`) : undefined;
      if (found === undefined) throw new SpecloomError("INVALID_ROUTE_KEY", `${WHERE} check(route)`, `the ${source.definition === undefined ? "document" : "definition"} has no route ${typeof route === "string" ? JSON.stringify(route) : describeValue(route)}`);
      if (!(response instanceof Response)) throw new SpecloomError("INVALID_DEFINITION", `${WHERE} check(${JSON.stringify(route)}, response)`, `expected a Response, found ${describeValue(response)}`);
      if (response.bodyUsed) throw new SpecloomError("INVALID_DEFINITION", `${WHERE} check(${JSON.stringify(route)}, response)`, "the response's body was already read, so it cannot be checked (check it before sending it)");
      const entry = entryFor(found, response.status);
      if (entry === undefined) {
        const declared = found.declared.length === 0 ? "none" : found.declared.join(", ");
        return failed([{ in: "status", message: `${response.status} is not a status ${found.key} declares (it declares ${declared})` }]);
      }
      const issues: ResponseIssue[] = checkResponseHeaders(entry, response.headers, resolve);
      for (const issue of await checkResponseBody(entry, response, resolve, depthLimit)) issues.push(issue);
      return issues.length === 0 ? { ok: true } : failed(issues);
    },
  };
}

function failed(issues: ResponseIssue[]): ResponseCheck {
  return { ok: false, issues };
}

/** The Response Object for a status: the exact code, then its range (`2XX`), then `default`. */
function entryFor(responses: OperationResponses, status: number): ResponseEntry | undefined {
  return responses.statuses.get(String(status)) ?? responses.statuses.get(`${String(status).charAt(0)}XX`) ?? responses.statuses.get("default");
}

function readOptions(options: unknown): number {
  if (!isPlainObject(options)) throw new SpecloomError("INVALID_DEFINITION", `${WHERE} options`, `expected { depthLimit? }, found ${describeValue(options)}`);
  for (const key of Object.keys(options)) {
    if (key !== "depthLimit") throw new SpecloomError("INVALID_DEFINITION", `${WHERE} options.${key}`, "unknown option (expected depthLimit)");
  }
  const limit: unknown = options.depthLimit ?? DEPTH_LIMIT;
  if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 1) throw new SpecloomError("INVALID_DEFINITION", `${WHERE} options.depthLimit`, `expected a whole number of levels, 1 or more, found ${describeValue(limit)}`);
  return limit;
}
