import type { JsonObject } from "../internal/own";

/**
 * Options for the libraries that write no JSON Schema for a file unless asked: Valibot's
 * `file`/`blob` schemas (and `mimeType` action), ArkType's `File`/`Blob` instance types.
 * Both become a binary string, which files.ts `fileNode` then puts in the document's form.
 */
export function fileOptions(vendor: string): Record<string, unknown> | undefined {
  if (vendor === "valibot") return VALIBOT_FILES;
  if (vendor === "arktype") return ARKTYPE_FILES;
  return undefined;
}

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
