import { isObject, setOwn, type JsonObject } from "../internal/own";

/** vendor.ts's `Dialect`; importing it would close an import circle (vendor.ts -> dialect-31.ts -> here). */
type Dialect = "3.0" | "3.1";

/**
 * Files: Zod's `z.file()` (a string with `format: "binary"`, `contentEncoding: "binary"`
 * and its MIME types as `anyOf` of `contentMediaType`), Valibot's `v.file()`/`v.blob()`
 * and ArkType's `File`/`Blob` instances (which those libraries cannot write as JSON Schema
 * unless asked, see file-options.ts), or any string with `format: "binary"`. 3.0.3 writes a
 * file as `type: string, format: binary`; in 3.1 `format` "has no effect on the
 * content-encoding", so a file is `type: string` with `contentMediaType`. The MIME types
 * are kept for the `encoding` of a multipart body.
 */

const mediaTypes = new WeakMap<object, readonly string[]>();

/** The MIME types a file schema node accepts, when its library said. */
export function fileMediaTypes(node: unknown): readonly string[] | undefined {
  return isObject(node) ? mediaTypes.get(node) : undefined;
}

/** Remembers a converted file node's MIME types (the node a dialect hook returned). */
export function noteFileMediaTypes(node: unknown, types: readonly string[] | undefined): void {
  if (types !== undefined && types.length > 0 && isObject(node)) mediaTypes.set(node, types);
}

/**
 * Rewrites a binary-string node in place into the dialect's file form; returns its MIME
 * types (empty when none were given), or undefined when the node is not a file.
 */
export function fileNode(s: JsonObject, dialect: Dialect): string[] | undefined {
  if (s.type !== "string" || (s.format !== "binary" && s.contentEncoding !== "binary")) return undefined;
  const types = typeof s.contentMediaType === "string" ? [s.contentMediaType] : [];
  const branchTypes = Array.isArray(s.anyOf) && s.anyOf.length > 0 ? s.anyOf.map(mediaTypeOnly) : [undefined];
  if (branchTypes.every((type) => type !== undefined)) {
    for (const type of branchTypes) types.push(type as string);
    delete s.anyOf;
  }
  delete s.contentEncoding;
  delete s.contentMediaType;
  if (dialect === "3.0") s.format = "binary";
  else {
    delete s.format;
    s.contentMediaType = types.length === 1 ? types[0] : "application/octet-stream";
  }
  return types;
}

/**
 * The media type of a branch that says nothing else (`{ contentMediaType }`), also after
 * the 3.0 conversion below it emptied it (the node remembers the type).
 */
function mediaTypeOnly(branch: unknown): string | undefined {
  if (!isObject(branch)) return undefined;
  const sole = soleMediaType(branch);
  if (sole !== undefined) return sole;
  const remembered = Object.keys(branch).length === 0 ? mediaTypes.get(branch) : undefined;
  return remembered?.length === 1 ? remembered[0] : undefined;
}

/** The media type of a node that is nothing but `{ contentMediaType }` (Zod's branch of a file's types). */
export function soleMediaType(node: JsonObject): string | undefined {
  return typeof node.contentMediaType === "string" && Object.keys(node).length === 1 ? node.contentMediaType : undefined;
}

/**
 * `encoding` entries of a multipart body for its file properties (and arrays of files)
 * whose MIME types are known: "a comma-separated list" is what an Encoding Object's
 * `contentType` takes.
 */
export function fileEncoding(schema: unknown): JsonObject | undefined {
  if (!isObject(schema) || !isObject(schema.properties)) return undefined;
  const encoding: JsonObject = {};
  for (const name of Object.keys(schema.properties)) {
    const property = schema.properties[name];
    const types = fileMediaTypes(property) ?? (isObject(property) ? fileMediaTypes(property.items) : undefined);
    if (types !== undefined) setOwn(encoding, name, { contentType: types.join(", ") });
  }
  return Object.keys(encoding).length > 0 ? encoding : undefined;
}
