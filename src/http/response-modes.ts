import { SpecloomError, describeValue } from "../errors";
import { PROBLEM_TYPE } from "./problem";
import type { ResponseCheck, ResponseIssue } from "./response-types";

/** What a server does with a response that breaks the document: nothing, report it, or answer 500 instead. */
export type ResponseMode = "off" | "report" | "enforce";

/** A response that breaks the document, as `onResponseIssues` receives it. */
export interface ResponseReport {
  /** The route, as the document names it (`GET /users/{id}`). */
  route: string;
  /** The status the handler answered with. */
  status: number;
  issues: ResponseIssue[];
}

/** The 500 answer of `enforce`: RFC 9457 Problem Details naming every issue. */
export interface ResponseProblem {
  type: "about:blank";
  title: "Internal Server Error";
  status: 500;
  detail: string;
  issues: ResponseIssue[];
}

type Check = (route: string, response: Response) => Promise<ResponseCheck>;
type Report = ((report: ResponseReport) => void) | undefined;

const MODES: readonly ResponseMode[] = ["off", "report", "enforce"];

/** The response options, checked: a mode and, for `report`, the callback that receives the issues. */
export function responseOptions(mode: unknown, report: unknown): { mode: ResponseMode; report: Report } {
  if (mode !== undefined && !MODES.includes(mode as ResponseMode)) {
    throw new SpecloomError("INVALID_DEFINITION", "validator options.responses", `expected "off", "report" or "enforce", found ${describeValue(mode)}`);
  }
  if (report !== undefined && typeof report !== "function") {
    throw new SpecloomError("INVALID_DEFINITION", "validator options.onResponseIssues", `expected a function, found ${describeValue(report)}`);
  }
  if (mode === "report" && report === undefined) {
    throw new SpecloomError("INVALID_DEFINITION", "validator options.onResponseIssues", 'responses: "report" needs the function that receives the issues');
  }
  return { mode: (mode as ResponseMode | undefined) ?? "off", report: report as Report };
}

/**
 * The response to send, by the mode. `report` hands the response on at once and checks a
 * copy beside it (a streamed body is not held back); `enforce` waits for the check and
 * answers 500 with the issues instead of a response that breaks the document.
 */
export async function applyMode(mode: ResponseMode, check: Check, report: Report, route: string, response: Response): Promise<Response> {
  if (mode === "off") return response;
  if (mode === "report") {
    // The copy is read only as far as the check reads it, then let go: a stream that never ends is not held.
    const copy = response.clone();
    void reportIssues(check, report, route, copy).then(() => copy.body?.cancel().catch(() => undefined));
    return response;
  }
  const result = await check(route, response);
  if (result.ok) return response;
  report?.({ route, status: response.status, issues: result.issues });
  await response.body?.cancel();
  return problemResponse(route, response.status, result.issues);
}

/** Checks `response` and hands its issues to `report`; resolves when the check ends. Never rejects: a check that fails is an issue. */
export async function reportIssues(check: Check, report: Report, route: string, response: Response): Promise<void> {
  let issues: ResponseIssue[];
  try {
    const result = await check(route, response);
    if (result.ok) return;
    issues = result.issues;
  } catch (error) {
    issues = [{ in: "body", message: `the response could not be checked: ${String(error)}` }];
  }
  report?.({ route, status: response.status, issues });
}

/** 500 with every issue and a one-line summary of them. */
function problemResponse(route: string, status: number, issues: ResponseIssue[]): Response {
  const first = issues[0] as ResponseIssue;
  const where = `${first.in}${first.name === undefined ? "" : ` "${first.name}"`}${first.pointer === undefined || first.pointer === "" ? "" : ` at ${first.pointer}`}`;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  const problem: ResponseProblem = {
    type: "about:blank",
    title: "Internal Server Error",
    status: 500,
    detail: `the ${status} response of ${route} does not match the document: ${where}: ${first.message}${more}`,
    issues,
  };
  return new Response(JSON.stringify(problem), { status: 500, headers: { "content-type": PROBLEM_TYPE } });
}
