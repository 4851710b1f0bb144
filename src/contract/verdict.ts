/**
 * What a response says of the server: a request the document allows must not get a 5XX, and
 * its response must be one the document declares (status, headers, media type, body, checked
 * by responseValidator); a request that breaks a rule must be refused with a 4XX.
 */
import type { ResponseValidator } from "../http/response-types";
import type { ContractProblem, ReceivedResponse } from "./types";

/** The body excerpt kept in a report. */
const EXCERPT = 2000;

/** RFC 9110: these statuses have no content, and a Response made with one takes none. */
const NO_CONTENT = new Set([101, 103, 204, 205, 304]);

/** The response read once, whole: a copy for the checker, and what the report shows. */
export async function readResponse(response: Response): Promise<{ copy: Response; received: ReceivedResponse }> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes.subarray(0, EXCERPT * 4));
  const headers = [...response.headers].map(([name, value]): [string, string] => [name, value]);
  const empty = bytes.byteLength === 0 || NO_CONTENT.has(response.status);
  // fetch hands over statuses 200-599 only, each of which a Response can be made with.
  const copy = new Response(empty ? null : bytes, { status: response.status, statusText: response.statusText, headers });
  return { copy, received: { status: response.status, headers, body: text.slice(0, EXCERPT), truncated: text.length > EXCERPT || bytes.byteLength > EXCERPT * 4 } };
}

/** The problems with `response` to a request of `kind` for the operation `route`; none when the server honoured the document. */
export async function problemsOf(kind: "valid" | "invalid", route: string, response: Response, status: number, checker: ResponseValidator<unknown>, rule: string | undefined): Promise<ContractProblem[]> {
  if (kind === "invalid") {
    if (status >= 400 && status < 500) return [];
    const what = `a request that breaks a rule (${rule ?? "one rule"})`;
    if (status >= 500) return [{ in: "status", message: `${status}: the server failed on ${what}, which it should refuse with a 4XX` }];
    return [{ in: "status", message: `${status}: the server accepted ${what}, which it should refuse with a 4XX` }];
  }
  const problems: ContractProblem[] = [];
  if (status >= 500) problems.push({ in: "status", message: `${status}: the server failed on a request the document allows` });
  const checked = await checker.check(route as never, response);
  if (!checked.ok) for (const issue of checked.issues) problems.push({ ...issue });
  return problems;
}
