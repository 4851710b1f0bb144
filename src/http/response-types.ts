import type { RouteKeyOf } from "./types";

/** One way a response differs from what the document declares. */
export interface ResponseIssue {
  in: "status" | "header" | "body";
  /** The header's name (`content-type` for a media type the response does not declare). */
  name?: string;
  /** A JSON Pointer inside the body or the header's value (`""`: the value itself). */
  pointer?: string;
  message: string;
}

export type ResponseCheck = { ok: true } | { ok: false; issues: ResponseIssue[] };

export interface ResponseValidatorOptions {
  /** How deep a JSON body may nest before it is reported unjudged. Default 128. */
  depthLimit?: number;
}

/** `check(route, response)`: the route's key as `requestValidator` takes it, and the Response the server sends. */
export interface ResponseValidator<D> {
  /** Never consumes `response` (reads a clone). A route the definition lacks throws a SpecloomError. */
  check(route: RouteKeyOf<D>, response: Response): Promise<ResponseCheck>;
}
