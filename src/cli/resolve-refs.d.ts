/** The `$ref` check of @seriousme/openapi-schema-validator, which ships it without types. */
declare module "@seriousme/openapi-schema-validator/resolve.js" {
  /** Whether every `$ref` of the tree resolves inside it; else the first failure's message. */
  export function checkRefs(tree: unknown): { valid: boolean; errors?: string };
}
