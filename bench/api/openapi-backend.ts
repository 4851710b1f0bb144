/**
 * openapi-backend for the request-validation scenario: the same route from the document
 * `openapi()` writes for it (the same JSON Schemas its users would write), validated and
 * routed by openapi-backend, as a Web handler adapts a `Request` to it: the body read as
 * text (openapi-backend parses JSON itself), the headers and the query string handed over.
 */
import { OpenAPIBackend } from "openapi-backend";
import type { OpenAPIDocument } from "specloom";

export type WebHandler = (request: Request) => Promise<number>;

/** A handler answering 204 for a valid request and 400 for an invalid one; `operationId` names the route's operation. */
export async function openapiBackendHandler(document: OpenAPIDocument, operationId: string): Promise<WebHandler> {
  const api = new OpenAPIBackend({
    // openapi-backend writes into the document it is given: a copy.
    definition: structuredClone(document) as never,
    // Path and query parameters arrive as strings: coerced to their schemas' types, as requestValidator does.
    coerceTypes: true,
    handlers: {
      [operationId]: () => 204,
      validationFail: () => 400,
      notFound: () => 404,
    },
  });
  await api.init();
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    for (const [name, value] of request.headers) headers[name] = value;
    return api.handleRequest({ method: request.method, path: url.pathname, query: url.search, headers, body: await request.text() }) as Promise<number>;
  };
}
