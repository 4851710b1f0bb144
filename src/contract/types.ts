/** What `contractTest` takes and what it reports. */
import type { ValidatorDefinition } from "../http/types";
import type { OpenAPIDocument } from "../types/document";

export type ContractInput = ValidatorDefinition | OpenAPIDocument;

export interface ContractTestOptions {
  /** Where the server listens: `http://127.0.0.1:3000` (a path prefix is kept: `http://host/api`). Requests go there and nowhere else. */
  baseUrl?: string;
  /** Sends each request instead of the global `fetch` (an in-process handler, a test client). Default: `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Seeds every drawn request: the same seed, document and server, the same run. Default 0. */
  seed?: number;
  /** Drawn requests per operation (valid and invalid), beside its edge and one-rule requests. Default 50. */
  runs?: number;
  /** Only these operations: an operationId, a route key (`GET /pets/{id}`), a path (every method) or `tag:name`. */
  include?: readonly string[];
  /** Leave out these operations (same forms as `include`). */
  exclude?: readonly string[];
  /** Milliseconds the whole run may take; past it, no new request starts and the rest is reported not run. Default 300 000. */
  timeBudget?: number;
  /** Milliseconds one response may take. Default 10 000. */
  requestTimeout?: number;
  /** Headers sent with every request (credentials: `{ authorization: "Bearer ..." }`). */
  headers?: Readonly<Record<string, string>>;
  /** Values for path parameters the server must know (an existing id), by parameter name: `{ petId: [1, 2] }`. */
  parameters?: Readonly<Record<string, unknown>>;
}

/** One way the server's answer differs from what the document says it would be. */
export interface ContractProblem {
  /** `status` (an undeclared or unexpected status), `header`, `body`, or `network` (no response). */
  in: "status" | "header" | "body" | "network";
  /** The header's name. */
  name?: string;
  /** A JSON Pointer inside the body. */
  pointer?: string;
  message: string;
}

/** A request as it was sent. */
export interface SentRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body as text; a multipart body as its fields, one `name=value` a line. */
  body?: string;
}

export interface ReceivedResponse {
  status: number;
  headers: [string, string][];
  /** The body's first 2,000 characters. */
  body: string;
  /** The body was longer than the excerpt. */
  truncated: boolean;
}

/** The one failure reported for an operation: the smallest request found that shows it. */
export interface ContractFailure {
  /** Whether the request was one the document allows (`valid`) or one that breaks a rule (`invalid`). */
  kind: "valid" | "invalid";
  /** For an invalid request: the rule it breaks (`query parameter limit: 101 is above maximum 100`). */
  broken?: string;
  /** For a request at an edge of its schemas: which edge. */
  edge?: string;
  problems: ContractProblem[];
  request: SentRequest;
  /** Undefined when no response came. */
  response?: ReceivedResponse;
  /** A `curl` command that sends the same request. */
  curl: string;
  /** Smaller requests tried after the first failure, to find this one. */
  shrinks: number;
}

export interface OperationReport {
  /** The route key: `GET /pets/{id}`. */
  operation: string;
  operationId?: string;
  outcome: "passed" | "failed" | "skipped" | "not run";
  /** Requests sent, shrinking included. */
  requests: number;
  /** Requests the document allows, and ones that break a rule, among them. */
  valid: number;
  invalid: number;
  /** Why the operation was skipped or not run. */
  reason?: string;
  failure?: ContractFailure;
  /** Milliseconds spent on the operation. */
  duration: number;
}

export interface ContractReport {
  /** Every operation run passed, and the server was reached. */
  ok: boolean;
  seed: number;
  runs: number;
  baseUrl: string;
  operations: OperationReport[];
  /** Requests sent in all. */
  requests: number;
  duration: number;
  /** The time budget ran out before every operation was tested. */
  timedOut: boolean;
  /** No response came at all (the first request failed to connect): why. Nothing was tested. */
  unreachable?: string;
}
