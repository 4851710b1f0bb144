/**
 * A valid request for an operation of a document, made for the mock's tests: each path
 * parameter and each required query, header or cookie parameter drawn from its schema
 * (the value generator, requests' direction) and written in its default style, and a body
 * of the first media type when the operation takes one.
 */
import type { SchemaValues } from "../../src/values/index";
import { sampleOne } from "../../src/values/index";

type Json = Record<string, unknown>;

function follow(document: Json, node: unknown): Json {
  let current = node as Json;
  while (typeof current?.$ref === "string") {
    let target: unknown = document;
    for (const raw of (current.$ref as string).slice(2).split("/")) target = (target as Json)[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
    current = target as Json;
  }
  return current;
}

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
/** `simple` (path, header) and `form` (query, cookie) without explode for lists: items joined by commas. */
const joined = (value: unknown) => (Array.isArray(value) ? value.map(text).join(",") : text(value));

export function validRequest(document: Json, path: string, method: string, values: { body: SchemaValues; header: SchemaValues }, seed: number): Request {
  const item = follow(document, (document.paths as Json)[path]);
  const operation = item[method] as Json;
  const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((parameter) => follow(document, parameter));
  let url = path;
  const query = new URLSearchParams();
  const headers = new Headers();
  const cookies: string[] = [];
  for (const parameter of parameters) {
    if (parameter.required !== true && parameter.in !== "path") continue;
    const where = `${method} ${path} ${String(parameter.name)}`;
    const name = parameter.name as string;
    if (parameter.in === "header") {
      headers.set(name, joined(sampleOne(values.header.valid(parameter.schema, where), seed)));
      continue;
    }
    let value = sampleOne(values.body.valid(parameter.schema, where), seed);
    // A path segment cannot be empty, "." or "..": another draw.
    for (let next = seed + 1; parameter.in === "path" && ["", ".", ".."].includes(joined(value)); next++) value = sampleOne(values.body.valid(parameter.schema, where), next);
    if (parameter.in === "path") url = url.replace(`{${name}}`, encodeURIComponent(joined(value)));
    else if (parameter.in === "query" && Array.isArray(value) && parameter.explode !== false) for (const entry of value) query.append(name, text(entry));
    else if (parameter.in === "query") query.append(name, joined(value));
    else cookies.push(`${name}=${encodeURIComponent(joined(value))}`);
  }
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  let body: string | undefined;
  const requestBody = operation.requestBody === undefined ? undefined : follow(document, operation.requestBody);
  if (requestBody !== undefined) {
    const [type, media] = Object.entries(requestBody.content as Json)[0] as [string, Json];
    const value = sampleOne(values.body.valid(media.schema ?? {}, `${method} ${path} body`), seed);
    headers.set("content-type", type);
    if (type.includes("json")) body = JSON.stringify(value);
    else if (type === "application/x-www-form-urlencoded") body = new URLSearchParams(Object.entries(value as Json).map(([key, field]): [string, string] => [key, text(field)])).toString();
    else body = text(value);
  }
  const search = query.toString();
  return new Request(`http://localhost${url}${search === "" ? "" : `?${search}`}`, { method: method.toUpperCase(), headers, body });
}
