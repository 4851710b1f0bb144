/**
 * specloom/fastify: Fastify 5 routes from a definition. Node only; it imports only
 * Fastify's types, so `fastify` is an optional peer.
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteShorthandOptionsWithHandler } from "fastify";
import { SpecloomError, type OpenAPIDocument } from "specloom";
import { serverValidator, type RouteKeyOf, type ServerValidatorOptions, type ValidatorDefinition, type ValidRequest } from "specloom/http";
import { RequestTargetError, toWebRequest, type NodeRequestOptions } from "specloom/node";
import { originRule } from "../node/request-target";
import { checkedPayload } from "./payload-check";

/** `serverValidator`'s options, and where each request's URL takes its origin from (`toWebRequest`'s `origin` and `trustProxy`). */
export type FastifyValidatorOptions = ServerValidatorOptions & NodeRequestOptions;

/** A Fastify request whose route passed validation: `request.specloom` holds the validated parts. */
export type ValidatedRequest<D, K> = FastifyRequest & { specloom: ValidRequest<D, K> };

export type ValidatedHandler<D, K> = (request: ValidatedRequest<D, K>, reply: FastifyReply) => unknown;

export interface FastifyValidator<D> {
  /**
   * Register it in the context of the routes it validates (it is not encapsulated, as
   * fastify-plugin's are not): request bodies there reach the validator unread, since it
   * reads them itself, requests get a `specloom` decorator, and with `responses` the
   * responses of the requests it validated are checked (`onSend`).
   */
  readonly plugin: FastifyPluginCallback;
  /**
   * A route's options with its handler, for `app.get(path, options)` or `app.route({ method,
   * url, ...options })`, named as the definition or Fastify writes it (`"GET
   * /users/:id"`): `handler` runs only for a valid request and reads `request.specloom`
   * typed, with no cast. A refused request is answered with its Problem Details.
   */
  route<K extends RouteKeyOf<D>>(key: K, handler: ValidatedHandler<D, K>): RouteShorthandOptionsWithHandler;
  /** A `preHandler` hook for every route of the definition (`app.addHook("preHandler", ...)`): the route is found from the method and URL. */
  hook(): preHandlerAsyncHookHandler;
}

/**
 * Fastify 5 routes checking requests as `requestValidator` does, once per request: the hook
 * and a route's own check share one result.
 */
export function fastifyValidator<const D extends ValidatorDefinition | OpenAPIDocument>(definition: D, options?: FastifyValidatorOptions): FastifyValidator<D> {
  // The URL's options are toWebRequest's (it reads only those two), the rest the validator's.
  const { origin: _origin, trustProxy: _trustProxy, ...validatorOptions } = options ?? {};
  // Checked now, so that a wrong one is a SpecloomError naming this call, not one per request.
  originRule(options, "fastifyValidator");
  const target: NodeRequestOptions = options ?? {};
  const validator = serverValidator(definition, validatorOptions);
  /** The route of each request this validator accepted, for its response's check; none once the handler threw. */
  const routes = new WeakMap<FastifyRequest, string>();
  const check = (key: string | undefined): preHandlerAsyncHookHandler =>
    async function specloomPreHandler(request, reply) {
      // Fastify parsed the body: the validator would find it read. The server's arrangement, not the client's mistake.
      if (request.body !== undefined) throw new SpecloomError("INVALID_DEFINITION", "fastifyValidator", `${request.method} ${request.url}: the request body was parsed before validation; register the validator's plugin in this route's context`);
      let made: Request | undefined;
      let result;
      try {
        result = await validator.request(() => (made = toWebRequest(request.raw, reply.raw, target)), key as never, request);
      } catch (error) {
        // A target that makes no URL is the client's: its 400, as any refusal. A client gone while its body was read has no one to answer.
        if (error instanceof RequestTargetError) return send(reply, error.response());
        if (made === undefined || !made.signal.aborted || error !== made.signal.reason) throw error;
        reply.hijack();
        reply.raw.destroy();
        return;
      }
      if (!result.ok) return send(reply, result.response());
      (request as ValidatedRequest<D, string>).specloom = result as ValidRequest<D, string>;
      routes.set(request, result.route);
    };
  const plugin: FastifyPluginCallback = (app, _options, done) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, parsed) => parsed(null, undefined));
    if (!app.hasRequestDecorator("specloom")) app.decorateRequest("specloom", null);
    if (validator.checksResponses) {
      // A response made from the handler's error is Fastify's error handling's; a HEAD response has no body to check.
      app.addHook("onError", async (request) => void routes.delete(request));
      app.addHook("onSend", async (request, reply, payload) => {
        const route = routes.get(request);
        if (route === undefined || request.method === "HEAD") return payload;
        routes.delete(request);
        const enforce = options?.responses === "enforce";
        return checkedPayload(reply, payload, enforce ? { hold: (response) => validator.response(route, response, request) } : { copy: (response) => validator.report(route, response, request) });
      });
    }
    done();
  };
  return {
    // Fastify's marks for a plugin that changes the context it is registered in, and its name.
    plugin: Object.assign(plugin, { [Symbol.for("skip-override")]: true, [Symbol.for("fastify.display-name")]: "specloom" }),
    route: (key, handler) => ({ preHandler: check(key), handler: (request, reply) => handler(request as ValidatedRequest<D, typeof key>, reply) }),
    hook: () => check(undefined),
  };
}

/** A refusal, a Web Response, sent through Fastify's reply. */
async function send(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  return reply.code(response.status).headers(Object.fromEntries(response.headers)).send(Buffer.from(await response.arrayBuffer()));
}
