import { SpecloomError } from "../errors";
import { parseRouteKey } from "../generate/route-key";

/** A request's validation, as first asked for. */
interface Entry<R> {
  readonly result: Promise<R>;
  /** Whether the response to this request has been handed to the response check. */
  responseTaken: boolean;
}

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
    const known = this.entry(holder);
    if (known === undefined) {
      const entry: Entry<unknown> = { result: run(), responseTaken: false };
      let byDefinition = entries.get(holder);
      if (byDefinition === undefined) entries.set(holder, (byDefinition = new WeakMap()));
      byDefinition.set(this.definition, entry);
      return entry.result as Promise<R>;
    }
    const result = (await known.result) as R;
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
    const entry = this.entry(holder);
    if (entry === undefined) return true;
    if (entry.responseTaken) return false;
    entry.responseTaken = true;
    return true;
  }

  private entry(holder: object): Entry<unknown> | undefined {
    return entries.get(holder)?.get(this.definition);
  }
}

/** Per holder (a Request, a framework's context or Node request), per definition. */
const entries = new WeakMap<object, WeakMap<object, Entry<unknown>>>();

/** `GET /users/{id}` from `get /users/:id`: the key as a validated request's `route` names it. */
function displayKey(route: string): string {
  const parsed = parseRouteKey(route, `validate(request, ${JSON.stringify(route)})`);
  return `${parsed.method.toUpperCase()} ${parsed.path}`;
}
