/**
 * What must hold while a failure shrinks: the smaller request breaks the same rule, and only
 * it, as the request validator reads it (the same refusal), and gets the same kind of failure.
 */
import type { InvalidRequest } from "../http/types";
import type { ContractProblem } from "./types";

/** The validator's refusal as one text: its status and its issues (any order), or its detail when it has none. */
export function judgementOf(refused: InvalidRequest): string {
  const { issues } = refused.problem;
  if (issues === undefined || issues.length === 0) return `${refused.status} ${refused.problem.detail ?? ""}`;
  const texts = issues.map((issue) => JSON.stringify([issue.in, issue.name ?? "", issue.pointer, issue.message])).sort();
  return `${refused.status} ${texts.join("\n")}`;
}

/** A failure's kind: where each problem is, and for a status what it says past the number (accepted, failed on). */
export function failureKind(problems: readonly ContractProblem[]): string {
  return problems.map((problem) => (problem.in === "status" ? problem.message.replace(/^\d{3}: /, "") : `${problem.in} ${problem.name ?? ""} ${problem.pointer ?? ""}`)).join("\n");
}
