/**
 * Every schema of a document a generator is asked for, with the direction it is sent in and
 * its JSON Pointer (for the judge): component schemas, parameters, request bodies (requests),
 * response bodies and headers (responses). A Parameter, Request Body or Response Object
 * written as a `$ref` is followed to the component it names.
 */
import type { Direction } from "../../src/values/index";

type Json = Record<string, unknown>;

export interface SchemaPlace {
  pointer: string;
  direction: Direction;
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const encode = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];

/** The object at `pointer`, following one `$ref` (returned with the pointer it was found at). */
function at(document: Json, pointer: string): { node: Json; pointer: string } | undefined {
  let node: unknown = document;
  for (const raw of pointer.slice(1).split("/")) node = isObject(node) ? node[raw.replace(/~1/g, "/").replace(/~0/g, "~")] : Array.isArray(node) ? node[Number(raw)] : undefined;
  if (isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/")) return at(document, node.$ref.slice(1));
  return isObject(node) ? { node, pointer } : undefined;
}

function contentSchemas(document: Json, pointer: string, direction: Direction, out: SchemaPlace[]): void {
  const found = at(document, pointer);
  if (found === undefined) return;
  if (isObject(found.node.content)) for (const type of Object.keys(found.node.content)) if (isObject((found.node.content as Json)[type]) && ((found.node.content as Json)[type] as Json).schema !== undefined) out.push({ pointer: `${found.pointer}/content/${encode(type)}/schema`, direction });
  if (found.node.schema !== undefined) out.push({ pointer: `${found.pointer}/schema`, direction });
  if (isObject(found.node.headers)) for (const name of Object.keys(found.node.headers)) contentSchemas(document, `${found.pointer}/headers/${encode(name)}`, direction, out);
}

export function schemaPlaces(document: Json): SchemaPlace[] {
  const out: SchemaPlace[] = [];
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  for (const name of Object.keys(schemas)) out.push({ pointer: `/components/schemas/${encode(name)}`, direction: "response" });
  const paths = isObject(document.paths) ? document.paths : {};
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const base = `/paths/${encode(path)}/${method}`;
      if (Array.isArray(operation.parameters)) operation.parameters.forEach((_, index) => contentSchemas(document, `${base}/parameters/${index}`, "request", out));
      if (operation.requestBody !== undefined) contentSchemas(document, `${base}/requestBody`, "request", out);
      if (isObject(operation.responses)) for (const status of Object.keys(operation.responses)) contentSchemas(document, `${base}/responses/${encode(status)}`, "response", out);
    }
  }
  return out;
}
