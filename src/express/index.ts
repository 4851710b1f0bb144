/**
 * specloom/express: Express 5 handlers from a definition. Node only; it imports only
 * Express's types, so `express` is an optional peer.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { SpecloomError, type OpenAPIDocument } from "specloom";
import { serverValidator, type RouteKeyOf, type ServerValidatorOptions, type ValidatorDefinition, type ValidRequest } from "specloom/http";
import { RequestTargetError, sendWebResponse, toWebRequest, type NodeRequestOptions } from "specloom/node";
import { originRule } from "../node/request-target";
import { captureResponse } from "./response-capture";

/** `serverValidator`'s options, and where each request's URL takes its origin from (`toWebRequest`'s `origin` and `trustProxy`). */
export type ExpressValidatorOptions = ServerValidatorOptions & NodeRequestOptions;

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
  // The URL's options are toWebRequest's (it reads only those two), the rest the validator's.
  const { origin: _origin, trustProxy: _trustProxy, ...validatorOptions } = options ?? {};
  // Checked now, so that a wrong one is a SpecloomError naming this call, not one per request.
  originRule(options, "expressValidator");
  const target: NodeRequestOptions = options ?? {};
  const validator = serverValidator(definition, validatorOptions);
  /** The validated request, or undefined once the refusal is sent (or the client is gone). */
  const validated = async (req: Request, res: Response, key: string | undefined): Promise<ValidRequest<D, string> | undefined> => {
    let request: globalThis.Request | undefined;
    let result;
    try {
      result = await validator.request(() => (request = webRequest(req, res, target)), key as never, req);
    } catch (error) {
      // A target that makes no URL is the client's: its 400, as any refusal. A client gone while its body was read has no one to answer.
      if (error instanceof RequestTargetError) {
        await sendWebResponse(res, error.response());
        return undefined;
      }
      if (request === undefined || !request.signal.aborted || error !== request.signal.reason) throw error;
      res.destroy();
      return undefined;
    }
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
function webRequest(req: Request, res: Response, target: NodeRequestOptions): globalThis.Request {
  if (req.body !== undefined) throw new SpecloomError("INVALID_DEFINITION", "expressValidator", `${req.method} ${req.originalUrl}: the request body was parsed before validation; the validator reads it itself, so no body parser may run before it`);
  return toWebRequest(req, res, target);
}
