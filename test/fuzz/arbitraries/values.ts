/**
 * Values for schema positions and route fields: real library schemas, custom Standard
 * Schemas, names of registered schemas, OpenAPI objects, and values of every wrong type
 * (functions, symbols, bigints, NaN, Dates, Maps, cycles, getters that throw).
 */
import fc from "fast-check";
import { customPlan, customSchema, type CustomPlan } from "./custom-schema";
import { json, type Json } from "./json-schema";
import { librarySchema, type Library } from "./libraries";
import { anyName } from "./names";
import { objectShape, shape, type Shape } from "./shapes";
import { GetterTrap } from "./throws";

export type SchemaPlan = { lib: Library; shape: Shape } | { custom: CustomPlan };

export type Weird = "function" | "symbol" | "bigint" | "NaN" | "date" | "map" | "cycle" | "getter-throws" | "undefined" | "class-instance" | "frozen-object";

export type ValuePlan =
  | { schema: SchemaPlan }
  | { json: Json }
  | { name: string }
  | { response: { schema?: SchemaPlan; contentType?: Json; description?: Json; headers?: [string, SchemaPlan][] } }
  | { weird: Weird };

const library = fc.constantFrom<Library>("zod", "arktype", "valibot");

export const schemaPlan: fc.Arbitrary<SchemaPlan> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ lib: library, shape }) },
  { weight: 1, arbitrary: customPlan.map((custom) => ({ custom })) },
);

export const objectSchemaPlan: fc.Arbitrary<SchemaPlan> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ lib: library, shape: objectShape }) },
  { weight: 1, arbitrary: customPlan.map((custom) => ({ custom })) },
);

export const weird: fc.Arbitrary<ValuePlan> = fc
  .constantFrom<Weird>("function", "symbol", "bigint", "NaN", "date", "map", "cycle", "getter-throws", "undefined", "class-instance", "frozen-object")
  .map((w) => ({ weird: w }));

/** A value of the wrong type for any field. */
export const wrongValue: fc.Arbitrary<ValuePlan> = fc.oneof(json.map((value) => ({ json: value })), weird);

export const responseValue: fc.Arbitrary<ValuePlan> = fc.oneof(
  { weight: 4, arbitrary: schemaPlan.map((schema) => ({ schema })) },
  { weight: 1, arbitrary: fc.constant<ValuePlan>({ json: null }) },
  { weight: 1, arbitrary: fc.constantFrom("Pet", "User", "__proto__", "Missing").map((name) => ({ name })) },
  {
    weight: 1,
    arbitrary: fc
      .record(
        {
          schema: schemaPlan,
          contentType: fc.oneof(fc.constantFrom<Json>("application/json", "text/plain", "application/octet-stream", "application/problem+json"), json),
          description: fc.oneof(fc.constant<Json>("described"), json),
          headers: fc.uniqueArray(fc.tuple(anyName, schemaPlan), { maxLength: 2, selector: ([key]) => key }),
        },
        { requiredKeys: [] },
      )
      .map((response) => ({ response })),
  },
  { weight: 1, arbitrary: fc.constantFrom<ValuePlan>({ json: { $ref: "#/components/schemas/Pet" } }, { json: { description: "Described", content: {} } }, { json: { description: "Links", links: { self: { operationId: "x" } } } }) },
);

export class Instance {
  readonly field = 1;
}

/** The value a plan stands for; a getter is defined by the caller (see `setValue`). */
export function buildValue(plan: ValuePlan): unknown {
  if ("schema" in plan) return buildSchema(plan.schema);
  if ("json" in plan) return structuredClone(plan.json);
  if ("name" in plan) return plan.name;
  if ("response" in plan) {
    const { schema, contentType, description, headers } = plan.response;
    const response: Record<string, unknown> = {};
    if (schema !== undefined) response.schema = buildSchema(schema);
    if (contentType !== undefined) response.contentType = structuredClone(contentType);
    if (description !== undefined) response.description = structuredClone(description);
    if (headers !== undefined) response.headers = Object.fromEntries(headers.map(([name, header]) => [name, { schema: buildSchema(header) }]));
    return response;
  }
  return buildWeird(plan.weird);
}

function buildWeird(kind: Weird): unknown {
  switch (kind) {
    case "function": return () => 1;
    case "symbol": return Symbol("s");
    case "bigint": return 10n;
    case "NaN": return Number.NaN;
    case "date": return new Date(0);
    case "map": return new Map([["a", 1]]);
    case "cycle": {
      const cycle: Record<string, unknown> = { type: "object" };
      cycle.self = cycle;
      return cycle;
    }
    case "undefined": return undefined;
    case "class-instance": return new Instance();
    case "frozen-object": return Object.freeze({ type: "string" });
    case "getter-throws": return undefined; // defined as a getter by setValue
  }
}

export function buildSchema(plan: SchemaPlan): unknown {
  return "lib" in plan ? librarySchema(plan.lib, plan.shape) : customSchema(plan.custom);
}

/** Sets `key` on `target` as an own property (a getter that throws for that plan). */
export function setValue(target: Record<string, unknown>, key: string, plan: ValuePlan): void {
  if ("weird" in plan && plan.weird === "getter-throws") {
    Object.defineProperty(target, key, {
      enumerable: true,
      configurable: true,
      get() {
        throw new GetterTrap(`reading ${key}`);
      },
    });
    return;
  }
  Object.defineProperty(target, key, { value: buildValue(plan), enumerable: true, writable: true, configurable: true });
}

/** An object from `[key, value plan]` entries, keys as own data properties (even `__proto__`). */
export function buildObject(entries: [string, ValuePlan][]): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, plan] of entries) setValue(target, key, plan);
  return target;
}
