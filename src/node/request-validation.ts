import type { IncomingMessage, ServerResponse } from "node:http";
import { requestValidator, type RequestValidatorOptions, type ValidatorDefinition, type ValidRequest } from "specloom/http";
import { webRequestOrRefusal } from "./problem-answer";
import { originRule, type NodeRequestOptions } from "./request-target";
import { sendWebResponse } from "./web-request";

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
 * toWebRequest for `origin` and `trustProxy`).
 */
export function validateRequests(definition: ValidatorDefinition, options: ValidateRequestsOptions = {}) {
  const { origin, trustProxy, ...validatorOptions } = options;
  const rule = originRule(Object.assign({}, origin === undefined ? {} : { origin }, trustProxy === undefined ? {} : { trustProxy }), "validateRequests");
  const validate = requestValidator(definition, validatorOptions);
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const request = webRequestOrRefusal(req, res, rule);
    if (request === undefined) return;
    validate(request)
      .then(async (result) => {
        if (!result.ok) return sendWebResponse(res, result.response());
        (req as ValidatedIncomingMessage).specloom = result;
        next();
      })
      // A client gone while its body was read (validate rejected with the signal's reason) has no one to answer.
      .catch((error: unknown) => (request.signal.aborted && error === request.signal.reason ? void res.destroy() : next(error)));
  };
}
