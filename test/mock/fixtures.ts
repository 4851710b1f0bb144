/**
 * A pets API for the mock's tests, written with Zod: lists with bounds, an enum, formats, a
 * nullable field, a recursive schema, a required response header, named examples, several
 * media types, a 204 and a `default` response.
 */
import { z } from "zod";
import type { OpenAPIVersion, SpecloomDefinition } from "specloom";

export const Pet = z.object({
  id: z.number().int().min(1).max(1_000_000),
  name: z.string().min(1).max(40),
  kind: z.enum(["cat", "dog", "bird"]),
  born: z.iso.date().optional(),
  email: z.email().optional(),
  tags: z.array(z.string().max(10)).max(5).optional(),
  owner: z.string().nullable(),
});

interface Category {
  name: string;
  children: Category[];
}
export const Category: z.ZodType<Category> = z.object({ name: z.string().max(8), get children() { return z.array(Category).max(2); } });

export const Problem = z.object({ code: z.number().int(), message: z.string() });

export function petsApi(version: OpenAPIVersion) {
  return {
    openapi: version,
    info: { title: "Pets", version: "1" },
    schemas: { Pet, Category },
    paths: {
      "GET /pets": {
        query: z.object({ limit: z.number().int().min(1).max(100).optional() }),
        200: { schema: z.array(Pet).max(3), headers: z.object({ "X-Total": z.number().int().min(0) }) },
      },
      "GET /pets/{id}": {
        params: z.object({ id: z.number().int() }),
        200: { content: { "application/json": { schema: Pet, examples: { cat: { value: { id: 1, name: "Tom", kind: "cat", owner: null } }, dog: { value: { id: 2, name: "Rex", kind: "dog", owner: "Ann" } } } }, "text/plain": { schema: z.string() } } },
        404: Problem,
      },
      "POST /pets": { body: Pet.omit({ id: true }), 201: Pet, 400: Problem },
      "DELETE /pets/{id}": { params: z.object({ id: z.number().int() }), 204: null },
      "GET /categories": { 200: z.array(Category).max(2) },
      "GET /health": { default: z.object({ ok: z.boolean() }) },
    },
  } satisfies SpecloomDefinition;
}
