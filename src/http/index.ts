/**
 * specloom/http: Web-standard request validation from a definition (no Node built-in, so
 * it runs in Node, Bun, Deno and Workers), and the plugin that documents its answers.
 */
export { requestValidator } from "./request-validator";
export { serverValidator, type ServerValidator, type ServerValidatorOptions } from "./server-validator";
export { problemResponses, type ProblemResponsesOptions } from "./problem-responses";
export { problemSchema } from "./problem-schema";
export type {
  InvalidRequest,
  IssueLocation,
  Problem,
  RequestIssue,
  RequestValidatorOptions,
  RouteKeyOf,
  Validate,
  ValidatedParts,
  ValidationResult,
  ValidatorDefinition,
  ValidRequest,
} from "./types";
