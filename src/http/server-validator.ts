import { SpecloomError, describeValue } from "../errors";
import { isPlainObject } from "../internal/own";
import { OncePerRequest } from "./once-per-request";
import { requestValidator } from "./request-validator";
import type { RequestValidatorOptions, RouteKeyOf, ValidationResult, ValidatorDefinition } from "./types";

export type ServerValidatorOptions = RequestValidatorOptions;

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
}

const OPTIONS = ["bodyLimit"] as const;

/** `requestValidator`'s checks, once per request, for the framework integrations and Web handlers. */
export function serverValidator<const D extends ValidatorDefinition>(definition: D, options: ServerValidatorOptions = {}): ServerValidator<D> {
  if (!isPlainObject(options as unknown)) throw new SpecloomError("INVALID_DEFINITION", "validator options", `expected { ${OPTIONS.join("?, ")}? }, found ${describeValue(options)}`);
  for (const key of Object.keys(options)) {
    if (!(OPTIONS as readonly string[]).includes(key)) throw new SpecloomError("INVALID_DEFINITION", `validator options.${key}`, `unknown option (expected ${OPTIONS.join(", ")})`);
  }
  const validate = requestValidator(definition, options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit });
  const once = new OncePerRequest<ValidationResult<D, string>>(definition);
  return {
    request(request, route, holder) {
      const key = holder ?? (typeof request === "function" ? undefined : request);
      if (key === undefined) throw new SpecloomError("INVALID_DEFINITION", "validator.request", "a Request made by a function needs the holder it is known by");
      const run = () => validate(typeof request === "function" ? request() : request, route as never) as Promise<ValidationResult<D, string>>;
      return once.validate(key, route, run) as never;
    },
  };
}
