/**
 * contractTest(): is the server what the document says? Each operation gets requests the
 * document allows and requests that break one rule, sent to the server (and nowhere else:
 * redirects are not followed); each answer is judged (./verdict.ts), and a failure is shrunk
 * to the smallest request that still shows it, with a curl command to replay it.
 */
import { SpecloomError } from "../errors";
import { requestValidator } from "../http/request-validator";
import { responseValidator } from "../http/response-validator";
import type { ResponseValidator } from "../http/response-types";
import type { Validate } from "../http/types";
import { schemaValues, type SchemaValues } from "../values/index";
import { readOptions, type Settings } from "./options";
import { OperationRun, type RunContext } from "./operation-run";
import { apiPlan, selectOperations, type OperationPlan } from "./plans";
import { OperationSamples } from "./samples";
import type { ContractInput, ContractReport, ContractTestOptions, OperationReport } from "./types";

/** A 32-bit seed of its own for each operation: adding or removing one leaves the others' requests as they were. */
function operationSeed(seed: number, key: string): number {
  let hash = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash | 0;
}

/**
 * Tests the server at `options.baseUrl` (or behind `options.fetch`) against `input` (a
 * definition, an `OpenAPI` builder or an OpenAPI document). Resolves to the report; never
 * rejects because of what the server does. Throws a SpecloomError at once (before any
 * request) for a wrong option or an input that makes no document.
 */
export function contractTest(input: ContractInput, options: ContractTestOptions): Promise<ContractReport> {
  const settings = readOptions(options);
  const plan = apiPlan(input, settings.parameters);
  const operations = selectOperations(plan.operations, settings.include, settings.exclude);
  const context: Omit<RunContext, "deadline"> = {
    base: settings.base,
    send: settings.send,
    validate: requestValidator(input as never) as Validate<unknown>,
    checker: responseValidator(input as never) as ResponseValidator<unknown>,
    headers: settings.headers,
    runs: settings.runs,
    seed: settings.seed,
    requestTimeout: settings.requestTimeout,
    connection: { received: false },
  };
  return run(operations, { ...context, deadline: Date.now() + settings.timeBudget }, schemaValues(plan.document, { direction: "request" }), settings);
}

async function run(operations: readonly OperationPlan[], context: RunContext, values: SchemaValues, settings: Settings): Promise<ContractReport> {
  const started = Date.now();
  const reports: OperationReport[] = [];
  for (const operation of operations) {
    if (context.connection.unreachable !== undefined || Date.now() >= context.deadline) {
      reports.push({ operation: operation.key, ...(operation.operationId === undefined ? {} : { operationId: operation.operationId }), outcome: "not run", requests: 0, valid: 0, invalid: 0, reason: context.connection.unreachable ?? "the time budget ran out", duration: 0 });
      continue;
    }
    let samples: OperationSamples;
    try {
      samples = new OperationSamples(operation, values);
    } catch (error) {
      if (!(error instanceof SpecloomError)) throw error;
      reports.push({ operation: operation.key, ...(operation.operationId === undefined ? {} : { operationId: operation.operationId }), outcome: "skipped", requests: 0, valid: 0, invalid: 0, reason: error.message, duration: 0 });
      continue;
    }
    reports.push(await new OperationRun(operation, context).run(samples, operationSeed(settings.seed, operation.key)));
  }
  const unreachable = context.connection.unreachable;
  return {
    ok: unreachable === undefined && reports.every((report) => report.outcome === "passed" || report.outcome === "skipped"),
    seed: settings.seed,
    runs: settings.runs,
    baseUrl: settings.base.href,
    operations: reports,
    requests: reports.reduce((sum, report) => sum + report.requests, 0),
    duration: Date.now() - started,
    timedOut: unreachable === undefined && reports.some((report) => report.outcome === "not run"),
    ...(unreachable === undefined ? {} : { unreachable }),
  };
}
