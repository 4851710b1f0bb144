import { SpecloomError } from "../errors";
import { parseRouteKey } from "../generate/route-key";

/**
 * One validation per request, whatever runs it twice: a framework's middleware matched twice
 * (Hono's `/users/*` matches `/users` too), an app-wide middleware before a route's own. A
 * request body is read once; a second reading would find it gone and blame the client for
 * the server's arrangement. Keyed by the object the framework knows the request by.
 */
export class OncePerRequest<R extends { ok: boolean; route?: string }> {
  /** @param definition what the results belong to: validators of one definition share them, one request's body being read once. */
  constructor(private readonly definition: object) {}

  /** The first result for `holder`, or `run()`'s. A second call naming another route than the first's is the server's mistake. */
  async validate(holder: object, route: string | undefined, run: () => Promise<R>): Promise<R> {
    const known = results.get(holder)?.get(this.definition);
    if (known === undefined) {
      const result = run();
      let byDefinition = results.get(holder);
      if (byDefinition === undefined) results.set(holder, (byDefinition = new WeakMap()));
      byDefinition.set(this.definition, result);
      return result;
    }
    const result = (await known) as R;
    if (route !== undefined && result.ok && result.route !== displayKey(route)) {
      throw new SpecloomError(
        "INVALID_ROUTE_KEY",
        `validate(request, ${JSON.stringify(route)})`,
        `this request was validated already, as ${result.route}: one request is one route (its body is read once)`,
      );
    }
    return result;
  }

  /** True once per holder, for the first caller that checks the response (the innermost middleware, which sees it first). */
  takeResponse(holder: object): boolean {
    let byDefinition = responsesTaken.get(holder);
    if (byDefinition === undefined) responsesTaken.set(holder, (byDefinition = new WeakSet()));
    if (byDefinition.has(this.definition)) return false;
    byDefinition.add(this.definition);
    return true;
  }
}

/** The first validation of each holder (a Request, a framework's context or Node request), per definition. */
const results = new WeakMap<object, WeakMap<object, Promise<unknown>>>();
/** The definitions whose check has taken a holder's response. */
const responsesTaken = new WeakMap<object, WeakSet<object>>();

/** `GET /users/{id}` from `get /users/:id`: the key as a validated request's `route` names it. */
function displayKey(route: string): string {
  const parsed = parseRouteKey(route, `validate(request, ${JSON.stringify(route)})`);
  return `${parsed.method.toUpperCase()} ${parsed.path}`;
}
