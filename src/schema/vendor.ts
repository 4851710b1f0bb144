import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { SpecloomError, describeThrown, describeValue } from "../errors";
import { isObject, type JsonObject } from "../internal/own";
import type { SourceDialect } from "./dialect-31";
import { convertWithFileOptions } from "./file-options";

/** Request positions read the schema's input type, response positions its output type. */
export type Side = "input" | "output";

/** The Schema Object dialect a document needs. */
export type Dialect = "3.0" | "3.1";

/**
 * Targets asked for, in order. 3.0 documents ask for the vendor's own "openapi-3.0" first;
 * a vendor that throws for it (ArkType always, Valibot for some actions) is asked for
 * JSON Schema, which the importer converts to the 3.0 dialect itself.
 */
const TARGETS: Record<Dialect, readonly SourceDialect[]> = {
  "3.1": ["draft-2020-12", "draft-07"],
  "3.0": ["openapi-3.0", "draft-2020-12", "draft-07"],
};

export interface VendorOutput {
  json: JsonObject;
  dialect: SourceDialect;
}

/** Schema objects already checked: ArkType builds `~standard` afresh on every read. */
const checked = new WeakSet<object>();

/** True for an object (or ArkType's callable type) implementing StandardJSONSchemaV1. */
export function isStandardJSONSchema(value: unknown): value is StandardJSONSchemaV1 {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  if (checked.has(value)) return true;
  if (!hasStandardJsonSchema(value)) return false;
  checked.add(value);
  return true;
}

function hasStandardJsonSchema(value: object): boolean {
  const props = (value as { "~standard"?: unknown })["~standard"];
  if (!isObject(props)) return false;
  const converter = props.jsonSchema;
  return isObject(converter) && typeof converter.input === "function" && typeof converter.output === "function";
}

/** A Standard Schema that cannot produce JSON Schema (a Valibot schema not wrapped by toStandardJsonSchema). */
export function isStandardSchemaWithoutJson(value: unknown): boolean {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  return isObject((value as { "~standard"?: unknown })["~standard"]) && !isStandardJSONSchema(value);
}

export function vendorOf(schema: StandardJSONSchemaV1): string {
  const vendor = schema["~standard"].vendor;
  return typeof vendor === "string" && vendor !== "" ? vendor : "unknown";
}

/** What to say when a schema position holds something else. */
export function explainNotASchema(value: unknown): string {
  if (value !== null && (typeof value === "object" || typeof value === "function")) {
    const props = (value as { "~standard"?: { vendor?: unknown } })["~standard"];
    if (isObject(props)) {
      const vendor = typeof props.vendor === "string" ? props.vendor : "a library";
      const hint = vendor === "valibot" ? "; wrap it with toStandardJsonSchema() from @valibot/to-json-schema" : "";
      return `expected a Standard JSON Schema, found a Standard Schema from ${vendor} that cannot produce JSON Schema (no ~standard.jsonSchema)${hint}`;
    }
  }
  return `expected a Standard JSON Schema (an object with ~standard.jsonSchema), found ${describeValue(value)}`;
}

/** Calls the vendor's converter for one side, trying each target of the dialect in turn. */
export function callVendor(schema: StandardJSONSchemaV1, side: Side, dialect: Dialect, location: string): VendorOutput {
  const converter = schema["~standard"].jsonSchema;
  const vendor = vendorOf(schema);
  const targets = TARGETS[dialect];
  const failures: string[] = [];
  let lastError: unknown;
  for (const target of targets) {
    let json: unknown;
    try {
      json = convertWithFileOptions(converter[side], target, vendor);
    } catch (error) {
      lastError = error;
      failures.push(`${target}: ${describeThrown(error)}`);
      continue;
    }
    if (!isObject(json)) {
      throw new SpecloomError(
        "SCHEMA_RESOLUTION_FAILED",
        location,
        `the ${vendor} schema's jsonSchema.${side}({ target: "${target}" }) returned ${describeValue(json)}, not a JSON Schema object`,
      );
    }
    return { json, dialect: target };
  }
  const claimed = duplicateIdOf(lastError);
  if (claimed !== undefined) {
    throw new SpecloomError("DUPLICATE_SCHEMA", location, `two different schemas inside this ${vendor} schema claim the name "${claimed}" (an id such as .meta({ id })); give each its own`, { cause: lastError });
  }
  throw new SpecloomError(
    "SCHEMA_RESOLUTION_FAILED",
    location,
    `the ${vendor} schema cannot be written as JSON Schema for its ${side} type (${failures.join("; ")})`,
    { cause: lastError },
  );
}

/**
 * The name two schemas claim when the vendor refused to convert for that reason (Zod:
 * `Duplicate schema id "Pet" detected`): the clash Specloom reports as DUPLICATE_SCHEMA
 * when it sees both schemas itself, met here inside one schema the vendor converts.
 */
function duplicateIdOf(error: unknown): string | undefined {
  const message = describeThrown(error);
  return /^Duplicate schema id "([^"]+)"/.exec(message)?.[1];
}
