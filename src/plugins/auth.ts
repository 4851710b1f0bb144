/**
 * What `bearerAuth` and `apiKeyAuth` share: adding a requirement to a route, and declaring
 * the scheme in `components.securitySchemes`.
 */
import { SpecloomError } from "../errors";
import type { RouteDefinition, SpecloomPlugin } from "../types/definition";
import type { OpenAPIDocument, SecurityRequirementObject, SecuritySchemeObject } from "../types/document";
import { componentsOf } from "./document";
import { getOwn, isObject, setOwn, type Data } from "./options";
import { isPathRoute } from "./route-match";

/**
 * `security` arrays a built-in auth plugin wrote. A route whose `security` is one of these
 * gets further schemes as alternatives; any other `security` (the route's own, or one a
 * custom plugin wrote or copied) is the user's choice and is left alone.
 */
const written = new WeakSet<object>();

/** `{ [scheme]: [] }` as an alternative on the route, unless the route chose its own security. */
export function requireScheme(route: RouteDefinition, scheme: string): void {
  const requirement: SecurityRequirementObject = {};
  setOwn(requirement, scheme, []);
  const current: unknown = route.security;
  if (current === undefined) {
    const list = [requirement];
    written.add(list);
    route.security = list;
    return;
  }
  if (!Array.isArray(current) || !written.has(current)) return;
  const present = current.some((r: unknown) => isObject(r) && Object.keys(r).length === 1 && Object.prototype.hasOwnProperty.call(r, scheme));
  if (!present) current.push(requirement);
}

/**
 * The plugin object of an auth plugin: `transformRoute` requires the scheme on path
 * operations that are not excluded; `transformDocument` declares it.
 */
export function authPlugin(name: string, schemeName: string, scheme: SecuritySchemeObject, excluded: (route: RouteDefinition) => boolean): SpecloomPlugin {
  return {
    name,
    transformRoute(route) {
      if (isPathRoute(route) && !excluded(route)) requireScheme(route, schemeName);
      return route;
    },
    transformDocument(document) {
      return declareScheme(document, name, schemeName, scheme);
    },
  };
}

/**
 * Adds the scheme to `components.securitySchemes`. The same name already declared with
 * the same content is fine; with other content it is DUPLICATE_SCHEMA.
 */
function declareScheme(document: OpenAPIDocument, plugin: string, schemeName: string, scheme: SecuritySchemeObject): OpenAPIDocument {
  const { document: result, components } = componentsOf(document);
  let schemes: unknown = components.securitySchemes;
  if (!isObject(schemes)) {
    schemes = {};
    setOwn(components, "securitySchemes", schemes);
  }
  const existing = getOwn(schemes as Data, schemeName);
  if (existing !== undefined && !sameScheme(existing, scheme)) {
    throw new SpecloomError(
      "DUPLICATE_SCHEMA",
      `plugin "${plugin}" (options.schemeName)`,
      `components.securitySchemes already declares "${schemeName}" as a different scheme; give the plugin another schemeName or remove the other declaration`,
    );
  }
  setOwn(schemes as Data, schemeName, { ...scheme });
  return result;
}

function sameScheme(a: unknown, b: SecuritySchemeObject): boolean {
  if (!isObject(a)) return false;
  const keys = Object.keys(b) as (keyof SecuritySchemeObject)[];
  return Object.keys(a).length === keys.length && keys.every((key) => (a as Data)[key] === b[key]);
}
