/**
 * The same CRUD API for @asteasolutions/zod-to-openapi: the same Zod schemas (zod.ts), the
 * same paths, operationIds, parameters, bodies, responses and components. Its registry
 * needs a registered schema's own copy (`register()` returns it) wherever the schema is
 * used, so registration happens while the schemas are built, like `.meta({ id })` would.
 *
 * Importing this module extends Zod with `.openapi()` (zod-to-openapi needs it), so only
 * its own worker and the checks import it.
 */
import { z } from "zod";
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { INFO, resourceCount, resourceNames, resourceOperations, type CrudOperation, type Variant } from "./crud";
import { zodFactory } from "./zod";

extendZodWithOpenApi(z);

export interface ZodToOpenAPIApi {
  readonly registry: OpenAPIRegistry;
  readonly routes: RouteConfig[];
}

/** Builds fresh schemas (registered ones through the registry) and the route configs. */
export function zodToOpenAPIApi(operations: number, variant: Variant, build: number): ZodToOpenAPIApi {
  const registry = new OpenAPIRegistry();
  const register = variant === "registered" ? <T extends z.ZodType>(name: string, schema: T): T => registry.register(name, schema) : <T>(_name: string, schema: T): T => schema;
  const shared = zodFactory.shared(build);
  const params = shared.params as z.ZodObject;
  const problem = register("Problem", shared.problem);
  const json = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });
  const routes: RouteConfig[] = [];
  for (let i = 0; i < resourceCount(operations); i++) {
    const s = zodFactory.resource(resourceNames(i).resource, build, register);
    const { list, create, read, replace, remove } = resourceOperations(i);
    const at = (operation: CrudOperation) => ({ method: operation.method, path: operation.path, operationId: operation.operationId });
    const notFound = { description: "Not Found", ...json(problem) };
    routes.push(
      { ...at(list), request: { query: s.query as z.ZodObject }, responses: { 200: { description: "OK", ...json(s.page) } } },
      {
        ...at(create),
        request: { body: { required: true, ...json(s.create) } },
        responses: { 201: { description: "Created", ...json(s.resource) }, 400: { description: "Bad Request", ...json(problem) } },
      },
      { ...at(read), request: { params }, responses: { 200: { description: "OK", ...json(s.resource) }, 404: notFound } },
      { ...at(replace), request: { params, body: { required: true, ...json(s.create) } }, responses: { 200: { description: "OK", ...json(s.resource) }, 404: notFound } },
      { ...at(remove), request: { params }, responses: { 204: { description: "No Content" }, 404: notFound } },
    );
  }
  return { registry, routes };
}

/** What is timed: registering the routes and generating the document. */
export function zodToOpenAPIDocument(api: ZodToOpenAPIApi) {
  for (const route of api.routes) api.registry.registerPath(route);
  return new OpenApiGeneratorV31(api.registry.definitions).generateDocument({ openapi: "3.1.0", info: { ...INFO } });
}
