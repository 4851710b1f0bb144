import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { importSchema, type ImportedSchema } from "./import";
import { callVendor, explainNotASchema, isStandardJSONSchema, vendorOf, type Dialect, type Side } from "./vendor";

/** Every schema object's import, per dialect and side, for as long as the object lives. */
const importCache = new WeakMap<object, Map<string, ImportedSchema>>();

/** Asks the library for a schema's JSON Schema once per dialect and side, and imports it. */
export class SchemaImports {
  private readonly keys: Record<Side, string>;

  constructor(private readonly dialect: Dialect) {
    this.keys = { input: `${dialect}:input`, output: `${dialect}:output` };
  }

  /** One side's import; `at` names the place for a message (a function: built only when needed). */
  of(schema: unknown, side: Side, at: string | (() => string)): ImportedSchema {
    const key = this.keys[side];
    // A cache hit proves the value is a schema: check (and read `~standard`, which ArkType builds on every read) only on a miss.
    let perSchema = schema !== null && (typeof schema === "object" || typeof schema === "function") ? importCache.get(schema) : undefined;
    const cached = perSchema?.get(key);
    if (cached) return cached;
    const location = typeof at === "string" ? at : at();
    if (!isStandardJSONSchema(schema)) throw new SpecloomError("INVALID_DEFINITION", location, explainNotASchema(schema));
    const { json, dialect } = callVendor(schema, side, this.dialect, location);
    const imported = importSchema(json, dialect, this.dialect, vendorOf(schema), location);
    if (!perSchema) importCache.set(schema, (perSchema = new Map()));
    perSchema.set(key, imported);
    return imported;
  }

  /** An import of the schema on either side: a cached one if there is one, else output, else input. */
  any(schema: StandardJSONSchemaV1, location: string): ImportedSchema | undefined {
    const cached = importCache.get(schema);
    const hit = cached?.get(this.keys.output) ?? cached?.get(this.keys.input);
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
