/**
 * The generated CRUD API of the generation scenarios, independent of the schema library.
 *
 * Per resource `r<i>`, five operations:
 *   GET    /r<i>        query: ListQuery          200: Page (items: Resource[])
 *   POST   /r<i>        body: NewResource         201: Resource, 400: Problem
 *   GET    /r<i>/{id}   params: IdParams          200: Resource, 404: Problem
 *   PUT    /r<i>/{id}   params, body: NewResource 200: Resource, 404: Problem
 *   DELETE /r<i>/{id}   params                    204: none, 404: Problem
 * so 1,000 operations are 200 resources and 10,000 are 2,000. IdParams and Problem are one
 * schema object each, shared by every resource (as an application would write them).
 *
 * "registered": every Resource, NewResource and Problem is in `schemas` (components, `$ref`
 * wherever used; the realistic case). "inline": nothing is registered, every schema is
 * written where it is used.
 *
 * Every call of `crudApi()` (a "build") gives schema objects no conversion has touched: Zod
 * and Valibot schemas are constructed anew; ArkType's are fresh objects over types built
 * once (see arktype.ts for why).
 */
import type { RouteShorthand, SpecloomDefinition, StandardJSONSchemaV1 } from "specloom";

export type Library = "zod" | "arktype" | "valibot";
export type Variant = "registered" | "inline";
export type Side = "input" | "output";
export const LIBRARIES: readonly Library[] = ["zod", "arktype", "valibot"];
export const VARIANTS: readonly Variant[] = ["registered", "inline"];
export const OPERATIONS_PER_RESOURCE = 5;

/** The schemas of one resource. `page` embeds `resource` (the library writes it inline). */
export interface ResourceSchemas<S> {
  resource: S;
  create: S;
  query: S;
  page: S;
}

/**
 * Builds the schemas of one library; `build` numbers the builds (a factory may use it).
 * `register` lets zod-to-openapi swap in its registered copies.
 */
export interface SchemaFactory<S> {
  readonly library: Library;
  shared(build: number): { params: S; problem: S };
  resource(name: string, build: number, register?: (name: string, schema: S) => S): ResourceSchemas<S>;
}

/** The names of the resource with index `i`. */
export function resourceNames(i: number): { resource: string; create: string; path: string } {
  return { resource: `Resource${i}`, create: `NewResource${i}`, path: `/r${i}` };
}

export interface CrudOperation {
  readonly method: "get" | "post" | "put" | "delete";
  readonly path: string;
  /** The operationId `openapi()` generates (the method, then each segment in PascalCase). */
  readonly operationId: string;
  /** The `openapi()` route key, `"GET /r0/{id}"`. */
  readonly key: string;
}

/** The five operations of resource `i`. */
export function resourceOperations(i: number): Record<"list" | "create" | "read" | "replace" | "remove", CrudOperation> {
  const { path } = resourceNames(i);
  const operation = (method: CrudOperation["method"], at: string, operationId: string): CrudOperation => ({ method, path: at, operationId, key: `${method.toUpperCase()} ${at}` });
  return {
    list: operation("get", path, `getR${i}`),
    create: operation("post", path, `postR${i}`),
    read: operation("get", `${path}/{id}`, `getR${i}ById`),
    replace: operation("put", `${path}/{id}`, `putR${i}ById`),
    remove: operation("delete", `${path}/{id}`, `deleteR${i}ById`),
  };
}

export function resourceCount(operations: number): number {
  if (operations % OPERATIONS_PER_RESOURCE !== 0) throw new Error(`operations must be a multiple of ${OPERATIONS_PER_RESOURCE}`);
  return operations / OPERATIONS_PER_RESOURCE;
}

/** One built API: the `openapi()` definition and the (schema, side) pairs the document needs. */
export interface CrudApi {
  readonly definition: SpecloomDefinition;
  /** Each distinct schema object with the sides the document needs: the vendor floor's work. */
  readonly needs: ReadonlyMap<StandardJSONSchemaV1, ReadonlySet<Side>>;
}

export const INFO = { title: "Generated CRUD API", version: "1.0.0" } as const;

/** The definition of `operations` operations, from fresh schema objects of build `build`. */
export function crudApi(factory: SchemaFactory<unknown>, operations: number, variant: Variant, build: number): CrudApi {
  const needs = new Map<StandardJSONSchemaV1, Set<Side>>();
  const use = (schema: StandardJSONSchemaV1, side: Side): StandardJSONSchemaV1 => {
    let sides = needs.get(schema);
    if (!sides) needs.set(schema, (sides = new Set()));
    sides.add(side);
    return schema;
  };
  const { params, problem } = factory.shared(build) as { params: StandardJSONSchemaV1; problem: StandardJSONSchemaV1 };
  const schemas: Record<string, StandardJSONSchemaV1> = {};
  const paths: Record<string, RouteShorthand> = {};
  if (variant === "registered") schemas.Problem = problem;
  for (let i = 0; i < resourceCount(operations); i++) {
    const names = resourceNames(i);
    const s = factory.resource(names.resource, build) as ResourceSchemas<StandardJSONSchemaV1>;
    if (variant === "registered") {
      schemas[names.resource] = s.resource;
      schemas[names.create] = s.create;
    }
    const { list, create, read, replace, remove } = resourceOperations(i);
    paths[list.key] = { query: use(s.query, "input"), 200: use(s.page, "output") };
    paths[create.key] = { body: use(s.create, "input"), 201: use(s.resource, "output"), 400: use(problem, "output") };
    paths[read.key] = { params: use(params, "input"), 200: use(s.resource, "output"), 404: use(problem, "output") };
    paths[replace.key] = { params: use(params, "input"), body: use(s.create, "input"), 200: use(s.resource, "output"), 404: use(problem, "output") };
    paths[remove.key] = { params: use(params, "input"), 204: null, 404: use(problem, "output") };
  }
  const definition: SpecloomDefinition = variant === "registered" ? { info: { ...INFO }, schemas, paths } : { info: { ...INFO }, paths };
  return { definition, needs };
}

/** The target `openapi()` asks for first in a 3.1.0 document, which every library here supports. */
export const TARGET = "draft-2020-12";

/**
 * The vendor floor: the library's own conversion, once for each distinct schema object and
 * side the document needs, called directly. Returns the number of calls.
 */
export function vendorFloor(needs: CrudApi["needs"]): number {
  let calls = 0;
  for (const [schema, sides] of needs) {
    for (const side of sides) {
      schema["~standard"].jsonSchema[side]({ target: TARGET });
      calls++;
    }
  }
  return calls;
}
