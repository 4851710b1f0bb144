/**
 * specloom/http: Web-standard request validation from a definition (no Node built-in, so
 * it runs in Node, Bun, Deno and Workers), response checking, and the plugin that documents
 * the validator's answers.
 */
export { requestValidator } from "./request-validator";
export { serverValidator, type ServerValidator, type ServerValidatorOptions } from "./server-validator";
export type { ResponseMode, ResponseProblem, ResponseReport } from "./response-modes";
export { responseValidator } from "./response-validator";
export type { ResponseCheck, ResponseIssue, ResponseValidator, ResponseValidatorOptions } from "./response-types";
export { problemResponses, type ProblemResponsesOptions, type ProblemResponsesPlugin } from "./problem-responses";
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
