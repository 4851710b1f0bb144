/**
 * The same CRUD API for oRPC's `OpenAPIGenerator` (`@orpc/openapi` with `@orpc/zod`'s Zod 4
 * converter): the same Zod schemas (zod.ts), paths, operationIds, parameters, bodies,
 * responses and components (`commonSchemas`). Each operation is a contract with a
 * "detailed" input (`params`, `query`, `body`); 400 and 404 are oRPC errors whose response
 * body is the registered `Problem` (`customErrorResponseBodySchema`), since oRPC otherwise
 * wraps error data in its own envelope.
 */
import { oc } from "@orpc/contract";
import { OpenAPIGenerator } from "@orpc/openapi";
import { ZodToJsonSchemaConverter } from "@orpc/zod/zod4";
import { z } from "zod";
import { INFO, resourceCount, resourceNames, resourceOperations, type CrudOperation, type Variant } from "./crud";
import { zodFactory } from "./zod";

export interface ORPCApi {
  readonly router: Record<string, unknown>;
  readonly commonSchemas: Record<string, { schema: z.ZodType; strategy: "input" | "output" }>;
  readonly registered: boolean;
}

/** Fresh schemas and the contract router (untimed). */
export function orpcApi(operations: number, variant: Variant, build: number): ORPCApi {
  const { params, problem } = zodFactory.shared(build) as { params: z.ZodObject; problem: z.ZodType };
  const registered = variant === "registered";
  const commonSchemas: ORPCApi["commonSchemas"] = registered ? { Problem: { schema: problem, strategy: "output" } } : {};
  const router: Record<string, unknown> = {};
  const errors = { BAD_REQUEST: { status: 400, data: problem }, NOT_FOUND: { status: 404, data: problem } };
  const route = (operation: CrudOperation, successStatus = 200) =>
    oc.route({ method: operation.method.toUpperCase() as "GET", path: operation.path.replace("{id}", "{id}") as `/${string}`, operationId: operation.operationId, successStatus, inputStructure: "detailed" });
  for (let i = 0; i < resourceCount(operations); i++) {
    const names = resourceNames(i);
    const s = zodFactory.resource(names.resource, build);
    if (registered) {
      commonSchemas[names.resource] = { schema: s.resource, strategy: "output" };
      commonSchemas[names.create] = { schema: s.create, strategy: "input" };
    }
    const { list, create, read, replace, remove } = resourceOperations(i);
    router[`r${i}`] = {
      list: route(list).input(z.object({ query: s.query as z.ZodObject })).output(s.page),
      create: route(create, 201).errors({ BAD_REQUEST: errors.BAD_REQUEST }).input(z.object({ body: s.create })).output(s.resource),
      read: route(read).errors({ NOT_FOUND: errors.NOT_FOUND }).input(z.object({ params })).output(s.resource),
      replace: route(replace).errors({ NOT_FOUND: errors.NOT_FOUND }).input(z.object({ params, body: s.create })).output(s.resource),
      remove: route(remove, 204).errors({ NOT_FOUND: errors.NOT_FOUND }).input(z.object({ params })),
    };
  }
  return { router, commonSchemas, registered };
}

const problemRef = { $ref: "#/components/schemas/Problem" };

/** What is timed: one `generate` with a new generator. */
export function orpcDocument(api: ORPCApi) {
  const generator = new OpenAPIGenerator({ schemaConverters: [new ZodToJsonSchemaConverter()] });
  return generator.generate(api.router as never, {
    info: { ...INFO },
    commonSchemas: api.commonSchemas,
    ...(api.registered ? { customErrorResponseBodySchema: () => problemRef } : {}),
  });
}
