/** The mock's own answers, RFC 9457 Problem Details like the request validator's. */
import { PROBLEM_TYPE } from "../http/problem";

const TITLES = { 406: "Not Acceptable", 422: "Unprocessable Content", 500: "Internal Server Error" } as const;

export type MockProblemStatus = keyof typeof TITLES;

export function mockProblem(status: MockProblemStatus, detail: string): Response {
  const problem = { type: "about:blank", title: TITLES[status], status, detail };
  return new Response(JSON.stringify(problem), { status, headers: { "content-type": PROBLEM_TYPE, "cache-control": "no-store" } });
}
