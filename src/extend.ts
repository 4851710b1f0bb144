/** extend(): a schema with JSON Schema overlaid, still a working Standard Schema (docs/schemas.md, "extend(schema, overlay)"). */
import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { SpecloomError, describeValue } from "./errors";
import { cloneData } from "./internal/clone";
import { getOwn, hasOwn, isObject, isPlainObject, setOwn, type JsonObject } from "./internal/own";
import { explainNotASchema, isStandardJSONSchema } from "./schema/vendor";

/** JSON Schema keywords to merge into a schema's JSON Schema, such as `{ description, examples }`. */
export type JSONSchemaOverlay = { [keyword: string]: unknown };

type Props = StandardJSONSchemaV1["~standard"];
type Converter = Props["jsonSchema"];

/**
 * A schema whose JSON Schema, input and output, for every target, is the original's with
 * `overlay` deep-merged into it: objects merge key by key, anything else (arrays included)
 * replaces what was there. Where the vendor's JSON Schema is a bare `$ref` to one of its
 * own definitions (Zod's `.meta({ id })`), the overlay goes into that definition, so the
 * schema keeps its component name.
 *
 * The result is a Proxy of the original that answers `~standard` with a copy whose
 * `jsonSchema` is overlaid; `validate`, `vendor`, `version` and the library's own API
 * (`.parse()`, ArkType's call) are the original's. The original is not changed. The
 * overlay is copied, so changing it later changes nothing.
 *
 * The overlay reaches only what Specloom (or another consumer) reads through this object's
 * `~standard.jsonSchema`; a library's own composition (`z.object({ a: extended })`) sees the
 * original schema.
 */
export function extend<Schema extends StandardJSONSchemaV1>(schema: Schema, overlay: JSONSchemaOverlay): Schema {
  if (!isStandardJSONSchema(schema)) throw new SpecloomError("INVALID_DEFINITION", "extend(schema)", explainNotASchema(schema));
  if (!isPlainObject(overlay)) {
    throw new SpecloomError("INVALID_DEFINITION", "extend(overlay)", `expected a JSON Schema object to merge, such as { description: "..." }, found ${describeValue(overlay)}`);
  }
  const layer = cloneData(overlay, "extend(overlay)") as JsonObject;
  const props = schema["~standard"];
  const standard = overlaidProps(props, layer);

  const own = Object.getOwnPropertyDescriptor(schema, "~standard");
  if (own && !own.configurable && !own.writable) {
    // A frozen schema's `~standard` cannot be answered differently by a Proxy: the result
    // is a plain Standard JSON Schema without the library's own methods.
    return { "~standard": standard } as unknown as Schema;
  }
  return new Proxy(schema, {
    get(target, key, receiver) {
      return key === "~standard" ? standard : Reflect.get(target, key, receiver);
    },
    getOwnPropertyDescriptor(target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      if (key !== "~standard" || !descriptor?.configurable) return descriptor;
      return { value: standard, writable: true, enumerable: descriptor.enumerable ?? false, configurable: true };
    },
    // Writing `~standard` through the extended schema would replace the original's: refused.
    set(target, key, value, receiver) {
      return key === "~standard" ? false : Reflect.set(target, key, value, receiver);
    },
    defineProperty(target, key, descriptor) {
      return key === "~standard" ? false : Reflect.defineProperty(target, key, descriptor);
    },
    deleteProperty(target, key) {
      return key === "~standard" ? false : Reflect.deleteProperty(target, key);
    },
  });
}

/** The original `~standard` with an overlaid `jsonSchema`; `validate` calls the original's. */
function overlaidProps(props: Props, layer: JsonObject): Props {
  const converter = props.jsonSchema;
  const jsonSchema: Converter = Object.freeze({
    input: (options: StandardJSONSchemaV1.Options) => overlay(converter.input(options), layer, props.vendor, "input"),
    output: (options: StandardJSONSchemaV1.Options) => overlay(converter.output(options), layer, props.vendor, "output"),
  });
  const standard: JsonObject = {};
  for (const key of Object.keys(props)) {
    if (key !== "jsonSchema" && key !== "validate") setOwn(standard, key, (props as unknown as JsonObject)[key]);
  }
  standard.version = props.version;
  standard.vendor = props.vendor;
  const validate = (props as { validate?: unknown }).validate;
  if (typeof validate === "function") {
    standard.validate = (value: unknown, options?: unknown) => (validate as (value: unknown, options?: unknown) => unknown).call(props, value, options);
  }
  if ("types" in props) standard.types = props.types;
  standard.jsonSchema = jsonSchema;
  return Object.freeze(standard) as unknown as Props;
}

/** A fresh copy of the vendor's JSON Schema with the overlay merged in; neither input is written to. */
function overlay(produced: unknown, layer: JsonObject, vendor: string, side: "input" | "output"): Record<string, unknown> {
  const where = `extend() on the ${vendor} schema's jsonSchema.${side}()`;
  if (produced === true) produced = {};
  if (!isObject(produced)) throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", where, `the vendor returned ${describeValue(produced)}, not a JSON Schema object the overlay can merge into`);
  const result = cloneData(produced, where) as JsonObject;
  mergeInto(rootTarget(result), layer);
  return result;
}

/** The object the overlay goes into: the named definition a bare-`$ref` root points to, else the root. */
function rootTarget(root: JsonObject): JsonObject {
  const ref = root.$ref;
  if (typeof ref !== "string") return root;
  for (const key of Object.keys(root)) {
    if (key !== "$ref" && key !== "$schema" && key !== "$id" && key !== "$defs" && key !== "definitions") return root;
  }
  for (const container of ["$defs", "definitions"]) {
    const prefix = `#/${container}/`;
    const defs = getOwn(root, container);
    if (!ref.startsWith(prefix) || !isObject(defs)) continue;
    const segment = ref.slice(prefix.length);
    if (segment.includes("/")) continue;
    let name: string;
    try {
      name = decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      continue;
    }
    const target = getOwn(defs, name);
    if (isPlainObject(target)) return target;
  }
  return root;
}

/**
 * Deep merge, iteratively: where both sides hold a plain object the merge goes into it;
 * otherwise a copy of the overlay's value replaces the target's. Own keys only, written
 * with `setOwn`, so `__proto__`, `constructor` and `prototype` are data.
 */
function mergeInto(target: JsonObject, layer: JsonObject): void {
  const stack: [JsonObject, JsonObject][] = [[target, layer]];
  while (stack.length > 0) {
    const [into, from] = stack.pop() as [JsonObject, JsonObject];
    for (const key of Object.keys(from)) {
      const value = from[key];
      const current = hasOwn(into, key) ? into[key] : undefined;
      if (isPlainObject(current) && isPlainObject(value)) stack.push([current, value]);
      else setOwn(into, key, cloneData(value, "extend(overlay)"));
    }
  }
}
