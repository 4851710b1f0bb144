import { SpecloomError, describeValue } from "../errors";
import { isPlainObject } from "../internal/own";
import type { RouteMethod } from "../types/document";
import type { RouteShorthand } from "../types/definition";
import { formatCallSite, type CallSite } from "./call-site";
import { parsePath, parseRoute, parseRouteKey, parseWebhookKey, parseMethod } from "./route-key";

/** One route or webhook as registered, before plugins run. */
export class RouteEntry {
  // Assigned, not declared with initialisers (defined one by one): one entry per route per build.
  declare readonly kind: "path" | "webhook";
  declare readonly method: RouteMethod;
  /** The normalised path template, or the webhook's event name. */
  declare readonly path: string;
  declare readonly pathParams: readonly string[];
  /** The path with parameter names erased: two paths with one template are one path. */
  declare readonly template: string;
  declare readonly definition: RouteShorthand;
  declare private readonly label: string;
  declare private readonly site: CallSite | undefined;

  constructor(kind: "path" | "webhook", method: RouteMethod, path: string, pathParams: readonly string[], template: string, definition: RouteShorthand, label: string, site?: CallSite) {
    this.kind = kind;
    this.method = method;
    this.path = path;
    this.pathParams = pathParams;
    this.template = template;
    this.definition = definition;
    this.label = label;
    this.site = site;
  }

  /** Where the route was defined: `paths["GET /a"]`, or `src/api.ts:12:3 route("GET /a")`. */
  get location(): string {
    return siteLabel(this.label, this.site);
  }

  /** `GET /users/{id}` or `POST newPet`. */
  get display(): string {
    return `${this.method.toUpperCase()} ${this.path}`;
  }
}

/** A label with the line that made it in front, as compilers print it: `src/api.ts:12:3 route("GET /a")`. */
export function siteLabel(label: string, site: CallSite | undefined): string {
  const at = formatCallSite(site);
  return at ? `${at} ${label}` : label;
}

function checkDefinition(definition: unknown, location: string): RouteShorthand {
  if (!isPlainObject(definition)) {
    throw new SpecloomError("INVALID_DEFINITION", location, `expected a route definition object, found ${describeValue(definition)}`);
  }
  return definition as RouteShorthand;
}

export function pathRoute(key: string, definition: unknown, label: string, site?: CallSite): RouteEntry {
  const at = siteLabel(label, site);
  const parsed = parseRouteKey(key, at);
  return new RouteEntry("path", parsed.method, parsed.path, parsed.pathParams, parsed.template, checkDefinition(definition, at), label, site);
}

export function methodPathRoute(method: unknown, path: unknown, definition: unknown, label: string, site?: CallSite): RouteEntry {
  const at = siteLabel(label, site);
  const parsed = parseRoute(method, path, at);
  return new RouteEntry("path", parsed.method, parsed.path, parsed.pathParams, parsed.template, checkDefinition(definition, at), label, site);
}

export function webhookRoute(method: unknown, name: unknown, definition: unknown, label: string, site?: CallSite): RouteEntry {
  const at = siteLabel(label, site);
  let parsedMethod: RouteMethod;
  let parsedName: string;
  if (name === undefined && typeof method === "string") {
    ({ method: parsedMethod, name: parsedName } = parseWebhookKey(method, at));
  } else {
    parsedMethod = parseMethod(method, at);
    if (typeof name !== "string" || !/^\S+$/.test(name)) {
      throw new SpecloomError("INVALID_ROUTE_KEY", at, `webhook name ${JSON.stringify(name)} must be a non-empty string without spaces`);
    }
    parsedName = name;
  }
  return new RouteEntry("webhook", parsedMethod, parsedName, [], parsedName, checkDefinition(definition, at), label, site);
}

/** Re-reads a route's method and path after a plugin may have changed them. */
export function reparse(entry: RouteEntry, method: unknown, path: unknown, location: string): { method: RouteMethod; path: string; pathParams: readonly string[]; template: string } {
  if (method === entry.method && path === entry.path) return entry;
  const parsedMethod = parseMethod(method, location);
  if (entry.kind === "webhook") {
    if (typeof path !== "string" || !/^\S+$/.test(path)) throw new SpecloomError("INVALID_ROUTE_KEY", location, `webhook name ${JSON.stringify(path)} must be a non-empty string without spaces`);
    return { method: parsedMethod, path, pathParams: [], template: path };
  }
  return { method: parsedMethod, ...parsePath(path, location) };
}

/**
 * Detects two routes that are one operation: the same method on the same path, where
 * `{id}`, `{userId}` and `:id` in one position are the same path (OpenAPI 3 says so).
 * Locations are read only to report a clash.
 */
export class RouteTable {
  private readonly paths = new Map<string, { path: string; where: Located; methods: Map<RouteMethod, Located> }>();
  private readonly webhooks = new Map<string, Map<RouteMethod, Located>>();

  add(kind: "path" | "webhook", method: RouteMethod, path: string, template: string, where: Located): void {
    let methods: Map<RouteMethod, Located> | undefined;
    if (kind === "path") {
      const same = this.paths.get(template);
      if (same && same.path !== path) {
        throw new SpecloomError("DUPLICATE_PATH", where.location, `the paths "${path}" and "${same.path}" (at ${same.where.location}) differ only in parameter names, which OpenAPI treats as one path; use the same names`);
      }
      if (same) methods = same.methods;
      else this.paths.set(template, { path, where, methods: (methods = new Map()) });
    } else {
      methods = this.webhooks.get(template);
      if (!methods) this.webhooks.set(template, (methods = new Map()));
    }
    const prior = methods.get(method);
    if (prior !== undefined) {
      throw new SpecloomError("DUPLICATE_PATH", where.location, `${method.toUpperCase()} ${path} is defined twice: this ${kind === "path" ? "path" : "webhook"} is already defined at ${prior.location}`);
    }
    methods.set(method, where);
  }
}

/** Something that can say where it was defined. */
export interface Located {
  readonly location: string;
}
