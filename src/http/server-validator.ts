import { SpecloomError, describeValue } from "../errors";
import { isPlainObject } from "../internal/own";
import type { OpenAPIDocument } from "../types/document";
import { OncePerRequest } from "./once-per-request";
import { requestValidator } from "./request-validator";
import { applyMode, reportIssues, responseOptions, type ResponseMode, type ResponseReport } from "./response-modes";
import { responseValidator } from "./response-validator";
import type { RequestValidatorOptions, RouteKeyOf, ValidationResult, ValidatorDefinition } from "./types";

export interface ServerValidatorOptions extends RequestValidatorOptions {
  /**
   * What to do with a response that breaks the document: `"off"` (the default) lets it go
   * unchecked; `"report"` sends it and hands the issues to `onResponseIssues`; `"enforce"`
   * answers 500 with Problem Details naming the issues instead (for development and tests).
   */
  responses?: ResponseMode;
  /** Receives each response's issues, in `"report"` mode and in `"enforce"` mode. */
  onResponseIssues?: (report: ResponseReport) => void;
}

/**
 * A request's validation and its response's check, for a server: what the framework
 * integrations (`specloom/hono`, `specloom/express`, `specloom/fastify`) are built on, and
 * what a handler of Web `Request`s uses as it is.
 */
export interface ServerValidator<D> {
  /**
   * The request checked as `requestValidator` checks it, once per `holder` (default: the
   * Request itself): a second call for the same holder gets the first result, so a
   * middleware that runs twice does not read the body twice. A second call naming another
   * route is the server's mistake (a `SpecloomError`). `request` may be a function that
   * makes the Request, called only when the holder has no result yet.
   */
  request<K extends RouteKeyOf<D> = RouteKeyOf<D>>(request: Request | (() => Request), route?: K, holder?: object): Promise<ValidationResult<D, K>>;
  /** Whether responses are checked (`responses` is not `"off"`): an integration captures a response only then. */
  readonly checksResponses: boolean;
  /**
   * The response to send for `route` (a valid request's `route`), by the `responses` mode:
   * `response` itself, or in `"enforce"` mode a 500 Problem when it breaks the document. With
   * `holder`, once per request: a later call for the same holder hands `response` back.
   */
  response(route: string, response: Response, holder?: object): Promise<Response>;
  /**
   * Checks a response already on its way (a copy of what is being sent) and hands its issues
   * to `onResponseIssues`, in `"report"` or `"enforce"` mode; resolves when the check ends.
   * For a framework that cannot hold its response back. Once per `holder`, as `response`.
   */
  report(route: string, response: Response, holder?: object): Promise<void>;
}


/** `requestValidator`'s checks, once per request, and `responseValidator`'s by a mode, for the framework integrations and Web handlers. */
export function serverValidator<const D extends ValidatorDefinition | OpenAPIDocument>(definition: D, options: ServerValidatorOptions = {}): ServerValidator<D> {
  if (!isPlainObject(options as unknown)) throw new SpecloomError("INVALID_DEFINITION", "validator options", `expected an object of options, found ${describeValue(options)}`);
  // The request's options are requestValidator's, which checks them.
  const { responses, onResponseIssues, ...requestOptions } = options;
  const { mode, report } = responseOptions(responses, onResponseIssues);
  const validate = requestValidator(definition, requestOptions);
  const checker = mode === "off" ? undefined : responseValidator(definition);
  const check = (route: string, response: Response) => (checker as NonNullable<typeof checker>).check(route as never, response);
  const once = new OncePerRequest<ValidationResult<D, string>>(definition);
  // A 304 carries no content: the response it stands for was checked when it was sent.
  const checks = (response: Response, holder: object | undefined) => mode !== "off" && response.status !== 304 && (holder === undefined || once.takeResponse(holder));
  return {
    request(request, route, holder) {
      const key = holder ?? (typeof request === "function" ? undefined : request);
      if (key === undefined) throw new SpecloomError("INVALID_DEFINITION", "validator.request", "a Request made by a function needs the holder it is known by");
      const run = () => validate(typeof request === "function" ? request() : request, route as never) as Promise<ValidationResult<D, string>>;
      return once.validate(key, route, run) as never;
    },
    checksResponses: mode !== "off",
    async response(route, response, holder) {
      if (!checks(response, holder)) return response;
      return applyMode(mode, check, report, route, response);
    },
    async report(route, response, holder) {
      if (checks(response, holder)) await reportIssues(check, report, route, response);
    },
  };
}
