import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import type { JsonObject } from "../internal/own";

/**
 * Options for the libraries that write no JSON Schema for a file unless asked: Valibot's
 * `file`/`blob` schemas (and `mimeType` action), ArkType's `File`/`Blob` instance types.
 * Both become a binary string, which files.ts `fileNode` then puts in the document's form.
 */
function fileOptions(vendor: string): Record<string, unknown> | undefined {
  if (vendor === "valibot") return VALIBOT_FILES;
  if (vendor === "arktype") return ARKTYPE_FILES;
  return undefined;
}

/**
 * One call of a library's converter, with the file options where they may be needed.
 * Valibot is asked without them first: any `overrideSchema` makes its converter three to
 * six times slower, and without the options it refuses a file (`The "file" schema cannot
 * be converted`), so a plain answer is the same one the options would give. Only that
 * refusal asks again with them: any other failure is the library's answer as it stands.
 * (ArkType writes a file as `{}` without its option, so it always gets it.)
 */
export function convertWithFileOptions(convert: (options: StandardJSONSchemaV1.Options) => unknown, target: string, vendor: string): unknown {
  const libraryOptions = fileOptions(vendor);
  if (libraryOptions === undefined) return convert({ target });
  if (vendor !== "valibot") return convert({ target, libraryOptions });
  try {
    return convert({ target });
  } catch (error) {
    if (!(error instanceof Error) || !VALIBOT_FILE_REFUSAL.test(error.message)) throw error;
    return convert({ target, libraryOptions });
  }
}

/** Valibot's message for a schema or action the options below write. */
const VALIBOT_FILE_REFUSAL = /The "(file|blob)" schema|The "(mime_type|min_size|max_size|size)" action/;

const BINARY = { type: "string", format: "binary" };

const VALIBOT_FILES = {
  overrideSchema: (context: { valibotSchema: { type?: unknown } }) => (context.valibotSchema.type === "file" || context.valibotSchema.type === "blob" ? { ...BINARY } : undefined),
  overrideAction: (context: { valibotAction: { type?: unknown; requirement?: unknown }; jsonSchema: JsonObject }) => {
    const { type, requirement } = context.valibotAction;
    if (type === "mime_type" && Array.isArray(requirement)) return { ...context.jsonSchema, anyOf: requirement.map((mime) => ({ contentMediaType: mime })) };
    // A size limit has no JSON Schema keyword; left out, the schema accepts more, never less.
    if (type === "min_size" || type === "max_size" || type === "size") return { ...context.jsonSchema };
    return undefined;
  },
};

const ARKTYPE_FILES = {
  fallback: {
    proto: (context: { proto: { name?: unknown }; base: unknown }) => (context.proto.name === "File" || context.proto.name === "Blob" ? { ...BINARY } : context.base),
  },
};
