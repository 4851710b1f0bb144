import { SpecloomError, describeValue } from "../errors";
import { getOwn, isPlainObject, propertyLabel, type JsonObject } from "../internal/own";
import type { OpenAPIVersion } from "../types/definition";
import type { ParameterEncoding, ParameterStyle } from "../types/parameter-styles";
import { hasVersion, needsVersion } from "../generate/version";

/** Where a parameter sits, as a Parameter Object's `in` says (3.2's `querystring` has no style). */
export type EncodedLocation = "path" | "query" | "header" | "cookie";

/** A parameter's serialisation with OpenAPI's defaults filled in: what the validator decodes. */
export interface Encoding {
  readonly style: ParameterStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
}

/** The route field of each location, as `styles` is keyed. */
export const STYLE_FIELDS: Readonly<Record<EncodedLocation, "params" | "query" | "headers" | "cookies">> = {
  path: "params",
  query: "query",
  header: "headers",
  cookie: "cookies",
};

/** OpenAPI's table of styles: which `in` each may be used with. */
const ALLOWED: Readonly<Record<EncodedLocation, readonly ParameterStyle[]>> = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form", "cookie"],
};

const DEFAULT_STYLE: Readonly<Record<EncodedLocation, ParameterStyle>> = { path: "simple", query: "form", header: "simple", cookie: "form" };
const FIELDS = ["style", "explode", "allowReserved"];

/** The defaults, one frozen object per location: most parameters use them. */
const DEFAULTS = Object.fromEntries(
  (Object.keys(DEFAULT_STYLE) as EncodedLocation[]).map((location) => [location, Object.freeze({ style: DEFAULT_STYLE[location], explode: DEFAULT_STYLE[location] === "form", allowReserved: false })]),
) as Record<EncodedLocation, Encoding>;

/**
 * A route's `styles`, checked once: the one place that knows how each parameter is
 * serialised. The document writes what a route gives (`given`); the validator decodes
 * what it resolves to (`resolved`), so the two cannot disagree.
 */
export class RouteStyles {
  private readonly used = new Set<string>();

  private constructor(
    private readonly styles: JsonObject | undefined,
    private readonly location: string,
  ) {}

  static readonly NONE = new RouteStyles(undefined, "");

  /** Reads and checks `route.styles` (a misplaced style is an error naming it). */
  static of(route: JsonObject, location: string, version: OpenAPIVersion): RouteStyles {
    const raw = route.styles;
    if (raw === undefined) return RouteStyles.NONE;
    const at = `${location}.styles`;
    if (!isPlainObject(raw)) throw new SpecloomError("INVALID_DEFINITION", at, `expected { params?, query?, headers?, cookies? }, found ${describeValue(raw)}`);
    for (const field of Object.keys(raw)) {
      const entry = (Object.keys(STYLE_FIELDS) as EncodedLocation[]).find((place) => STYLE_FIELDS[place] === field);
      if (entry === undefined) throw new SpecloomError("INVALID_DEFINITION", at + propertyLabel(field), "unknown field of styles (expected params, query, headers or cookies)");
      const names = raw[field];
      if (!isPlainObject(names)) throw new SpecloomError("INVALID_DEFINITION", at + propertyLabel(field), `expected a map of parameter names to { style, explode, allowReserved }, found ${describeValue(names)}`);
      for (const name of Object.keys(names)) checkEncoding(getOwn(names, name), entry, `${at}${propertyLabel(field)}${propertyLabel(name)}`, version);
    }
    return new RouteStyles(raw, location);
  }

  /** The fields a route sets for this parameter (undefined: none, the defaults apply). */
  given(place: EncodedLocation, name: string): ParameterEncoding | undefined {
    if (this.styles === undefined) return undefined;
    const names = getOwn(this.styles, STYLE_FIELDS[place]);
    const encoding = names === undefined ? undefined : (getOwn(names as JsonObject, name) as ParameterEncoding | undefined);
    if (encoding !== undefined) this.used.add(`${place} ${name}`);
    return encoding;
  }

  /** The parameter's serialisation, defaults filled in. */
  resolved(place: EncodedLocation, name: string): Encoding {
    const given = this.given(place, name);
    return given === undefined ? DEFAULTS[place] : resolveEncoding(place, given);
  }

  /** After every parameter was asked for: a style for a name that is no parameter is an error. */
  checkAllUsed(): void {
    if (this.styles === undefined) return;
    for (const place of Object.keys(STYLE_FIELDS) as EncodedLocation[]) {
      const field = STYLE_FIELDS[place];
      const names = getOwn(this.styles, field);
      if (names === undefined) continue;
      for (const name of Object.keys(names as JsonObject)) {
        if (!this.used.has(`${place} ${name}`)) {
          throw new SpecloomError("INVALID_DEFINITION", `${this.location}.styles${propertyLabel(field)}${propertyLabel(name)}`, `"${name}" is not a property of the route's ${field} schema, so there is no such parameter to style`);
        }
      }
    }
  }
}

/**
 * A given encoding with OpenAPI's defaults for what it leaves out. deepObject has only the
 * exploded form (`filter[kind]=cat`): OpenAPI's default `explode: false` is undefined there.
 */
export function resolveEncoding(place: EncodedLocation, given: ParameterEncoding): Encoding {
  const style = given.style ?? DEFAULT_STYLE[place];
  return { style, explode: given.explode ?? (style === "form" || style === "cookie" || style === "deepObject"), allowReserved: given.allowReserved ?? false };
}

/** What the Parameter Object says: the given fields, and `explode: true` beside deepObject, which is read as false when left out. */
export function writtenEncoding(given: ParameterEncoding): ParameterEncoding {
  return given.style === "deepObject" && given.explode === undefined ? { ...given, explode: true } : given;
}

function checkEncoding(value: unknown, place: EncodedLocation, at: string, version: OpenAPIVersion): void {
  if (!isPlainObject(value)) throw new SpecloomError("INVALID_DEFINITION", at, `expected { style?, explode?, allowReserved? }, found ${describeValue(value)}`);
  for (const key of Object.keys(value)) {
    if (!FIELDS.includes(key)) throw new SpecloomError("INVALID_DEFINITION", at + propertyLabel(key), `unknown field (expected ${FIELDS.join(", ")})`);
  }
  const style = value.style;
  if (style !== undefined && !(ALLOWED[place] as readonly unknown[]).includes(style)) {
    throw new SpecloomError("INVALID_DEFINITION", `${at}.style`, `${typeof style === "string" ? JSON.stringify(style) : describeValue(style)} is not a style of ${place} parameters (OpenAPI allows ${ALLOWED[place].join(", ")})`);
  }
  if (style === "cookie" && !hasVersion(version, "3.2.0")) throw new SpecloomError("INVALID_DEFINITION", `${at}.style`, `the cookie style ${needsVersion("3.2.0", version)}`);
  for (const flag of ["explode", "allowReserved"]) {
    if (value[flag] !== undefined && typeof value[flag] !== "boolean") throw new SpecloomError("INVALID_DEFINITION", `${at}.${flag}`, `expected a boolean, found ${describeValue(value[flag])}`);
  }
  if (style === "deepObject" && value.explode === false) {
    throw new SpecloomError("INVALID_DEFINITION", `${at}.explode`, "deepObject has no unexploded form (OpenAPI leaves explode: false undefined for it); leave explode out");
  }
  if (value.allowReserved !== undefined && place !== "query") {
    throw new SpecloomError("INVALID_DEFINITION", `${at}.allowReserved`, `allowReserved applies to query parameters only; this is a ${place} parameter`);
  }
}
