/** Small edits of the private document copy `transformDocument` receives. */
import type { OpenAPIDocument } from "../types/document";
import { isObject, setOwn, type Data } from "./options";

/** Root fields in the order the OpenAPI specification lists them. */
const ROOT_ORDER = ["openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs"];

/**
 * The document with `key` set to `value`. A field the document lacks is put where the
 * specification lists it (so `components` does not land after `tags`); a new root object
 * is returned then, which `transformDocument` may do.
 */
export function withRootField(document: OpenAPIDocument, key: string, value: unknown): OpenAPIDocument {
  const root = document as unknown as Data;
  if (Object.prototype.hasOwnProperty.call(root, key)) {
    setOwn(root, key, value);
    return document;
  }
  const rank = (name: string) => {
    const index = ROOT_ORDER.indexOf(name);
    return index === -1 ? ROOT_ORDER.length : index;
  };
  const result: Data = {};
  let placed = false;
  for (const name of Object.keys(root)) {
    if (!placed && rank(name) > rank(key)) {
      setOwn(result, key, value);
      placed = true;
    }
    setOwn(result, name, root[name]);
  }
  if (!placed) setOwn(result, key, value);
  return result as unknown as OpenAPIDocument;
}

/** `document.components`, created (in its place) when missing. */
export function componentsOf(document: OpenAPIDocument): { document: OpenAPIDocument; components: Data } {
  const current = (document as unknown as Data).components;
  if (isObject(current)) return { document, components: current };
  const components: Data = {};
  return { document: withRootField(document, "components", components), components };
}
