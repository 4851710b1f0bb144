/**
 * Is a mock's answer what the document declares? Its status is a declared response (or
 * `default`), its content type a declared media type, each required header is present
 * and valid, and its JSON body valid against the media type's schema, judged by Ajv.
 */
import { expect } from "vitest";
import { documentJudge, type DocumentJudge } from "../values/judge";

type Json = Record<string, unknown>;
const encode = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");

function follow(document: Json, node: unknown): { node: Json; pointer: string | undefined } {
  const value = node as Json;
  if (typeof value?.$ref !== "string") return { node: value, pointer: undefined };
  let current: unknown = document;
  for (const raw of value.$ref.slice(2).split("/")) current = (current as Json)[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
  return { node: current as Json, pointer: value.$ref.slice(1) };
}

export class ResponseJudge {
  private readonly judge: DocumentJudge;

  constructor(private readonly document: Json) {
    this.judge = documentJudge(document, "response");
  }

  /** Checks `response` for the operation at `method` and `path` (as the document writes it); returns its parsed body. */
  async expectDeclared(method: string, path: string, response: Response): Promise<unknown> {
    const operation = ((this.document.paths as Json)[path] as Json)[method.toLowerCase()] as Json;
    const responses = operation.responses as Json;
    const key = [String(response.status), `${String(response.status)[0]}XX`, "default"].find((candidate) => candidate in responses);
    expect(key, `${method} ${path}: status ${response.status} is declared`).toBeDefined();
    const followed = follow(this.document, responses[key as string]);
    const base = followed.pointer ?? `/paths/${encode(path)}/${method.toLowerCase()}/responses/${encode(key as string)}`;
    const declared = followed.node;
    for (const [name, header] of Object.entries((declared.headers ?? {}) as Json)) {
      if ((header as Json).required !== true) continue;
      const text = response.headers.get(name);
      expect(text, `${method} ${path}: the required header ${name}`).not.toBeNull();
      const schema = (header as Json).schema as Json;
      const value = schema.type === "integer" || schema.type === "number" ? Number(text) : text;
      expect(this.judge.errors(`${base}/headers/${encode(name)}/schema`, value), `${name}: ${text}`).toEqual([]);
    }
    const text = await response.text();
    const content = declared.content as Json | undefined;
    if (content === undefined) {
      expect(text).toBe("");
      return undefined;
    }
    const type = response.headers.get("content-type") ?? "";
    expect(Object.keys(content), `${method} ${path}: the content type ${type} is declared`).toContain(type);
    if (!type.includes("json")) return text;
    const body = JSON.parse(text) as unknown;
    expect(this.judge.errors(`${base}/content/${encode(type)}/schema`, body), `${method} ${path} ${response.status}: ${text}`).toEqual([]);
    return body;
  }
}
