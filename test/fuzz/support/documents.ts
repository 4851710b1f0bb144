/**
 * What every document the fuzzer gets back must be: valid for the version it claims (the
 * official schema through @seriousme/openapi-schema-validator, one instance for the whole
 * run so each version's schema compiles once), every `$ref` resolving, deeply frozen.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { isDeepFrozen } from "../../helpers/document";
import { refsOf } from "../../helpers/refs";

const validator = new Validator();

/** The schema validator's complaints about a document; [] when it is valid. */
export async function schemaErrors(document: unknown): Promise<string[]> {
  const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
  if (result.valid) return [];
  const errors = result.errors ?? "invalid";
  if (typeof errors === "string") return [errors];
  return errors.slice(0, 5).map((error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`);
}

/** Every `$anchor` and `$dynamicAnchor` in a tree: a 3.1 `#name` reference may name one. */
function anchorsOf(root: unknown): Set<string> {
  const anchors = new Set<string>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node)) {
      if ((key === "$anchor" || key === "$dynamicAnchor") && typeof value === "string") anchors.add(value);
      else stack.push(value);
    }
  }
  return anchors;
}

function pointerResolves(document: unknown, ref: string): boolean {
  let node: unknown = document;
  for (const part of ref.slice(2).split("/")) {
    const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/** Internal `$ref`s that point nowhere (`#/...` pointers, and `#name` anchors in 3.1). */
export function unresolvedRefs(document: unknown): string[] {
  const version = (document as { openapi?: unknown }).openapi;
  const anchors = typeof version === "string" && version.startsWith("3.1") ? anchorsOf(document) : new Set<string>();
  return refsOf(document).filter((ref) => {
    if (ref.startsWith("#/")) return !pointerResolves(document, ref);
    if (ref.startsWith("#")) return !anchors.has(ref.slice(1));
    return false; // a reference to another file is the caller's business
  });
}

/** Why a returned document breaks the promises; [] when it keeps them. */
export async function documentProblems(document: unknown, mustBeValid: boolean): Promise<string[]> {
  const problems: string[] = [];
  if (!isDeepFrozen(document)) problems.push("the document is not deeply frozen");
  if (!mustBeValid) return problems;
  for (const ref of unresolvedRefs(document)) problems.push(`$ref ${JSON.stringify(ref)} resolves to nothing`);
  for (const error of await schemaErrors(document)) problems.push(`invalid for its version: ${error}`);
  return problems;
}

/** Whether a document given to merge is itself valid (only then must the merge result be). */
export async function isValidDocument(document: unknown): Promise<boolean> {
  try {
    return unresolvedRefs(document).length === 0 && (await schemaErrors(document)).length === 0;
  } catch {
    return false;
  }
}
