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

export async function expectValidOpenAPI(document: unknown): Promise<void> {
  const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
  expect(result.errors ?? [], "the document must pass the OpenAPI schema validator").toEqual([]);
  expect(result.valid).toBe(true);
  expect(danglingRefs(document), "every $ref must resolve inside the document").toEqual([]);
}

/** Keys a generated document must not carry: JSON Schema identifiers and unhoisted definitions. */
export function leftoverKeys(document: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[document, ""]];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node)) {
      if (["$schema", "$id", "$defs", "definitions"].includes(key)) found.push(`${path}/${key}`);
      stack.push([value, `${path}/${key}`]);
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
    stack.push(...Object.values(node));
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
    stack.push(...Object.values(node));
  }
  return true;
}
