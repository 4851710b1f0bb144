/** Hand-made documents and small checks shared by the merge tests. */
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { expect } from "vitest";
import { SpecloomError, type OpenAPIDocument, type OperationObject } from "specloom";
import { refsOf } from "../helpers/refs";

export { refsOf };

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** A minimal valid document; `parts` overrides or adds root fields. */
export function doc(title: string, parts: Record<string, unknown> = {}, openapi = "3.0.3"): OpenAPIDocument {
  return { openapi, info: { title, version: "1.0.0" }, paths: {}, ...parts } as OpenAPIDocument;
}

/** A valid operation with one response; `extra` adds fields. */
export function op(operationId?: string, extra: Record<string, unknown> = {}): OperationObject {
  return { ...(operationId === undefined ? {} : { operationId }), responses: { "200": { description: "OK" } }, ...extra } as OperationObject;
}

/** The SpecloomError `fn` throws; fails the test when it throws nothing or something else. */
export function errorOf(fn: () => unknown): SpecloomError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SpecloomError);
    return error as SpecloomError;
  }
  throw new Error("expected a SpecloomError, but nothing was thrown");
}

/** Every operation of a document as `"METHOD path"`, in document order. */
export function operationsOf(document: unknown, group: "paths" | "webhooks" = "paths"): string[] {
  const items = (document as Record<string, Record<string, Record<string, unknown>> | undefined>)[group] ?? {};
  const found: string[] = [];
  for (const path of Object.keys(items)) {
    for (const key of Object.keys(items[path] as object)) if ((METHODS as readonly string[]).includes(key)) found.push(`${key.toUpperCase()} ${path}`);
  }
  return found;
}

/** A copy to compare an input against after merging (inputs must come back unchanged). */
export function snapshot<T>(value: T): T {
  return structuredClone(value);
}

const corpora = fileURLToPath(new URL("../corpora/", import.meta.url));

/** The Twilio corpus: file name and parsed document, sorted by file name. */
export function loadTwilio(): { file: string; document: OpenAPIDocument }[] {
  const dir = corpora + "twilio/";
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({ file, document: JSON.parse(readFileSync(dir + file, "utf8")) as OpenAPIDocument }));
}

/** One of the OAI example documents (YAML), parsed. */
export function loadOaiExample(name: string): OpenAPIDocument {
  return parseYaml(readFileSync(`${corpora}oai-examples/${name}.yaml`, "utf8")) as OpenAPIDocument;
}

