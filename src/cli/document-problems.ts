/**
 * What is wrong with a document: the official OpenAPI schema of its version
 * (precompiled, see schema-validator.ts), then what a schema cannot check: every `$ref`
 * resolves inside the document, operationIds are unique, every security requirement names a declared
 * scheme. Each problem is a JSON pointer and a message.
 */
import { operationIdProblems, securityProblems } from "../internal/document-checks";
import { encodeSegment } from "../internal/json-pointer";
import { pushAll } from "../internal/push-all";
import { unresolvedRefs } from "../internal/refs";
import { documentShapeProblem } from "./documents";
import { CliError, ExitCode, oneLine } from "./errors";
import { CheckNotRun, type SchemaError, type SchemaValidator } from "./schema-validator";

export interface Problem {
  /** JSON pointer; `/` stands for the whole document. */
  pointer: string;
  message: string;
}

/** Versions the official schemas cover (the validator's `supportedVersions`, 3.x only). */
const SUPPORTED = /^3\.[012]\.\d+(-[\w.]+)?$/;

/**
 * Errors of the validator's own reference check that are not problems of the document:
 * "Can't resolve" (checked below instead), and an `$id` or anchor "defined more than once"
 * whose value is an object: that is a property named `$id` under `properties`, which the
 * validator misreads as a keyword (a keyword's value is a string).
 */
function ignoredRefError(message: string): boolean {
  return message.startsWith("Can't resolve") || /^\$(id|anchor|dynamicAnchor) : '\[object Object\]'/.test(message);
}

/**
 * Every problem of one parsed document, in document order within each kind of check; a
 * check that could not run is a CliError naming `label` (exit code 2), never a problem.
 * `bundled`: the document was bundled, and each reference it could not follow was reported
 * then, so one that still points outside the document is not reported twice.
 */
export async function validateDocument(document: unknown, validator: SchemaValidator, label: string, bundled = false): Promise<Problem[]> {
  const shape = documentShapeProblem(document);
  if (shape) {
    const record = document as Record<string, unknown> | null;
    const pointer = record && typeof record === "object" && !Array.isArray(record) ? (typeof record.openapi !== "string" ? "/openapi" : "/info") : "/";
    return [{ pointer, message: shape }];
  }
  const version = (document as { openapi: string }).openapi;
  if (!SUPPORTED.test(version)) {
    return [{ pointer: "/openapi", message: `${JSON.stringify(version)} is not an OpenAPI version with an official schema (3.0.x, 3.1.x or 3.2.x)` }];
  }
  const problems: Problem[] = [];
  try {
    const result = await validator.validate(document as Record<string, unknown>);
    if (!result.valid && Array.isArray(result.errors)) pushAll(problems, schemaProblems(result.errors));
    // A string error comes from the validator's own $ref resolution, which also rejects
    // external references; internal ones are checked below, with their pointers.
    else if (!result.valid && typeof result.errors === "string" && !ignoredRefError(result.errors)) problems.push({ pointer: "/", message: oneLine(result.errors) });
  } catch (error) {
    // The validator's failure says nothing of the document: no problem is made up.
    const why = error instanceof CheckNotRun ? error.message : `the schema validator failed: ${error instanceof Error ? error.message : String(error)}`;
    throw new CliError(`${label}: the OpenAPI schema check could not run: ${oneLine(why)}; nothing was judged`, ExitCode.unchecked);
  }
  for (const { pointer, kind, message } of unresolvedRefs(document)) if (!bundled || kind !== "outside") problems.push({ pointer, message });
  pushAll(pushAll(problems, operationIdProblems(document)), securityProblems(document));
  return problems;
}

/**
 * The validator's errors as problems. Where the schema offers alternatives (a Reference
 * Object or the object itself, through `oneOf` or `if`), each alternative reports an error;
 * the "must have required property '$ref'" of the reference branch and the oneOf/anyOf/if
 * summary add nothing when a more specific error points at the same place or inside it, so
 * they are left out.
 *
 * 3.1's schema closes objects with `unevaluatedProperties`, whose error names the field
 * (`/paths/~1a/get/respnses: this field is not allowed here`, as 3.0's
 * `additionalProperties` does). Once a branch failed on an object, though, the fields only
 * that branch knew count as unevaluated too, so there it is left out when a more specific
 * error points at the object or inside it.
 */
export function schemaProblems(errors: readonly SchemaError[]): Problem[] {
  const isBranch = (error: SchemaError) => ["oneOf", "anyOf", "if"].includes(error.keyword) || (error.keyword === "required" && error.params.missingProperty === "$ref");
  const isUnevaluated = (error: SchemaError) => error.keyword === "unevaluatedProperties";
  const atOrInside = (error: SchemaError, others: readonly SchemaError[]) =>
    others.some((other) => other.instancePath === error.instancePath || other.instancePath.startsWith(error.instancePath + "/"));
  const specific = errors.filter((error) => !isBranch(error) && !isUnevaluated(error));
  const failedBranches = errors.filter(isBranch);
  const unevaluated = errors.filter(
    (error) => isUnevaluated(error) && !(atOrInside(error, specific) && failedBranches.some((branch) => branch.instancePath === error.instancePath)),
  );
  const named = [...specific, ...unevaluated];
  const kept = errors.filter((error) => named.includes(error) || (isBranch(error) && !atOrInside(error, named)));
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of kept) {
    const problem = schemaProblem(error);
    const key = `${problem.pointer}\n${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function schemaProblem(error: SchemaError): Problem {
  const at = error.instancePath;
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return { pointer: at || "/", message: `the required field "${String(params.missingProperty)}" is missing` };
    case "additionalProperties":
      return { pointer: `${at}/${encodeSegment(String(params.additionalProperty))}`, message: "this field is not allowed here" };
    case "unevaluatedProperties":
      return { pointer: `${at}/${encodeSegment(String(params.unevaluatedProperty))}`, message: "this field is not allowed here" };
    case "enum":
      return { pointer: at || "/", message: `must be one of ${(params.allowedValues as unknown[] | undefined)?.map((value) => JSON.stringify(value)).join(", ") ?? "the allowed values"}` };
    case "const":
      return { pointer: at || "/", message: `must be ${JSON.stringify(params.allowedValue)}` };
    default:
      return { pointer: at || "/", message: error.message ?? error.keyword };
  }
}
