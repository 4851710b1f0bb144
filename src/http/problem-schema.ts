import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import type { Problem } from "./types";

/** The JSON Schema of the Problem Details the validator sends (RFC 9457 members plus `issues` and `allowed`). */
function problemJsonSchema(): Record<string, unknown> {
  const text = { type: "string" };
  return {
    type: "object",
    description: "RFC 9457 Problem Details",
    properties: {
      type: { ...text, description: 'A URI reference that identifies the problem type ("about:blank": the status says it all)' },
      title: { ...text, description: "The status's reason phrase" },
      status: { type: "integer", description: "The HTTP status code" },
      detail: { ...text, description: "What went wrong, for a person" },
      issues: {
        type: "array",
        description: "Every problem found in the request",
        items: {
          type: "object",
          properties: {
            in: { type: "string", enum: ["path", "query", "querystring", "header", "cookie", "body"] },
            name: { ...text, description: "The parameter's name" },
            pointer: { ...text, description: "A JSON Pointer inside the parameter's value or the body" },
            message: text,
          },
          required: ["in", "pointer", "message"],
        },
      },
      allowed: { type: "array", items: text, description: "405: the path's methods; 415: the accepted media types" },
    },
    required: ["type", "title", "status", "detail"],
  };
}

/**
 * The Problem Details schema as a Standard JSON Schema, so plugins can register it like a
 * library's schema. It uses no keyword whose meaning differs between OpenAPI 3.0 and JSON
 * Schema, so one answer serves every target.
 */
export const problemSchema: StandardJSONSchemaV1<Problem, Problem> = {
  "~standard": {
    version: 1,
    vendor: "specloom",
    jsonSchema: { input: problemJsonSchema, output: problemJsonSchema },
  },
};
