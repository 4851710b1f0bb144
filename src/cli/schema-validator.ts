/**
 * The official OpenAPI schema of a document's version, as a validator. The schemas are
 * compiled when the package is built (scripts/openapi-validators.ts, into
 * dist/validators/): compiling one at run time costs more than the rest of a small
 * `validate`. Only the version a document claims is loaded, once per process.
 */
import { checkRefs } from "@seriousme/openapi-schema-validator/resolve.js";

/** What the validator's errors look like (Ajv's ErrorObject, the fields used here). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface SchemaValidator {
  /** `errors` is a string when the schema passed and a `$ref` did not resolve. */
  validate(document: Record<string, unknown>): Promise<{ valid: boolean; errors?: SchemaError[] | string }>;
}

/** Ajv's standalone validating function. */
interface CompiledSchema {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/** The schema folders the build compiles, by the `major.minor` of `openapi`. */
const VERSIONS = new Set(["3.0", "3.1", "3.2"]);

/** The folder of the precompiled validators: next to the built command. */
const BUILT = new URL("./validators/", import.meta.url);

/** The precompiled validator of one version (`3.1`). */
async function loadCompiled(folder: URL, version: string): Promise<CompiledSchema> {
  return ((await import(new URL(`openapi-${version}.js`, folder).href)) as { default: CompiledSchema }).default;
}

/**
 * A validator that gives the verdicts of @seriousme/openapi-schema-validator's
 * `new Validator({ allErrors: true })`: the schema's errors, or once the schema passes, the
 * package's own `$ref` check. The caller checks `openapi` is a 3.0, 3.1 or 3.2 version.
 * `folder`: where the precompiled validators are (the tests name dist/validators/).
 * `packageRefCheck: false` leaves the package's `$ref` check out (diff, whose warning only
 * needs validateDocument's own check of references: the package's copies the document).
 */
export function createValidator(folder: URL = BUILT, options: { packageRefCheck?: boolean } = {}): SchemaValidator {
  const loaded = new Map<string, Promise<CompiledSchema>>();
  return {
    async validate(document) {
      const version = String(document.openapi).slice(0, 3);
      if (!VERSIONS.has(version)) return { valid: false, errors: `no official schema for OpenAPI ${JSON.stringify(document.openapi)}` };
      let compiled = loaded.get(version);
      if (compiled === undefined) loaded.set(version, (compiled = loadCompiled(folder, version)));
      const schema = await compiled;
      // The package's own $ref check copies the whole document first; a caller that checks
      // references itself (validateDocument does, with pointers) may leave it out.
      if (schema(document)) return options.packageRefCheck === false ? { valid: true } : checkRefs(document);
      return { valid: false, errors: schema.errors ?? [] };
    },
  };
}
