import { normaliseStatusKey } from "../generate/status";
import { hasOwn, setOwn, type JsonObject } from "../internal/own";
import { componentNameOption, readOptions } from "../plugins/options";
import { compileExclusion, isPathRoute, type RouteExclusion } from "../plugins/route-match";
import type { ResponseShorthandObject, SpecloomPlugin } from "../types/definition";
import { PROBLEM_TYPE, TITLES, type ProblemStatus } from "./problem";
import { problemSchema } from "./problem-schema";

export interface ProblemResponsesOptions {
  /** Routes left as they are (see `RoutePattern`). */
  exclude?: RouteExclusion;
  /** The schema's name in `components.schemas`. Default `Problem`. */
  name?: string;
}

const PLUGIN = "problemResponses" as const;

/** The plugin, by its name's type: `PathsOf` adds the Problem responses to a definition whose `plugins` hold it. */
export type ProblemResponsesPlugin = SpecloomPlugin & { readonly name: typeof PLUGIN };

/** When the validator sends each status. */
const WHEN: Readonly<Record<ProblemStatus, string>> = {
  400: "The request does not match the operation's parameters or body",
  404: "No operation has this path",
  405: "The path has no operation for this method",
  408: "The request body did not arrive in full within the time the server waits",
  413: "The request body is larger than the server accepts",
  415: "The request body's media type is not one the operation accepts",
};

/**
 * Adds the Problem Details responses `requestValidator` answers with to every path
 * operation that does not define that status itself: 400, 404 and 405 (with its `Allow`
 * header) everywhere, 408, 413 and 415 where the operation has a body. One `Problem` schema (or
 * `name`) in `components.schemas`, under `application/problem+json`.
 */
export function problemResponses(options?: ProblemResponsesOptions): ProblemResponsesPlugin {
  const given = readOptions(PLUGIN, options, ["exclude", "name"], false);
  const excluded = compileExclusion(PLUGIN, given.exclude);
  const name = given.name === undefined ? "Problem" : componentNameOption(PLUGIN, given.name, "options.name");
  return {
    name: PLUGIN,
    schemas: { [name]: problemSchema },
    transformRoute(route) {
      if (!isPathRoute(route) || excluded(route)) return route;
      const data = route as unknown as JsonObject;
      const defined = new Set<string>();
      for (const key of Object.keys(data)) {
        const status = normaliseStatusKey(key);
        if (status !== undefined && data[key] !== undefined) defined.add(status);
      }
      const statuses: ProblemStatus[] = hasOwn(data, "body") && data.body !== undefined ? [400, 404, 405, 408, 413, 415] : [400, 404, 405];
      for (const status of statuses) if (!defined.has(String(status))) setOwn(data, String(status), response(status));
      return route;
    },
  };
}

function response(status: ProblemStatus): ResponseShorthandObject {
  const shorthand: ResponseShorthandObject = { schema: problemSchema, contentType: PROBLEM_TYPE, description: `${TITLES[status]}: ${WHEN[status]}` };
  if (status === 405) shorthand.headers = { Allow: { description: "The methods the path has", schema: { type: "string" } } };
  return shorthand;
}
