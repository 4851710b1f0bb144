/**
 * The same CRUD API for hono-openapi: a Hono app whose routes carry `describeRoute` (bodies
 * and responses through `resolver`) and `validator` middleware (parameters), over the same
 * Zod schemas (zod.ts). hono-openapi makes a component of every schema with an id in Zod's
 * global registry (`.meta({ id })`), so registered schemas get one; the registry is cleared
 * before each build, since an id may be registered once.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { describeRoute, generateSpecs, resolver, validator } from "hono-openapi";
import { z } from "zod";
import { INFO, resourceCount, resourceNames, resourceOperations, type Variant } from "./crud";
import { zodFactory } from "./zod";

const json = (schema: z.ZodType) => ({ content: { "application/json": { schema: resolver(schema) } } });
const ok: MiddlewareHandler = (c) => Promise.resolve(c.body(null));

/** Fresh schemas and the app (untimed). */
export function honoOpenAPIApi(operations: number, variant: Variant, build: number): Hono {
  z.globalRegistry.clear();
  const id = variant === "registered" ? <T extends z.ZodType>(name: string, schema: T): T => schema.meta({ id: name }) as T : <T>(_name: string, schema: T): T => schema;
  const shared = zodFactory.shared(build) as { params: z.ZodObject; problem: z.ZodType };
  const problem = id("Problem", shared.problem);
  const params = validator("param", shared.params);
  const notFound = { description: "Not Found", ...json(problem) };
  const app = new Hono();
  for (let i = 0; i < resourceCount(operations); i++) {
    const names = resourceNames(i);
    const s = zodFactory.resource(names.resource, build, id);
    const { list, create, read, replace, remove } = resourceOperations(i);
    const at = (path: string) => path.replace("{id}", ":id");
    app.get(at(list.path), describeRoute({ operationId: list.operationId, responses: { 200: { description: "OK", ...json(s.page) } } }), validator("query", s.query), ok);
    app.post(
      at(create.path),
      describeRoute({
        operationId: create.operationId,
        requestBody: { required: true, ...json(s.create) },
        responses: { 201: { description: "Created", ...json(s.resource) }, 400: { description: "Bad Request", ...json(problem) } },
      }),
      ok,
    );
    app.get(at(read.path), describeRoute({ operationId: read.operationId, responses: { 200: { description: "OK", ...json(s.resource) }, 404: notFound } }), params, ok);
    app.put(
      at(replace.path),
      describeRoute({ operationId: replace.operationId, requestBody: { required: true, ...json(s.create) }, responses: { 200: { description: "OK", ...json(s.resource) }, 404: notFound } }),
      params,
      ok,
    );
    app.delete(at(remove.path), describeRoute({ operationId: remove.operationId, responses: { 204: { description: "No Content" }, 404: notFound } }), params, ok);
  }
  return app;
}

/** What is timed: one `generateSpecs`. */
export function honoOpenAPIDocument(app: Hono) {
  return generateSpecs(app, { documentation: { openapi: "3.1.0", info: { ...INFO } }, defaultValidationErrorResponse: false });
}
