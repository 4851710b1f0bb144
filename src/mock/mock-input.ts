/**
 * What the mock serves: a definition (as given to `openapi()`), an `OpenAPI` builder, or an
 * OpenAPI document. The document is what answers are read from; a definition's is built once.
 */
import { SpecloomError, describeValue } from "../errors";
import { OpenAPI } from "../generate/builder";
import { openapi } from "../generate/openapi";
import { isPlainObject, type JsonObject } from "../internal/own";
import type { ValidatorDefinition } from "../http/types";
import type { OpenAPIDocument } from "../types/document";
import type { SpecloomDefinition } from "../types/definition";

export type MockInput = ValidatorDefinition | OpenAPIDocument;

/** A route key, `GET /users`: only a definition's `paths` have them (a document's start with "/"). */
const ROUTE_KEY = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+ /;

/** Whether `input` is an OpenAPI document rather than a definition: a version and no route keys. */
export function isOpenAPIDocument(input: unknown): input is OpenAPIDocument {
  if (!isPlainObject(input) || typeof input.openapi !== "string") return false;
  const paths = input.paths;
  return !isPlainObject(paths) || !Object.keys(paths).some((key) => ROUTE_KEY.test(key));
}

export function documentOf(input: MockInput): JsonObject {
  if (input instanceof OpenAPI) return input.document() as unknown as JsonObject;
  if (isOpenAPIDocument(input)) {
    if (!/^3\.[0-2]\./.test(input.openapi)) throw new SpecloomError("INVALID_DEFINITION", "mockHandler", `expected an OpenAPI 3.0, 3.1 or 3.2 document, found openapi ${JSON.stringify(input.openapi)}`);
    return input as unknown as JsonObject;
  }
  if (!isPlainObject(input)) throw new SpecloomError("INVALID_DEFINITION", "mockHandler", `expected a definition, an OpenAPI builder or an OpenAPI document, found ${describeValue(input)}`);
  return openapi(input as SpecloomDefinition) as unknown as JsonObject;
}
