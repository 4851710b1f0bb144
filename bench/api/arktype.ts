/**
 * The CRUD API's schemas in ArkType 2 (see crud.ts), arranged around ArkType's cost of
 * building types (never timed, but it counts against the 3-minute budget):
 *
 * - ArkType interns types (an identical definition returns the very same object) and keeps
 *   every type it ever built. So the types are built once per process (memoised by name,
 *   `build` ignored), and each build gets fresh objects `Object.create(type)`: to Specloom,
 *   whose cache is keyed by the object, schemas it has never seen; to ArkType, the same
 *   type, answering through its own `~standard` getter and its uncached JSON Schema
 *   conversion. (`checkFreshObjects()` asserts they write exactly the type's JSON Schema.)
 * - A type is converted once (untimed) when it is built: on its first conversion ArkType
 *   derives the type's input and output types, so the floor of the run that first met a
 *   type would pay for it and `openapi()` of the same run would not. Every timed conversion
 *   is of a type ArkType has converted before, for the floor and for `openapi()` alike.
 * - The resources share their field types (including the `status` enum) and differ by
 *   their descriptions: with an enum of their own, ArkType took 2.5 times as long to build
 *   them. Each resource is still its own type with its own JSON Schema of the same size and
 *   shape as in Zod and Valibot.
 */
import "./arktype-jitless";
import { type, type Type } from "arktype";
import { TARGET, type ResourceSchemas, type SchemaFactory } from "./crud";

type Schema = Type;

const fresh = (schema: Schema): Schema => Object.create(schema) as Schema;

function sharedTypes(): { params: Schema; problem: Schema } {
  const params = type({ id: type("string.uuid").describe("The resource's id") }).describe("Path parameters");
  const problem = type({
    type: "string.url",
    title: "string",
    status: "400 <= number.integer <= 599",
    detail: "string | null",
    "errors?": type({ path: "string", message: "string" }).array(),
  }).describe("A problem");
  return { params, problem } as { params: Schema; problem: Schema };
}

/** The field types every resource has; each resource's own types describe these. */
function baseTypes(): { resource: Schema; create: Schema; query: Schema } {
  const status = type.enumerated("active", "archived", "draft");
  const fields = {
    name: type("1 <= string <= 120"),
    status: status.default("draft"),
    tags: type("string <= 32").array().atMostLength(20),
    owner: type({ id: "string.uuid", email: "string.email", displayName: "string | null" }),
    attributes: type("Record<string, string | number | boolean>"),
    description: type("(string <= 2000) | null"),
    priority: type("0 <= number.integer <= 10").default(5),
    lines: type({ sku: "string", quantity: "number.integer > 0", "unitPrice?": "number >= 0" }).array(),
  };
  const resource = type({ id: "string.uuid", ...fields, createdAt: "string.date.iso" });
  const create = type(fields);
  const query = type({
    limit: type("1 <= number.integer <= 100").default(20),
    offset: type("number.integer >= 0").default(0),
    "sort?": "'name' | '-name' | 'createdAt' | '-createdAt'",
    "status?": status,
    "q?": "string",
  });
  return { resource, create, query } as { resource: Schema; create: Schema; query: Schema };
}

let shared: { params: Schema; problem: Schema } | undefined;
let base: { resource: Schema; create: Schema; query: Schema } | undefined;
const resources = new Map<string, ResourceSchemas<Schema>>();

function resourceTypes(name: string): ResourceSchemas<Schema> {
  base ??= baseTypes();
  const resource = base.resource.describe(name);
  return {
    resource,
    create: base.create.describe(`New ${name}`),
    query: base.query.describe(`List query for ${name}`),
    page: type({ items: resource.array(), total: "number.integer", next: "string | null" }).describe(`Page of ${name}`),
  } as ResourceSchemas<Schema>;
}

/** One conversion of each side, so ArkType's own caches are filled before anything is timed. */
function converted<T extends object>(types: T): T {
  for (const schema of Object.values(types) as Schema[]) {
    schema["~standard"].jsonSchema.input({ target: TARGET });
    schema["~standard"].jsonSchema.output({ target: TARGET });
  }
  return types;
}

export const arktypeFactory: SchemaFactory<Schema> = {
  library: "arktype",
  shared() {
    shared ??= converted(sharedTypes());
    return { params: fresh(shared.params), problem: fresh(shared.problem) };
  },
  resource(name) {
    let built = resources.get(name);
    if (!built) resources.set(name, (built = converted(resourceTypes(name))));
    return { resource: fresh(built.resource), create: fresh(built.create), query: fresh(built.query), page: fresh(built.page) };
  },
};

/** Throws unless every fresh object writes exactly its type's JSON Schema, on both sides. */
export function checkFreshObjects(): void {
  const objects = [...Object.values(arktypeFactory.resource("Resource0", 0)), ...Object.values(arktypeFactory.shared(0))];
  for (const object of objects) {
    const own = Object.getPrototypeOf(object) as Schema;
    for (const side of ["input", "output"] as const) {
      const a = JSON.stringify(object["~standard"].jsonSchema[side]({ target: TARGET }));
      const b = JSON.stringify(own["~standard"].jsonSchema[side]({ target: TARGET }));
      if (a !== b) throw new Error(`an ArkType fresh object writes a different JSON Schema (${side}) than its type`);
    }
  }
}
