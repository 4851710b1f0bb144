/**
 * Checks every test applies to every document it produces (DESIGN.md): valid for the
 * version it claims (the official schema, through @seriousme/openapi-schema-validator),
 * and every internal `$ref` resolves (./refs.ts, written apart from the library's own walk).
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { expect } from "vitest";
import { danglingRefs } from "./refs";

export { danglingRefs };

const validator = new Validator();

/**
 * Valid against the official schema of the version the document claims: 3.0, 3.1 or 3.2
 * (the validator ships each, schemas/v3.2 from version 2.11), and every `$ref` resolves.
 */
export async function expectValidOpenAPI(document: unknown): Promise<void> {
  const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
  expect(result.errors ?? [], "the document must pass the OpenAPI schema validator").toEqual([]);
  expect(result.valid).toBe(true);
  const claimed = /^(\d+\.\d+)\./.exec(String((document as { openapi?: unknown }).openapi))?.[1];
  expect(validator.version, "the validator used the schema of the version the document claims").toBe(claimed);
  expect(danglingRefs(document), "every $ref must resolve inside the document").toEqual([]);
}

/** Maps whose keys are names, not keywords (a property may be called `$defs`). */
const NAME_MAPS = new Set(["properties", "patternProperties", "paths", "webhooks", "schemas", "responses", "parameters", "headers", "content", "examples", "dependentSchemas", "securitySchemes", "links", "callbacks"]);
/** Keywords whose values are data, where any key may appear. */
const DATA_KEYWORDS = new Set(["example", "examples", "default", "enum", "const"]);

/** Keys a generated document must not carry: JSON Schema identifiers and unhoisted definitions. */
export function leftoverKeys(document: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string, string][] = [[document, "", ""]];
  while (stack.length > 0) {
    const [node, path, parentKey] = stack.pop() as [unknown, string, string];
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node)) {
      const isName = NAME_MAPS.has(parentKey) && !Array.isArray(node);
      if (!isName && ["$schema", "$id", "$defs", "definitions"].includes(key)) found.push(`${path}/${key}`);
      // Data below example, default, enum...: not a schema, so any key is fine there.
      if (!isName && DATA_KEYWORDS.has(key)) continue;
      stack.push([value, `${path}/${key}`, isName ? "" : key]);
    }
  }
  return found;
}

/** Every object and array in the tree is frozen. */
export function isDeepFrozen(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (!Object.isFrozen(node)) return false;
    for (const value of Object.values(node)) stack.push(value);
  }
  return true;
}

/** No object or array in the tree is frozen (the caller's objects must stay theirs). */
export function isNothingFrozen(root: unknown): boolean {
  const stack: unknown[] = [root];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    if (Object.isFrozen(node)) return false;
    for (const value of Object.values(node)) stack.push(value);
  }
  return true;
}

/** Freezes every object and array in the tree, as a caller's own frozen input would be. */
export function deepFreezeForTest<T>(root: T): T {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object" || Object.isFrozen(node)) continue;
    Object.freeze(node);
    for (const value of Object.values(node)) stack.push(value);
  }
  return root;
}
