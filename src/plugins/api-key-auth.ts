import { describeValue } from "../errors";
import type { SpecloomPlugin } from "../types/definition";
import type { SecuritySchemeObject } from "../types/document";
import { authPlugin } from "./auth";
import { componentNameOption, optionError, readOptions, stringOption } from "./options";
import { compileExclusion, type RouteExclusion } from "./route-match";

export interface ApiKeyAuthOptions {
  /** The header, query parameter or cookie that carries the key, such as `"X-API-Key"`. */
  name: string;
  /** Where the key goes. Default `"header"`. */
  in?: "header" | "query" | "cookie";
  /** The key in `components.securitySchemes` and in each requirement. Default `"apiKeyAuth"`. */
  schemeName?: string;
  description?: string;
  /** Routes that keep their security as defined (see `RoutePattern`). */
  exclude?: RouteExclusion;
}

const PLUGIN = "apiKeyAuth";
const OPTIONS = ["name", "in", "schemeName", "description", "exclude"];
const LOCATIONS: readonly string[] = ["header", "query", "cookie"];

/**
 * Declares an API key scheme (`{ type: "apiKey", name, in }`) and requires it on every
 * path operation whose route does not set `security` itself (`security: []` stays public).
 * With another auth plugin from `specloom/plugins`, an operation both cover accepts either
 * scheme. Webhooks are left alone.
 */
export function apiKeyAuth(options: ApiKeyAuthOptions): SpecloomPlugin {
  const given = readOptions(PLUGIN, options, OPTIONS, true);
  const name = stringOption(PLUGIN, given, "name", true);
  if (name === undefined) throw optionError(PLUGIN, "options.name", "the name of the header, query parameter or cookie that carries the key is required");
  const location = given.in === undefined ? "header" : given.in;
  if (typeof location !== "string" || !LOCATIONS.includes(location)) {
    throw optionError(PLUGIN, "options.in", `expected "header", "query" or "cookie", found ${describeValue(location)}`);
  }
  const schemeName = given.schemeName === undefined ? "apiKeyAuth" : componentNameOption(PLUGIN, given.schemeName, "options.schemeName");
  const description = stringOption(PLUGIN, given, "description", false);
  const scheme: SecuritySchemeObject = { type: "apiKey", name, in: location as NonNullable<SecuritySchemeObject["in"]> };
  if (description !== undefined) scheme.description = description;
  return authPlugin(PLUGIN, schemeName, scheme, compileExclusion(PLUGIN, given.exclude));
}
