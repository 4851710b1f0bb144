import type { StandardSchemaV1 } from "@standard-schema/spec";
import { SchemaCompiler } from "./schema-compiler";
import type { Check, Direction, SchemaIssue } from "./types";

export type { Direction, SchemaIssue } from "./types";
export { MAX_SCHEMA_NESTING } from "./schema-compiler";
export { CHECKED_FORMATS } from "./formats";

/** A compiled schema: the value's issues, or undefined when it holds. */
export type ValidateJson = (value: unknown) => readonly SchemaIssue[] | undefined;

/**
 * The JSON Schema validators of one OpenAPI document (3.0's Schema Object dialect, or 2020-12
 * for 3.1 and 3.2), for values travelling one way: each schema node compiled once.
 */
export class DocumentSchemas {
  private readonly compiler: SchemaCompiler;

  constructor(document: { readonly openapi?: unknown }, direction: Direction) {
    const openapi30 = typeof document.openapi === "string" && document.openapi.startsWith("3.0");
    this.compiler = new SchemaCompiler(document, { openapi30, direction });
  }

  /** The validator of the schema at `location` (a JSON Pointer into the document, `#/...`). */
  validator(schema: unknown, location: string): ValidateJson {
    return validating(this.compiler.compile(schema, location));
  }

  /** The same, as a Standard Schema whose output is its input: what the request validator's judges run. */
  standard(schema: unknown, location: string): StandardSchemaV1 {
    const validate = this.validator(schema, location);
    return {
      "~standard": {
        version: 1,
        vendor: "specloom",
        validate: (value) => {
          const issues = validate(value);
          return issues === undefined ? { value } : { issues: issues.map((issue) => ({ message: issue.message, path: issue.path })) };
        },
      },
    };
  }
}

/** A fast pass for the verdict; only a value that fails is walked again for its issues. */
function validating(check: Check): ValidateJson {
  return (value) => {
    if (check(value, undefined, undefined, undefined)) return undefined;
    const issues: SchemaIssue[] = [];
    check(value, issues, undefined, undefined);
    return issues.length > 0 ? issues : [{ path: [], message: "does not match the schema" }];
  };
}
