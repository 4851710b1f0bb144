/**
 * specloom/contract: contract tests of a running server against its document. Web standard
 * (fetch, Request, Response) and fast-check, so it runs in Node, Bun and Deno.
 */
export { contractTest } from "./contract-test";
export type { ContractFailure, ContractInput, ContractProblem, ContractReport, ContractTestOptions, OperationReport, ReceivedResponse, SentRequest } from "./types";
