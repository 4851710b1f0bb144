import type { StandardSchemaV1 } from "@standard-schema/spec";
import { encodeSegment } from "../internal/json-pointer";
import type { InvalidRequest, IssueLocation, Problem, RequestIssue } from "./types";

/** The reason phrases of the statuses the validator answers with (RFC 9110). */
export const TITLES = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  415: "Unsupported Media Type",
} as const;

export type ProblemStatus = keyof typeof TITLES;

/** RFC 9457's media type for Problem Details. */
export const PROBLEM_TYPE = "application/problem+json";

/**
 * A refused request: its Problem Details (RFC 9457, `type` "about:blank", so `title` is the
 * status's phrase) and a fresh Response each time one is asked for.
 */
export function refusal(status: ProblemStatus, detail: string, extra: Pick<Problem, "issues" | "allowed"> = {}, headers: Record<string, string> = {}): InvalidRequest {
  const problem: Problem = { type: "about:blank", title: TITLES[status], status, detail, ...extra };
  return {
    ok: false,
    status,
    problem,
    response: () => new Response(JSON.stringify(problem), { status, headers: { "content-type": PROBLEM_TYPE, ...headers } }),
  };
}

/** 400 with every issue, and a one-line summary of them. */
export function badRequest(issues: RequestIssue[]): InvalidRequest {
  const first = issues[0] as RequestIssue;
  const where = `${first.in}${first.name === undefined ? "" : ` "${first.name}"`}${first.pointer === "" ? "" : ` at ${first.pointer}`}`;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return refusal(400, `${where}: ${first.message}${more}`, { issues });
}

/** A Standard Schema issue's path as JSON Pointer tokens. */
function tokens(issue: StandardSchemaV1.Issue): string[] {
  // A plain array: a library's path may be an Array subclass (ArkType's) whose own methods differ.
  const steps: string[] = [];
  for (const segment of issue.path ?? []) steps.push(String(typeof segment === "object" && segment !== null ? segment.key : segment));
  return steps;
}

/**
 * A schema's issues where they are: for parameters the first path step is the parameter's
 * name and the pointer goes inside its value; for a body or query string, the pointer is
 * the whole path.
 */
export function schemaIssues(place: IssueLocation, issues: readonly StandardSchemaV1.Issue[], named: boolean): RequestIssue[] {
  return issues.map((issue) => {
    const steps = tokens(issue);
    const pointer = (list: string[]) => list.map((step) => `/${encodeSegment(step)}`).join("");
    if (named && steps.length > 0) return { in: place, name: steps[0] as string, pointer: pointer(steps.slice(1)), message: issue.message };
    return { in: place, pointer: pointer(steps), message: issue.message };
  });
}
