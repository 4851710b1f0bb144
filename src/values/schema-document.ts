/**
 * The document a schema is read in: its JSON Schema dialect (OpenAPI 3.0's, with `nullable`
 * and boolean exclusive bounds, or 2020-12 for 3.1 and 3.2) and its local `$ref`s.
 */
import { getOwn, isObject } from "../internal/own";
import { pointerTokens, resolvePointer } from "../internal/json-pointer";

export type Dialect = "3.0" | "2020-12";

export class SchemaDocument {
  readonly dialect: Dialect;

  constructor(readonly document: unknown) {
    const version = isObject(document) ? getOwn(document, "openapi") : undefined;
    this.dialect = typeof version === "string" && version.startsWith("3.0") ? "3.0" : "2020-12";
  }

  /** The node a `$ref` names (local JSON Pointers only), or why there is none. */
  resolve(ref: string): { readonly node: unknown } | { readonly missing: string } {
    const tokens = ref.startsWith("#") ? pointerTokens(ref.slice(1)) : undefined;
    if (tokens === undefined) return { missing: `${ref}: only references inside the document are followed` };
    const found = resolvePointer(this.document, tokens);
    return "value" in found ? { node: found.value } : { missing: `${ref} points nowhere in the document` };
  }
}
