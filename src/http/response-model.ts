import { getOwn, isObject, type JsonObject } from "../internal/own";
import { resolveEncoding } from "../model/parameter-encoding";
import type { DocumentSchemas, ValidateJson } from "../schema-validator/index";
import type { ParameterModel } from "./decode-parameters";
import type { DocumentOperation } from "./document-operations";
import { shapeOf, type Resolve } from "./json-schema";

/** A response header as the checker reads it: decoded as `simple`, then judged by its schema. */
export interface HeaderModel {
  /** As the document writes it. */
  readonly name: string;
  readonly parameter: ParameterModel;
  readonly validate: ValidateJson | undefined;
}

export interface ResponseMedia {
  /** As the document writes it, lower-cased. */
  readonly type: string;
  readonly schema: JsonObject | undefined;
  readonly validate: ValidateJson | undefined;
}

/** One Response Object of an operation: its headers, and its media types (none: no body). */
export interface ResponseEntry {
  /** The status key as written: `200`, `2XX`, `default`. */
  readonly status: string;
  readonly headers: readonly HeaderModel[];
  readonly media: readonly ResponseMedia[];
}

/** An operation's responses by status key (`200`, `2XX` upper-cased, `default`), and its route key. */
export interface OperationResponses {
  readonly key: string;
  readonly statuses: ReadonlyMap<string, ResponseEntry>;
  /** The declared keys, for messages. */
  readonly declared: readonly string[];
}

/** Every response of an operation compiled once: header and body schemas as the document writes them (for a definition, the output form). */
export function operationResponses(operation: DocumentOperation, schemas: DocumentSchemas, resolve: Resolve): OperationResponses {
  const statuses = new Map<string, ResponseEntry>();
  const responses = isObject(operation.operation.responses) ? operation.operation.responses : {};
  const base = `#/paths/${pointerSegment(operation.path)}/${operationPointer(operation)}/responses`;
  for (const status of Object.keys(responses)) {
    if (status.startsWith("x-")) continue;
    const response = resolve(getOwn(responses, status));
    if (response === undefined) continue;
    const at = `${base}/${status}`;
    statuses.set(status.toUpperCase() === "DEFAULT" ? "default" : status.toUpperCase(), {
      status,
      headers: headersOf(response, `${at}/headers`, schemas, resolve),
      media: mediaOf(response, `${at}/content`, schemas, resolve),
    });
  }
  return { key: operation.key, statuses, declared: Object.keys(responses).filter((status) => !status.startsWith("x-")) };
}

function pointerSegment(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

function operationPointer(operation: DocumentOperation): string {
  const lower = operation.method.toLowerCase();
  return operation.method === lower ? lower : `additionalOperations/${pointerSegment(operation.method)}`;
}

function headersOf(response: JsonObject, at: string, schemas: DocumentSchemas, resolve: Resolve): HeaderModel[] {
  const headers = isObject(response.headers) ? response.headers : {};
  const models: HeaderModel[] = [];
  for (const name of Object.keys(headers)) {
    // "If a response header is defined with the name Content-Type, it SHALL be ignored."
    if (name.toLowerCase() === "content-type") continue;
    const header = resolve(getOwn(headers, name));
    if (header === undefined) continue;
    const content = isObject(header.content) ? Object.keys(header.content)[0] : undefined;
    const schemaNode = content === undefined ? header.schema : resolve(getOwn(header.content as JsonObject, content))?.schema;
    const schemaAt = content === undefined ? `${at}/${pointerSegment(name)}/schema` : `${at}/${pointerSegment(name)}/content/${pointerSegment(content)}/schema`;
    const schema = resolve(schemaNode);
    const encoding = resolveEncoding("header", { style: "simple", explode: header.explode === true });
    models.push({
      name,
      parameter: { name, in: "header", required: header.required === true, encoding, schema, shape: shapeOf(schema, resolve) },
      validate: schemaNode === undefined ? undefined : schemas.validator(schemaNode, schemaAt),
    });
  }
  return models;
}

function mediaOf(response: JsonObject, at: string, schemas: DocumentSchemas, resolve: Resolve): ResponseMedia[] {
  const content = isObject(response.content) ? response.content : {};
  const media: ResponseMedia[] = [];
  for (const type of Object.keys(content)) {
    const object = resolve(getOwn(content, type));
    const node = object?.schema;
    const lower = type.toLowerCase();
    media.push({
      type: lower,
      schema: resolve(node),
      validate: node === undefined ? undefined : schemas.validator(node, `${at}/${pointerSegment(type)}/schema`),
    });
  }
  return media;
}
