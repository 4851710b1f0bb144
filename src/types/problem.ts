/**
 * The Problem Details the request validator answers with: its types live here, beside the
 * document's, because `PathsOf` types them too (when `problemResponses()` documents them).
 */

/** Where a problem is: the request part, as a Parameter Object's `in` names it, or the body. */
export type IssueLocation = "path" | "query" | "querystring" | "header" | "cookie" | "body";

/** One thing wrong with a request. */
export interface RequestIssue {
  in: IssueLocation;
  /** The parameter's name (absent for the body and the whole query string). */
  name?: string;
  /** A JSON Pointer inside the parameter's value or the body (`""`: the value itself). */
  pointer: string;
  /** The schema's own message, or what could not be read. */
  message: string;
}

/** RFC 9457 Problem Details, as sent with `application/problem+json`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Every problem found (400), at once. */
  issues?: RequestIssue[];
  /** 405: the methods the path has. 415: the media types the operation accepts. */
  allowed?: string[];
}
