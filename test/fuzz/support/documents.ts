/**
 * What every document the fuzzer gets back must be: valid for the version it claims (the
 * official schema through @seriousme/openapi-schema-validator, one instance for the whole
 * run so each version's schema compiles once), every `$ref` resolving, deeply frozen.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { isDeepFrozen } from "../../helpers/document";
import { anchorsOf, resolves as pointerResolves } from "../../helpers/refs";

const validator = new Validator();

/**
 * The schema validator's complaints about a document; [] when it is valid. Its own
 * reference check misreads a property named `$ref` or `$id` as a reference or an
 * identifier, so references are checked by `unresolvedRefs` instead.
 */
export async function schemaErrors(document: unknown): Promise<string[]> {
  let result: Awaited<ReturnType<Validator["validate"]>>;
  try {
    result = await validator.validate(structuredClone(document) as Record<string, unknown>);
  } catch (error) {
    // Ajv's uniqueItems calls `valueOf` on any object that has one, even a string in the data.
    throw new ValidatorCrash(error instanceof Error ? error.message : String(error));
  }
  if (result.valid) return [];
  const errors = result.errors ?? "invalid";
  // A string is the verdict of the validator's own reference check (checkRefs), which runs
  // only once the schema passed; `unresolvedRefs` does that job, reading `$ref` and `$id`
  // only where they are keywords.
  if (typeof errors === "string") return errors.startsWith("Cannot find supported") ? [errors] : [];
  return errors.slice(0, 5).map((error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`);
}

/** The validator itself failed on a document, which it therefore did not judge. */
export class ValidatorCrash extends Error {
  override readonly name = "ValidatorCrash";
}

/** Keys whose value is a map of names (a `$ref` key there is a name, not a reference). */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "paths", "webhooks", "schemas", "responses", "parameters", "headers", "content", "examples", "securitySchemes", "links", "callbacks", "requestBodies", "pathItems", "variables", "mapping", "encoding", "scopes"]);
/** Keys whose value is data, where a `$ref` key means nothing. */
const DATA = new Set(["example", "examples", "default", "enum", "const", "value"]);

/**
 * Every key of a document where keys are fields or keywords (not names in a map, not
 * data, not extensions), with its value and where it is. A `$ref`'s value is not entered.
 */
function fieldsOf(document: unknown): { key: string; value: unknown; pointer: string }[] {
  const found: { key: string; value: unknown; pointer: string }[] = [];
  const stack: [unknown, string, boolean][] = [[document, "", false]];
  while (stack.length > 0) {
    const [node, pointer, isNameMap] = stack.pop() as [unknown, string, boolean];
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      node.forEach((item, index) => stack.push([item, `${pointer}/${index}`, false]));
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      if (isNameMap) stack.push([value, at, false]);
      else if (key === "$ref") found.push({ key, value, pointer: at });
      else if (!key.startsWith("x-") && !(DATA.has(key) && (key !== "examples" || Array.isArray(value)))) {
        found.push({ key, value, pointer: at });
        stack.push([value, at, NAME_MAPS.has(key) && !Array.isArray(value)]);
      }
    }
  }
  return found;
}

/** Every reference of a document: `$ref` keys where they are keywords, with where each is. */
function referencesOf(document: unknown): { ref: unknown; pointer: string }[] {
  return fieldsOf(document)
    .filter(({ key }) => key === "$ref")
    .map(({ value, pointer }) => ({ ref: value, pointer }));
}

/**
 * Fields named after a member of `Object.prototype` (`toString`, `constructor`,
 * `__proto__`...), which the OpenAPI validator does not see: next to `patternProperties`,
 * Ajv 8 lets them through `unevaluatedProperties: false` (it finds the inherited member
 * where it looks for the names it evaluated; the family of ajv-validator/ajv#2664), so a
 * 3.1 `components: { toString: 1 }` passes. Its verdict on such a document is no evidence.
 */
export function prototypeNamedFields(document: unknown): string[] {
  return fieldsOf(document)
    .filter(({ key }) => key in Object.prototype)
    .map(({ pointer }) => pointer);
}

/**
 * References that point nowhere in the document: a `$ref` that is not a string, a pointer
 * that does not resolve, a `#name` without that anchor (3.1), a reference to another file
 * (openapi() promises every `$ref` points into the document; merge keeps another file's
 * references, but the fuzzer's documents hold none).
 */
export function unresolvedRefs(document: unknown): string[] {
  const version = (document as { openapi?: unknown }).openapi;
  const anchors = typeof version === "string" && version.startsWith("3.1") ? anchorsOf(document) : new Set<string>();
  const problems: string[] = [];
  for (const { ref, pointer } of referencesOf(document)) {
    if (typeof ref !== "string") problems.push(`${pointer}: ${JSON.stringify(ref)}`);
    else if (ref.startsWith("#/") ? !pointerResolves(document, ref) : !ref.startsWith("#") || !anchors.has(ref.slice(1))) problems.push(`${pointer}: ${ref}`);
  }
  return problems;
}

/**
 * Why a returned document breaks the promises ([] when it keeps them), and whether the
 * validator could judge it (`unjudged` names its crash, which the runner counts apart).
 */
export async function documentProblems(document: unknown, mustBeValid: boolean): Promise<{ problems: string[]; unjudged?: string }> {
  const problems: string[] = [];
  if (!isDeepFrozen(document)) problems.push("the document is not deeply frozen");
  if (!mustBeValid) return { problems };
  for (const ref of unresolvedRefs(document)) problems.push(`$ref resolves to nothing: ${ref}`);
  try {
    for (const error of await schemaErrors(document)) problems.push(`invalid for its version: ${error}`);
  } catch (error) {
    if (!(error instanceof ValidatorCrash)) throw error;
    return { problems, unjudged: error.message };
  }
  return { problems };
}

/**
 * Whether a document given to merge is itself valid (only then must the merge result be):
 * the validator says so and nothing it cannot see is there.
 */
export async function isValidDocument(document: unknown): Promise<boolean> {
  try {
    return unresolvedRefs(document).length === 0 && prototypeNamedFields(document).length === 0 && (await schemaErrors(document)).length === 0;
  } catch {
    return false;
  }
}
