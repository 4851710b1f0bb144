/**
 * Which routes a built-in plugin acts on: path operations (never webhooks), minus those
 * its `exclude` option names.
 */
import { parsePath } from "../generate/route-key";
import { describeThrown, describeValue, SpecloomError } from "../errors";
import { isMethodToken } from "../internal/http-methods";
import type { RouteDefinition } from "../types/definition";
import { optionError } from "./options";

/**
 * One `exclude` entry:
 * - `"GET /health"`: that method on that path (the method in any case);
 * - `"/health"`: every method on that path;
 * - `"/internal/*"`: every path below `/internal` (not `/internal` itself);
 * - a function that returns `true` for the routes to leave alone.
 *
 * Parameter names do not matter: `/users/:id`, `/users/{id}` and `/users/{userId}` are one path.
 */
export type RoutePattern = string | ((route: RouteDefinition) => boolean);

/** The `exclude` option: one pattern or a list of them. */
export type RouteExclusion = RoutePattern | readonly RoutePattern[];


/** True for a path operation; a webhook's `path` is its event name, which does not start with "/". */
export function isPathRoute(route: RouteDefinition): boolean {
  return typeof route.path === "string" && route.path.startsWith("/");
}

/** `/users/:id` and `/users/{userId}` both to `/users/{}`, as the core compares paths. */
function template(path: string): string {
  return parsePath(path, "").template;
}

/**
 * Compiles `exclude` once, when the plugin is created: a bad entry is INVALID_DEFINITION at
 * `plugin "<name>" (options.exclude[i])`. The result tells whether a route is excluded.
 */
export function compileExclusion(plugin: string, exclude: unknown): (route: RouteDefinition) => boolean {
  if (exclude === undefined) return () => false;
  const list: unknown[] = Array.isArray(exclude) ? [...(exclude as unknown[])] : [exclude];
  const matchers = list.map((pattern, index) => {
    const option = Array.isArray(exclude) ? `options.exclude[${index}]` : "options.exclude";
    if (typeof pattern === "function") {
      return (route: RouteDefinition) => Boolean((pattern as (route: RouteDefinition) => unknown)(route));
    }
    if (typeof pattern !== "string") {
      throw optionError(plugin, option, `expected a route key ("GET /health"), a path ("/health"), or a function of the route, found ${describeValue(pattern)}`);
    }
    const match = /^\s*(?:(\S+)\s+)?(\/\S*)\s*$/.exec(pattern);
    // Any HTTP method a route may have: the eight, QUERY and 3.2's other methods.
    const method = match?.[1]?.toLowerCase();
    if (!match || (match[1] !== undefined && !isMethodToken(match[1]))) {
      throw optionError(plugin, option, `${JSON.stringify(pattern)} is neither a route key ("GET /health") nor a path ("/health", "/internal/*")`);
    }
    const path = match[2] as string;
    let prefix: string | undefined;
    let exact: string | undefined;
    try {
      // "/*" is every path below the root; "/internal/*" every path below /internal.
      if (path.endsWith("/*")) prefix = path === "/*" ? "/" : template(path.slice(0, -2)) + "/";
      else exact = template(path);
    } catch (error) {
      const why = error instanceof SpecloomError ? error.message.replace(/^path "[^"]*" /, "") : describeThrown(error);
      throw optionError(plugin, option, `${JSON.stringify(pattern)} is not a path Specloom can match: it ${why}`);
    }
    return (route: RouteDefinition) => {
      if (method !== undefined && (typeof route.method !== "string" || route.method.toLowerCase() !== method)) return false;
      const actual = template(route.path);
      return prefix !== undefined ? actual.startsWith(prefix) && actual.length > prefix.length : actual === exact;
    };
  });
  return (route) => matchers.some((matches) => matches(route));
}
