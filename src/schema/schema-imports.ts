import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { importSchema, type ImportedSchema } from "./import";
import { callVendor, explainNotASchema, isStandardJSONSchema, vendorOf, type Dialect, type Side } from "./vendor";

type ImportCache = WeakMap<object, ImportedSchema>;

/**
 * Every schema object's import, for as long as the object lives: a weak map per dialect and
 * side, so a use is one lookup (not a map per schema object and a lookup by a "dialect:side" key).
 */
const importCaches: Record<Dialect, Record<Side, ImportCache>> = {
  "3.0": { input: new WeakMap(), output: new WeakMap() },
  "3.1": { input: new WeakMap(), output: new WeakMap() },
};

/** Asks the library for a schema's JSON Schema once per dialect and side, and imports it. */
export class SchemaImports {
  private readonly caches: Record<Side, ImportCache>;

  constructor(private readonly dialect: Dialect) {
    this.caches = importCaches[dialect];
  }

  /** One side's import; `at` names the place for a message (a function: built only when needed). */
  of(schema: unknown, side: Side, at: string | (() => string)): ImportedSchema {
    const cache = this.caches[side];
    // A cache hit proves the value is a schema: check (and read `~standard`, which ArkType builds on every read) only on a miss.
    const cached = schema !== null && (typeof schema === "object" || typeof schema === "function") ? cache.get(schema) : undefined;
    if (cached) return cached;
    const location = typeof at === "string" ? at : at();
    if (!isStandardJSONSchema(schema)) throw new SpecloomError("INVALID_DEFINITION", location, explainNotASchema(schema));
    const { json, dialect } = callVendor(schema, side, this.dialect, location);
    const imported = importSchema(json, dialect, this.dialect, vendorOf(schema), location);
    cache.set(schema, imported);
    return imported;
  }

  /** An import of the schema on either side: a cached one if there is one, else output, else input. */
  any(schema: StandardJSONSchemaV1, location: string): ImportedSchema | undefined {
    const hit = this.caches.output.get(schema) ?? this.caches.input.get(schema);
    if (hit) return hit;
    for (const side of ["output", "input"] as const) {
      try {
        return this.of(schema, side, location);
      } catch {
        // This side cannot be written as JSON Schema; the other may.
      }
    }
    return undefined;
  }
}

/** The body of an imported schema's root: the definition a bare-`$ref` root points to, else the root. */
export function rootBody(imported: ImportedSchema): unknown {
  return imported.rootDef !== undefined ? imported.defs.get(imported.rootDef) : imported.root;
}
