import type { SpecloomPlugin } from "../types/definition";
import type { SecuritySchemeObject } from "../types/document";
import { authPlugin } from "./auth";
import { componentNameOption, readOptions, stringOption } from "./options";
import { compileExclusion, type RouteExclusion } from "./route-match";

export interface BearerAuthOptions {
  /** The key in `components.securitySchemes` and in each requirement. Default `"bearerAuth"`. */
  schemeName?: string;
  /** A hint for the token's format, such as `"JWT"`. */
  bearerFormat?: string;
  description?: string;
  /** Routes that keep their security as defined (see `RoutePattern`). */
  exclude?: RouteExclusion;
}

const PLUGIN = "bearerAuth";
const OPTIONS = ["schemeName", "bearerFormat", "description", "exclude"];

/**
 * Declares an HTTP bearer scheme (`{ type: "http", scheme: "bearer" }`) and requires it on
 * every path operation whose route does not set `security` itself (`security: []` stays
 * public). With another auth plugin from `specloom/plugins`, an operation both cover
 * accepts either scheme. Webhooks are left alone.
 */
export function bearerAuth(options?: BearerAuthOptions): SpecloomPlugin {
  const given = readOptions(PLUGIN, options, OPTIONS, false);
  const schemeName = given.schemeName === undefined ? "bearerAuth" : componentNameOption(PLUGIN, given.schemeName, "options.schemeName");
  const bearerFormat = stringOption(PLUGIN, given, "bearerFormat", true);
  const description = stringOption(PLUGIN, given, "description", false);
  const scheme: SecuritySchemeObject = { type: "http", scheme: "bearer" };
  if (bearerFormat !== undefined) scheme.bearerFormat = bearerFormat;
  if (description !== undefined) scheme.description = description;
  return authPlugin(PLUGIN, schemeName, scheme, compileExclusion(PLUGIN, given.exclude));
}
