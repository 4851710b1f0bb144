/**
 * Real Zod, ArkType and Valibot schemas from a `Shape`. Each call builds new Zod and
 * Valibot objects, so a second build of the same shape gives equal but distinct inputs. Where a
 * library refuses a combination (ArkType's default of another type), the shape is built
 * without that part: the fuzzer tests Specloom, not the library's constructors.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type, type Type } from "arktype";
import * as v from "valibot";
import { z } from "zod";
import type { StandardJSONSchemaV1 } from "specloom";
import type { Shape } from "./shapes";

export type Library = "zod" | "arktype" | "valibot";

function zodOf(shape: Shape): z.ZodType {
  switch (shape.t) {
    case "string": return z.string();
    case "number": return z.number();
    case "integer": return z.number().int();
    case "boolean": return z.boolean();
    case "null": return z.null();
    case "unknown": return z.unknown();
    case "literal": return z.literal(shape.value);
    case "enum": return z.enum(shape.values as [string, ...string[]]);
    case "object": return z.object(Object.fromEntries(shape.props.map(([name, inner]) => [name, zodOf(inner)])));
    case "array": return z.array(zodOf(shape.item));
    case "union": return z.union(shape.options.map(zodOf) as [z.ZodType, z.ZodType]);
    case "optional": return zodOf(shape.inner).optional();
    case "nullable": return zodOf(shape.inner).nullable();
    case "default": return zodOf(shape.inner).default(shape.value as never);
    case "named": return zodOf(shape.inner).meta({ id: shape.id });
    case "tree": {
      const fields: Record<string, z.ZodType> = Object.fromEntries(shape.props.map(([name, inner]) => [name, zodOf(inner)]));
      const wrap = (self: z.ZodType) => (shape.wrap === "array" ? z.array(self) : shape.wrap === "optional" ? self.optional() : self.nullable());
      const node: z.ZodType = z.object({
        ...fields,
        get children() {
          return wrap(node);
        },
      });
      return node;
    }
  }
}

function arkOf(shape: Shape): Type {
  switch (shape.t) {
    case "string": return type.string;
    case "number": return type.number;
    case "integer": return type("number.integer");
    case "boolean": return type.boolean;
    case "null": return type.null;
    case "unknown": return type.unknown;
    case "literal": return type.unit(shape.value);
    case "enum": return type.enumerated(...shape.values);
    case "object":
    case "tree": {
      const entries = shape.props.map(([name, inner]): [string, unknown] => arkProperty(name, inner));
      if (shape.t === "tree") entries.push(shape.wrap === "optional" ? ["children?", "this"] : ["children", shape.wrap === "array" ? "this[]" : "this | null"]);
      return type(Object.fromEntries(entries) as never) as Type;
    }
    case "array": return arkOf(shape.item).array() as Type;
    case "union": return shape.options.map(arkOf).reduce((a, b) => a.or(b) as Type);
    case "optional": return arkOf(shape.inner).or(type.undefined) as Type;
    case "nullable": return arkOf(shape.inner).or(type.null) as Type;
    case "default": return arkOf(shape.inner);
    case "named": return arkOf(shape.inner);
  }
}

/** An ArkType object property: optional and defaulted values live in the key and the value. */
function arkProperty(name: string, shape: Shape): [string, unknown] {
  if (shape.t === "optional") return [`${name}?`, arkOf(shape.inner)];
  if (shape.t === "default") {
    try {
      return [name, (arkOf(shape.inner) as unknown as { default: (value: unknown) => unknown }).default(shape.value)];
    } catch {
      return [name, arkOf(shape.inner)];
    }
  }
  return [name, arkOf(shape)];
}

function valibotOf(shape: Shape): v.GenericSchema {
  switch (shape.t) {
    case "string": return v.string();
    case "number": return v.number();
    case "integer": return v.pipe(v.number(), v.integer());
    case "boolean": return v.boolean();
    case "null": return v.null();
    case "unknown": return v.unknown();
    case "literal": return v.literal(shape.value);
    case "enum": return v.picklist(shape.values);
    case "object": return v.object(Object.fromEntries(shape.props.map(([name, inner]) => [name, valibotOf(inner)])));
    case "array": return v.array(valibotOf(shape.item));
    case "union": return v.union(shape.options.map(valibotOf));
    case "optional": return v.optional(valibotOf(shape.inner));
    case "nullable": return v.nullable(valibotOf(shape.inner));
    case "default": return v.optional(valibotOf(shape.inner), shape.value as never) as v.GenericSchema;
    case "named": return valibotOf(shape.inner);
    case "tree": {
      const fields = Object.fromEntries(shape.props.map(([name, inner]) => [name, valibotOf(inner)]));
      const self: v.GenericSchema = v.lazy(() => node);
      const children = shape.wrap === "array" ? v.array(self) : shape.wrap === "optional" ? v.optional(self) : v.nullable(self);
      const node: v.GenericSchema = v.object({ ...fields, children });
      return node;
    }
  }
}

/**
 * ArkType types by shape. ArkType interns types by structure, and a second, equal type can
 * write other JSON Schema than the first (a default missing on the first, present on the
 * second), so a case's second call must meet the same ArkType objects, not new equal ones.
 */
const arkTypes = new Map<string, Type>();

function arkSchema(shape: Shape): Type {
  const key = JSON.stringify(shape);
  let built = arkTypes.get(key);
  if (built === undefined) {
    if (arkTypes.size > 2_000) arkTypes.clear();
    built = arkOf(shape);
    arkTypes.set(key, built);
  }
  return built;
}

/** The shape as a real schema of `library`; ArkType types are Standard JSON Schemas themselves. */
export function librarySchema(library: Library, shape: Shape): StandardJSONSchemaV1 {
  try {
    if (library === "zod") return zodOf(shape) as unknown as StandardJSONSchemaV1;
    if (library === "arktype") return arkSchema(shape) as unknown as StandardJSONSchemaV1;
    return toStandardJsonSchema(valibotOf(shape)) as unknown as StandardJSONSchemaV1;
  } catch {
    // The library refused the combination (a union of one duplicated literal...): a plain string stands in.
    return librarySchema(library, { t: "string" });
  }
}
