/** The CRUD API's schemas in Zod 4 (see crud.ts). */
import { z } from "zod";
import type { ResourceSchemas, SchemaFactory } from "./crud";

type Schema = z.ZodType;

export const zodFactory: SchemaFactory<Schema> = {
  library: "zod",
  shared() {
    const params = z.object({ id: z.string().uuid().describe("The resource's id") }).describe("Path parameters");
    const problem = z
      .object({
        type: z.string().url(),
        title: z.string(),
        status: z.number().int().min(400).max(599),
        detail: z.string().nullable(),
        errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      })
      .describe("A problem");
    return { params, problem };
  },
  resource(name, _build, register = (_name, schema) => schema): ResourceSchemas<Schema> {
    const status = z.enum([`${name.toLowerCase()}-active`, "archived", "draft"]);
    const fields = {
      name: z.string().min(1).max(120),
      status: status.default("draft"),
      tags: z.array(z.string().max(32)).max(20),
      owner: z.object({ id: z.string().uuid(), email: z.string().email(), displayName: z.string().nullable() }),
      attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      description: z.string().max(2000).nullable(),
      priority: z.number().int().min(0).max(10).default(5),
      lines: z.array(z.object({ sku: z.string(), quantity: z.number().int().positive(), unitPrice: z.number().nonnegative().optional() })),
    };
    const resource = register(
      name,
      z
        .object({ id: z.string().uuid(), ...fields, createdAt: z.string().datetime() })
        .describe(name),
    );
    const create = register(`New${name}`, z.object(fields).describe(`New ${name}`));
    const query = z
      .object({
        limit: z.number().int().min(1).max(100).default(20),
        offset: z.number().int().min(0).default(0),
        sort: z.enum(["name", "-name", "createdAt", "-createdAt"]).optional(),
        status: status.optional(),
        q: z.string().optional(),
      })
      .describe(`List query for ${name}`);
    const page = z
      .object({ items: z.array(resource), total: z.number().int(), next: z.string().nullable() })
      .describe(`Page of ${name}`);
    return { resource, create, query, page };
  },
};
