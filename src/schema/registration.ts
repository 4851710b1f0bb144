import { SpecloomError } from "../errors";
import { createComponent, type DocumentSchemas } from "./document-schemas";
import { isValidComponentName, sanitizeComponentName } from "./names";
import { explainNotASchema, isStandardJSONSchema } from "./vendor";

/** Registers a schema under a component name (`schemas` map, `.schema()`). */
export function register(doc: DocumentSchemas, name: string, schema: unknown, location: string, byPlugin = false): void {
  if (!isValidComponentName(name)) {
    throw new SpecloomError("INVALID_DEFINITION", location, `"${name}" is not a valid component name (letters, digits, ".", "-" and "_" only)`);
  }
  if (!isStandardJSONSchema(schema)) throw new SpecloomError("INVALID_DEFINITION", location, explainNotASchema(schema));
  const existing = doc.components.get(name);
  if (existing?.registered) {
    if (existing.registered.schema === schema) return;
    throw new SpecloomError("DUPLICATE_SCHEMA", location, `the name "${name}" is already registered to a different schema at ${existing.registered.location}`);
  }
  const other = doc.bySchema.get(schema);
  if (other !== undefined) {
    const first = doc.components.get(other)?.registered?.location ?? other;
    throw new SpecloomError("DUPLICATE_SCHEMA", location, `this schema object is already registered as "${other}" at ${first}; one schema has one name`);
  }
  const component = existing ?? createComponent(doc, name);
  component.registered = byPlugin ? { schema, location, byPlugin } : { schema, location };
  doc.bySchema.set(schema, name);
}

/**
 * Registers a schema a plugin contributes: `name` is a default, so a schema already
 * registered keeps its name and a schema that names itself (Zod's `.meta({ id })`) is
 * registered under that name instead.
 */
export function registerDefault(doc: DocumentSchemas, name: string, schema: unknown, location: string): void {
  if (isStandardJSONSchema(schema) && doc.bySchema.has(schema)) return;
  register(doc, vendorNameOf(doc, schema, location) ?? name, schema, location, true);
}

/** The name a schema gives itself, read from whichever side it can produce. */
function vendorNameOf(doc: DocumentSchemas, schema: unknown, location: string): string | undefined {
  if (!isStandardJSONSchema(schema)) return undefined;
  for (const side of ["output", "input"] as const) {
    try {
      const rootName = doc.imports.of(schema, side, location).rootName;
      return rootName === undefined ? undefined : sanitizeComponentName(rootName);
    } catch {
      // This side cannot be written as JSON Schema; the other may say.
    }
  }
  return undefined;
}
