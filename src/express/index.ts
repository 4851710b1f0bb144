/**
 * specloom/express: Express 5 handlers from a definition. Node only; it imports only
 * Express's types, so `express` is an optional peer.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { SpecloomError, type OpenAPIDocument } from "specloom";
import { serverValidator, type RouteKeyOf, type ServerValidatorOptions, type ValidatorDefinition, type ValidRequest } from "specloom/http";
import { sendWebResponse, toWebRequest } from "specloom/node";
import { captureResponse } from "./response-capture";

export type ExpressValidatorOptions = ServerValidatorOptions;

/** An Express request whose route passed validation: `req.specloom` holds the validated parts. */
export type ValidatedRequest<D, K> = Request & { specloom: ValidRequest<D, K> };

export type ValidatedHandler<D, K> = (req: ValidatedRequest<D, K>, res: Response, next: NextFunction) => unknown;

export interface ExpressValidator<D> {
  /**
   * A route's handler, named as the definition or Express writes it (`"GET /users/:id"`):
   * `handler` runs only for a valid request and reads `req.specloom` typed, with no cast. A
   * refused request is answered with its Problem Details.
   */
  route<K extends RouteKeyOf<D>>(key: K, handler: ValidatedHandler<D, K>): RequestHandler;
  /** Middleware for every route of the definition (`app.use(...)`): the route is found from the method and URL; `req.specloom` for the handlers after it. */
  middleware(): RequestHandler;
}

/**
 * Express 5 handlers checking requests as `requestValidator` does, once per request: the
 * app-wide middleware and a route's handler share one result. They read the body
 * themselves, so no body parser may run before them. With `responses`, the response to a
 * valid request is checked as it ends (held until then in `"enforce"` mode).
 */
export function expressValidator<const D extends ValidatorDefinition | OpenAPIDocument>(definition: D, options?: ExpressValidatorOptions): ExpressValidator<D> {
  const validator = serverValidator(definition, options);
  /** The validated request, or undefined once the refusal is sent. */
  const validated = async (req: Request, res: Response, key: string | undefined): Promise<ValidRequest<D, string> | undefined> => {
    const result = await validator.request(() => webRequest(req, res), key as never, req);
    if (!result.ok) {
      await sendWebResponse(res, result.response());
      return undefined;
    }
    // A HEAD response has no body to check; one made from a handler's error is Express's error handling's.
    if (validator.checksResponses && req.method !== "HEAD") {
      const route = result.route;
      captureResponse(
        res,
        options?.responses === "enforce"
          ? { hold: (response) => (failed.has(res) ? Promise.resolve(response) : validator.response(route, response, req)) }
          : { copy: (response) => (failed.has(res) ? Promise.resolve() : validator.report(route, response, req)) },
      );
    }
    return result as ValidRequest<D, string>;
  };
  const failed = new WeakSet<Response>();
  return {
    route: (key, handler) => async (req, res, next) => {
      const result = await validated(req, res, key);
      if (result === undefined) return;
      const request = req as ValidatedRequest<D, typeof key>;
      request.specloom = result as never;
      // An error passed on (thrown, or given to next) is answered by Express's error handling.
      const passOn: NextFunction = (error?: unknown) => {
        if (error !== undefined && error !== "route" && error !== "router") failed.add(res);
        next(error);
      };
      try {
        await handler(request, res, passOn);
      } catch (error) {
        failed.add(res);
        throw error;
      }
    },
    middleware: () => async (req, res, next) => {
      const result = await validated(req, res, undefined);
      if (result === undefined) return;
      (req as ValidatedRequest<D, string>).specloom = result;
      next();
    },
  };
}

/** The Web Request of an Express request whose body nothing has read: a body parser before the validator is the server's arrangement, not the client's mistake. */
function webRequest(req: Request, res: Response): globalThis.Request {
  if (req.body !== undefined) throw new SpecloomError("INVALID_DEFINITION", "expressValidator", `${req.method} ${req.originalUrl}: the request body was parsed before validation; the validator reads it itself, so no body parser may run before it`);
  return toWebRequest(req, res);
}
