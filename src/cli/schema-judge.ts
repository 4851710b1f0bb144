/**
 * One document against one precompiled OpenAPI schema, as @seriousme/openapi-schema-validator
 * judges it: shared by the command's thread and the worker that checks deep documents
 * (check-worker.ts), which must not load the rest of the command.
 */
import { checkRefs } from "@seriousme/openapi-schema-validator/resolve.js";

/** What the validator's errors look like (Ajv's ErrorObject, the fields used here). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface Verdict {
  valid: boolean;
  /** A string when the schema passed and the package's `$ref` check did not. */
  errors?: SchemaError[] | string;
}

/** Ajv's standalone validating function. */
export interface CompiledSchema {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/** The precompiled validator of one version (`3.1`). */
export async function loadCompiled(folder: URL, version: string): Promise<CompiledSchema> {
  return ((await import(new URL(`openapi-${version}.js`, folder).href)) as { default: CompiledSchema }).default;
}

/**
 * The verdict of @seriousme/openapi-schema-validator's `new Validator({ allErrors: true })`:
 * the schema's errors, or once the schema passes, the package's own `$ref` check (unless
 * `packageRefCheck` is false). Throws
 * a RangeError when the document is too deep for this thread's stack.
 */
export function judge(schema: CompiledSchema, document: unknown, packageRefCheck = true): Verdict {
  if (!schema(document)) return { valid: false, errors: schema.errors ?? [] };
  // The package's own $ref check copies the whole document first; a caller that checks
  // references itself (validateDocument does, with pointers) may leave it out.
  if (!packageRefCheck) return { valid: true };
  const refs = checkRefs(document as Record<string, unknown>);
  // The package catches its own overflow and returns it as its verdict.
  if (!refs.valid && typeof refs.errors === "string" && isStackOverflow(refs.errors)) throw new RangeError(refs.errors);
  return refs;
}

export function isStackOverflow(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Maximum call stack size exceeded|too much recursion/.test(message);
}
