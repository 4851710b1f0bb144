import { hasOwn, isObject, type JsonObject } from "../internal/own";
import type { SchemaNodeInfo } from "./rebuild";

/** The schema dialects Specloom reads. */
export type SourceDialect = "draft-2020-12" | "draft-07" | "openapi-3.0";

/**
 * A schema node to the OpenAPI 3.1 dialect (JSON Schema 2020-12), from draft-07 (tuples,
 * `dependencies`) or from OpenAPI 3.0 (`nullable`, boolean exclusive bounds). 2020-12
 * input passes unchanged but for the identifiers no document should carry.
 */
export function toOpenAPI31Node(from: SourceDialect): (node: unknown, info: SchemaNodeInfo) => unknown {
  return (node) => {
    if (!isObject(node)) return node;
    // Reading first: deleting a key that is absent still slows later access in some engines.
    if (node.$schema !== undefined) delete node.$schema;
    if (node.$id !== undefined) delete node.$id;
    if (from === "draft-07") fromDraft07(node);
    else if (from === "openapi-3.0") return fromOpenAPI30(node);
    return node;
  };
}

function fromDraft07(s: JsonObject): void {
  if (Array.isArray(s.items)) {
    s.prefixItems = s.items;
    if (hasOwn(s, "additionalItems")) s.items = s.additionalItems;
    else delete s.items;
  }
  delete s.additionalItems;
  if (isObject(s.dependencies)) {
    for (const [name, dependency] of Object.entries(s.dependencies)) {
      const key = Array.isArray(dependency) ? "dependentRequired" : "dependentSchemas";
      s[key] = { ...((s[key] as JsonObject | undefined) ?? {}), [name]: dependency };
    }
    delete s.dependencies;
  }
}

function fromOpenAPI30(s: JsonObject): JsonObject {
  // 3.1 and 3.2 deprecate the Schema Object's `example` "in favor of the JSON Schema examples keyword".
  if (hasOwn(s, "example")) {
    if (!hasOwn(s, "examples")) s.examples = [s.example];
    delete s.example;
  }
  for (const [exclusiveKey, boundKey] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
    if (typeof s[exclusiveKey] !== "boolean") continue;
    if (s[exclusiveKey] === true && typeof s[boundKey] === "number") {
      s[exclusiveKey] = s[boundKey];
      delete s[boundKey];
    } else {
      delete s[exclusiveKey];
    }
  }
  if (!hasOwn(s, "nullable")) return s;
  const nullable = s.nullable === true;
  delete s.nullable;
  if (!nullable) return s;
  if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...(s.enum as unknown[]), null];
  if (typeof s.type === "string") {
    s.type = [s.type, "null"];
    return s;
  }
  if (Array.isArray(s.type)) {
    if (!s.type.includes("null")) s.type = [...(s.type as unknown[]), "null"];
    return s;
  }
  // No type to extend (a $ref under allOf, a union): null becomes one more branch.
  const { description, title, ...rest } = s;
  const wrapped: JsonObject = { anyOf: [rest, { type: "null" }] };
  if (description !== undefined) wrapped.description = description;
  if (title !== undefined) wrapped.title = title;
  return wrapped;
}
