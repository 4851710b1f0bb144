import type { IncomingMessage, ServerResponse } from "node:http";
import { serverValidator, type RequestValidatorOptions, type ValidatorDefinition, type ValidRequest } from "specloom/http";
import { sendProblem } from "./problem-answer";
import { originRule, RequestTargetError, type NodeRequestOptions } from "./request-target";
import { sendWebResponse, webRequest } from "./web-request";

/** A Node request after `validateRequests`: the validated parts of its route. */
export interface ValidatedIncomingMessage extends IncomingMessage {
  specloom: ValidRequest<unknown, string>;
}

/** requestValidator's options, and where each request's URL takes its origin from. */
export interface ValidateRequestsOptions extends RequestValidatorOptions, NodeRequestOptions {}

/**
 * Express (and connect-style) middleware: each request is checked by `requestValidator`
 * before any route runs. A refused request gets its Problem Details response; a valid one
 * goes on with its validated parts in `req.specloom`; the server's mistakes (a SpecloomError)
 * go to `next(error)`. It reads the body itself, so it goes before any body parser (which
 * would find the body already read). The URL checked is the one the router sees (see
 * toWebRequest for `origin` and `trustProxy`). specloom/express's handlers for the same
 * definition reuse its result.
 */
export function validateRequests(definition: ValidatorDefinition, options: ValidateRequestsOptions = {}) {
  const { origin, trustProxy, ...validatorOptions } = options;
  const rule = originRule(Object.assign({}, origin === undefined ? {} : { origin }, trustProxy === undefined ? {} : { trustProxy }), "validateRequests");
  const validator = serverValidator(definition, validatorOptions);
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    let request: Request | undefined;
    validator
      .request(() => (request = webRequest(req, res, rule)), undefined, req)
      .then(async (result) => {
        if (!result.ok) return sendWebResponse(res, result.response());
        (req as ValidatedIncomingMessage).specloom = result;
        next();
      })
      .catch((error: unknown) => {
        // A target that makes no URL is the client's: its 400. A client gone while its body was read has no one to answer.
        if (error instanceof RequestTargetError) sendProblem(res, 400, "Bad Request", error.message);
        else if (request !== undefined && request.signal.aborted && error === request.signal.reason) res.destroy();
        else next(error);
      });
  };
}
