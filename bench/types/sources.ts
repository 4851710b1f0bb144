/**
 * The TypeScript sources the type-checking benchmark compiles: a generated CRUD definition
 * of `operations` operations (Zod, five operations per resource), and one openapi-fetch call
 * per operation, typed either by `PathsOf` of the definition or by openapi-typescript's file.
 */

/** Five operations per resource: list, create, read, replace, delete. */
export const OPERATIONS_PER_RESOURCE = 5;

/** `api.ts`: the definition, given to `openapi()`, whose document it exports. */
export function definitionSource(resources: number): string {
  const lines = [
    `import { z } from "zod";`,
    `import { openapi } from "specloom";`,
    `const Problem = z.object({ title: z.string(), status: z.number().int(), detail: z.string().optional() });`,
    `const IdParams = z.object({ id: z.string() });`,
    `const ListQuery = z.object({ limit: z.number().int().min(1).max(100).default(20), offset: z.number().int().default(0), q: z.string().optional() });`,
  ];
  for (let i = 0; i < resources; i++) {
    lines.push(`const Resource${i} = z.object({ id: z.string(), name: z.string(), status: z.enum(["active", "archived"]), size: z.number().int().optional(), tags: z.array(z.string()), owner: z.object({ id: z.string(), email: z.string().nullable() }) });`);
    lines.push(`const NewResource${i} = Resource${i}.omit({ id: true });`);
  }
  lines.push(`export const document = openapi({`, `  info: { title: "CRUD", version: "1.0.0" },`, `  schemas: { Problem },`, `  paths: {`);
  for (let i = 0; i < resources; i++) {
    lines.push(
      `    "GET /r${i}": { query: ListQuery, 200: z.object({ items: z.array(Resource${i}), total: z.number().int() }), 400: "Problem" },`,
      `    "POST /r${i}": { body: NewResource${i}, 201: Resource${i}, 400: "Problem" },`,
      `    "GET /r${i}/:id": { params: IdParams, 200: Resource${i}, 404: "Problem" },`,
      `    "PUT /r${i}/:id": { params: IdParams, body: NewResource${i}, 200: Resource${i}, 404: "Problem" },`,
      `    "DELETE /r${i}/:id": { params: IdParams, 204: null, 404: "Problem" },`,
    );
  }
  lines.push(`  },`, `});`);
  return lines.join("\n") + "\n";
}

/**
 * One openapi-fetch call per operation of the resources `which` lists (default: every one),
 * over the `paths` type `pathsType` names (imported by `imports`).
 */
export function callsSource(resources: number, imports: string, pathsType: string, which?: number[]): string {
  const lines = [`import createClient from "openapi-fetch";`, imports, `const client = createClient<${pathsType}>({ baseUrl: "http://localhost" });`];
  for (const i of which ?? Array.from({ length: resources }, (_, index) => index)) {
    lines.push(
      `export async function r${i}(): Promise<string | undefined> {`,
      `  const list = await client.GET("/r${i}", { params: { query: { limit: 10 } } });`,
      `  const made = await client.POST("/r${i}", { body: { name: "a", status: "active", tags: [], owner: { id: "o", email: null } } });`,
      `  const one = await client.GET("/r${i}/{id}", { params: { path: { id: "1" } } });`,
      `  await client.PUT("/r${i}/{id}", { params: { path: { id: "1" } }, body: { name: "b", status: "archived", tags: ["t"], owner: { id: "o", email: "e" } } });`,
      `  const gone = await client.DELETE("/r${i}/{id}", { params: { path: { id: "1" } } });`,
      `  return list.data?.items[0]?.name ?? made.data?.id ?? one.error?.title ?? gone.error?.detail;`,
      `}`,
    );
  }
  return lines.join("\n") + "\n";
}
