/**
 * Turns a DocumentPlan into a fresh JSON document. References to a pool name the document
 * does not define become inline schemas, so a plan without `corrupt` is a valid document
 * (checked again before the merge result is judged by it).
 */
import type { Json } from "./json-schema";
import { deepFreezeForTest } from "../../helpers/document";
import { generatedDocument } from "./generated";
import type { ArgumentPlan, DocumentPlan, OperationPlan, SchemaRef } from "./documents";

type JsonObject = { [key: string]: Json };

/** Sets an own key, `__proto__` included. */
function put(target: JsonObject, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function objectOf(entries: [string, Json][]): JsonObject {
  const target: JsonObject = {};
  for (const [key, value] of entries) put(target, key, value);
  return target;
}

function schemaAt(position: SchemaRef, defined: ReadonlySet<string>): Json {
  if ("inline" in position) return structuredClone(position.inline);
  return defined.has(position.ref) ? { $ref: `#/components/schemas/${position.ref}` } : { type: "string" };
}

/** Drops references to names the document lacks from a component schema; gives its anchors the document's name. */
function resolvable(schema: Json, defined: ReadonlySet<string>, anchor: number): Json {
  const text = JSON.stringify(schema).replaceAll('"tag"', `"tag${anchor}"`).replaceAll('"#tag"', `"#tag${anchor}"`);
  const missing = [...text.matchAll(/#\/components\/schemas\/([^"]+)/g)].some((match) => !defined.has(match[1] as string));
  return missing ? { type: "object" } : (JSON.parse(text) as Json);
}

function operationOf(plan: OperationPlan, defined: ReadonlySet<string>, scheme: string | undefined, path: string): JsonObject {
  const operation: JsonObject = {};
  if (plan.tags !== undefined) operation.tags = plan.tags;
  if (plan.operationId !== undefined) operation.operationId = plan.operationId;
  const template = /\{(\w+)\}/.exec(path)?.[1];
  if (template !== undefined) operation.parameters = [{ name: template, in: "path", required: true, schema: { type: "string" } }];
  if (plan.body !== undefined) operation.requestBody = { content: { "application/json": { schema: schemaAt(plan.body, defined) } } };
  operation.responses = { "200": { description: "OK", content: { "application/json": { schema: schemaAt(plan.response, defined) } } } };
  if (plan.secured && scheme !== undefined) operation.security = [{ auth: [] }];
  return operation;
}

function pathItemsOf(entries: [string, [string, OperationPlan][]][], defined: ReadonlySet<string>, scheme: string | undefined, isPath: boolean): JsonObject {
  return objectOf(
    entries.map(([key, operations]) => [key, objectOf(operations.map(([method, op]) => [method, operationOf(op, defined, scheme, isPath ? key : "")]))]),
  );
}

const SCHEMES: Record<string, Json> = {
  http: { type: "http", scheme: "bearer" },
  apiKey: { type: "apiKey", name: "key", in: "header" },
  mutualTLS: { type: "mutualTLS" },
};

export function buildDocument(plan: DocumentPlan): JsonObject {
  const defined = new Set(plan.schemas.map(([name]) => name));
  const document: JsonObject = { openapi: plan.openapi, info: { title: plan.title, version: "1.0.0" } };
  if (plan.server !== undefined) document.servers = [{ url: plan.server }];
  if (plan.scheme !== undefined) document.security = [{ auth: [] }];
  document.paths = pathItemsOf(plan.paths, defined, plan.scheme, true);
  if (plan.openapi === "3.1.0" && plan.webhooks.length > 0) document.webhooks = pathItemsOf(plan.webhooks, defined, plan.scheme, false);
  const components: JsonObject = { schemas: objectOf(plan.schemas.map(([name, schema]) => [name, resolvable(schema, defined, plan.anchor)])) };
  if (plan.scheme !== undefined) components.securitySchemes = { auth: SCHEMES[plan.scheme] as Json };
  if (plan.pathItems !== undefined) components.pathItems = pathItemsOf(plan.pathItems, defined, plan.scheme, false);
  document.components = components;
  if (plan.tags.length > 0) document.tags = plan.tags.map((name) => ({ name }));
  for (const [key, value] of plan.extensions) put(document, key, structuredClone(value));
  if (plan.corrupt !== undefined) put(document, plan.corrupt[0], structuredClone(plan.corrupt[1]));
  return plan.frozen ? deepFreezeForTest(document) : document;
}

export function buildArgument(plan: ArgumentPlan): unknown {
  if ("generated" in plan) return generatedDocument(plan.generated);
  return "document" in plan ? buildDocument(plan.document) : structuredClone(plan.notADocument);
}
