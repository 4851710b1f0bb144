/**
 * The same CRUD API for zod-openapi (`createDocument`): the same Zod schemas (zod.ts), paths,
 * operationIds, parameters, bodies, responses and components (`components.schemas`, so each
 * registered schema becomes a `$ref` wherever it is used).
 */
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import type { z } from "zod";
import { INFO, resourceCount, resourceNames, resourceOperations, type Variant } from "./crud";
import { zodFactory } from "./zod";

export interface ZodOpenAPIApi {
  readonly schemas: Record<string, z.ZodType>;
  readonly paths: ZodOpenApiPathsObject;
}

const json = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });

/** Fresh schemas and the paths object (untimed). */
export function zodOpenAPIApi(operations: number, variant: Variant, build: number): ZodOpenAPIApi {
  const { params, problem } = zodFactory.shared(build) as { params: z.ZodObject; problem: z.ZodType };
  const schemas: Record<string, z.ZodType> = variant === "registered" ? { Problem: problem } : {};
  const paths: ZodOpenApiPathsObject = {};
  const notFound = { description: "Not Found", ...json(problem) };
  for (let i = 0; i < resourceCount(operations); i++) {
    const names = resourceNames(i);
    const s = zodFactory.resource(names.resource, build);
    if (variant === "registered") {
      schemas[names.resource] = s.resource;
      schemas[names.create] = s.create;
    }
    const { list, create, read, replace, remove } = resourceOperations(i);
    paths[list.path] = {
      get: { operationId: list.operationId, requestParams: { query: s.query as z.ZodObject }, responses: { 200: { description: "OK", ...json(s.page) } } },
      post: {
        operationId: create.operationId,
        requestBody: { required: true, ...json(s.create) },
        responses: { 201: { description: "Created", ...json(s.resource) }, 400: { description: "Bad Request", ...json(problem) } },
      },
    };
    paths[read.path] = {
      get: { operationId: read.operationId, requestParams: { path: params }, responses: { 200: { description: "OK", ...json(s.resource) }, 404: notFound } },
      put: {
        operationId: replace.operationId,
        requestParams: { path: params },
        requestBody: { required: true, ...json(s.create) },
        responses: { 200: { description: "OK", ...json(s.resource) }, 404: notFound },
      },
      delete: { operationId: remove.operationId, requestParams: { path: params }, responses: { 204: { description: "No Content" }, 404: notFound } },
    };
  }
  return { schemas, paths };
}

/** What is timed: one `createDocument`. */
export function zodOpenAPIDocument(api: ZodOpenAPIApi) {
  return createDocument({ openapi: "3.1.0", info: { ...INFO }, paths: api.paths, components: { schemas: api.schemas } });
}
