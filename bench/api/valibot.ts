/** The CRUD API's schemas in Valibot 1, made Standard JSON Schemas by @valibot/to-json-schema (see crud.ts). */
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import type { ResourceSchemas, SchemaFactory } from "./crud";

type Schema = ReturnType<typeof toStandardJsonSchema>;

export const valibotFactory: SchemaFactory<Schema> = {
  library: "valibot",
  shared() {
    const params = v.pipe(v.object({ id: v.pipe(v.string(), v.uuid(), v.description("The resource's id")) }), v.description("Path parameters"));
    const problem = v.pipe(
      v.object({
        type: v.pipe(v.string(), v.url()),
        title: v.string(),
        status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
        detail: v.nullable(v.string()),
        errors: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
      }),
      v.description("A problem"),
    );
    return { params: toStandardJsonSchema(params), problem: toStandardJsonSchema(problem) };
  },
  resource(name): ResourceSchemas<Schema> {
    const status = v.picklist([`${name.toLowerCase()}-active`, "archived", "draft"]);
    const fields = {
      name: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
      status: v.optional(status, "draft"),
      tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(20)),
      owner: v.object({ id: v.pipe(v.string(), v.uuid()), email: v.pipe(v.string(), v.email()), displayName: v.nullable(v.string()) }),
      attributes: v.record(v.string(), v.union([v.string(), v.number(), v.boolean()])),
      description: v.nullable(v.pipe(v.string(), v.maxLength(2000))),
      priority: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)), 5),
      lines: v.array(
        v.object({
          sku: v.string(),
          quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
          unitPrice: v.optional(v.pipe(v.number(), v.minValue(0))),
        }),
      ),
    };
    const resource = v.pipe(v.object({ id: v.pipe(v.string(), v.uuid()), ...fields, createdAt: v.pipe(v.string(), v.isoTimestamp()) }), v.description(name));
    const create = v.pipe(v.object(fields), v.description(`New ${name}`));
    const query = v.pipe(
      v.object({
        limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20),
        offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
        sort: v.optional(v.picklist(["name", "-name", "createdAt", "-createdAt"])),
        status: v.optional(status),
        q: v.optional(v.string()),
      }),
      v.description(`List query for ${name}`),
    );
    const page = v.pipe(v.object({ items: v.array(resource), total: v.pipe(v.number(), v.integer()), next: v.nullable(v.string()) }), v.description(`Page of ${name}`));
    return {
      resource: toStandardJsonSchema(resource),
      create: toStandardJsonSchema(create),
      query: toStandardJsonSchema(query),
      page: toStandardJsonSchema(page),
    };
  },
};
