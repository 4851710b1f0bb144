/** `specloom test`'s report as text for people: a line per operation, then each failure in full (./junit.ts reuses the lines). */
import type { ContractFailure, ContractReport, OperationReport } from "specloom/contract";

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One line: how many operations passed, failed, were skipped or not run, and the requests sent. */
export function contractSummary(report: ContractReport): string {
  const outcomes = new Map<OperationReport["outcome"], number>();
  for (const entry of report.operations) outcomes.set(entry.outcome, (outcomes.get(entry.outcome) ?? 0) + 1);
  const parts = (["passed", "failed", "skipped", "not run"] as const).filter((outcome) => outcomes.has(outcome)).map((outcome) => `${outcomes.get(outcome)} ${outcome}`);
  const seconds = (report.duration / 1000).toFixed(1);
  return `${count(report.operations.length, "operation")}${parts.length === 0 ? "" : `: ${parts.join(", ")}`} (${count(report.requests, "request")} in ${seconds} s, seed ${report.seed}${report.timedOut ? ", the time budget ran out" : ""})`;
}

const MARKS: Readonly<Record<OperationReport["outcome"], string>> = { passed: "ok", failed: "FAIL", skipped: "skip", "not run": "not run" };

export function textReport(report: ContractReport): string {
  const lines: string[] = [];
  for (const entry of report.operations) {
    const name = `${entry.operation}${entry.operationId === undefined ? "" : ` (${entry.operationId})`}`;
    const detail = entry.outcome === "passed" || entry.outcome === "failed" ? `${count(entry.valid, "valid request")}, ${count(entry.invalid, "invalid one")}` : (entry.reason ?? "");
    lines.push(`${MARKS[entry.outcome]}  ${name}: ${detail}`);
  }
  for (const entry of report.operations) if (entry.failure !== undefined) lines.push("", ...failureLines(entry, entry.failure));
  lines.push("", contractSummary(report));
  return `${lines.join("\n")}\n`;
}

/** What failed and how to see it again: the problems, the request, the response, a curl command. */
export function failureLines(entry: OperationReport, failure: ContractFailure): string[] {
  const lines = [`${entry.operation} failed`];
  if (failure.kind === "invalid") lines.push(`  The request breaks a rule of the document: ${failure.broken ?? "one rule"}`);
  else lines.push(`  The request is one the document allows${failure.edge === undefined ? "" : ` (an edge: ${failure.edge})`}`);
  for (const problem of failure.problems) {
    const where = problem.in === "header" ? `header ${problem.name ?? ""}` : problem.in === "body" ? `body${problem.pointer ? ` ${problem.pointer}` : ""}` : problem.in;
    lines.push(`  - ${where}: ${problem.message}`);
  }
  lines.push(`  Request: ${failure.request.method} ${failure.request.url}`);
  for (const [name, value] of failure.request.headers) lines.push(`    ${name}: ${value}`);
  if (failure.request.body !== undefined) lines.push(...indented(failure.request.body));
  if (failure.response === undefined) lines.push("  Response: none");
  else {
    lines.push(`  Response: ${failure.response.status}`);
    for (const [name, value] of failure.response.headers) lines.push(`    ${name}: ${value}`);
    if (failure.response.body !== "") lines.push(...indented(`${failure.response.body}${failure.response.truncated ? " ..." : ""}`));
  }
  lines.push(`  Replay (shrunk ${count(failure.shrinks, "time")}):`, `    ${failure.curl}`);
  return lines;
}

function indented(text: string): string[] {
  return text.split("\n").map((line) => `    | ${line}`);
}
