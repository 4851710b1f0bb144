import type { IncomingMessage, ServerResponse } from "node:http";
import { serverValidator, type RequestValidatorOptions, type ValidatorDefinition, type ValidRequest } from "specloom/http";
import { sendWebResponse, toWebRequest } from "./web-request";

/** A Node request after `validateRequests`: the validated parts of its route. */
export interface ValidatedIncomingMessage extends IncomingMessage {
  specloom: ValidRequest<unknown, string>;
}

/**
 * Express (and connect-style) middleware: each request is checked by `requestValidator`
 * before any route runs. A refused request gets its Problem Details response; a valid one
 * goes on with its validated parts in `req.specloom`. It reads the body itself, so it goes
 * before any body parser (which would find the body already read). specloom/express's
 * handlers for the same definition reuse its result.
 */
export function validateRequests(definition: ValidatorDefinition, options?: RequestValidatorOptions) {
  const validator = serverValidator(definition, options);
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    validator.request(() => toWebRequest(req, res), undefined, req).then(
      async (result) => {
        if (!result.ok) return sendWebResponse(res, result.response());
        (req as ValidatedIncomingMessage).specloom = result;
        next();
      },
      (error: unknown) => next(error),
    ).catch((error: unknown) => next(error));
  };
}
