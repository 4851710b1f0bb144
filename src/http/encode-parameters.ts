/**
 * The inverse of ./decode-parameters.ts: a parameter's value written as its style says
 * (OpenAPI's style table), so that the validator reads back the same value. The contract
 * tests send requests through it. A value the style cannot carry (an empty list exploded
 * into no pairs at all, an empty path segment, a list item holding its own separator) is
 * `Unwritable`, with the reason, rather than written as something else.
 */
import { isObject, type JsonObject } from "../internal/own";
import type { ParameterModel } from "./decode-parameters";

/** A value the parameter's style has no text for. */
export class Unwritable {
  constructor(readonly reason: string) {}
}

/** Raw `name=value` pairs of a query or a Cookie header, each side already encoded. */
export type Pairs = [string, string][];

type Encode = (text: string) => string;

/** A scalar as the decoder's coercion reads it back: numbers and booleans as JSON writes them. */
export function scalarText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return JSON.stringify(value) ?? "";
}

/** Percent-encoding for a path segment, a cookie or a form value: every reserved character, `.` too (label's separator). */
const component: Encode = (text) => encodeURIComponent(text).replace(/\./g, "%2E");
const asIs: Encode = (text) => text;

/** A scalar, not a list or an object: what one place of a style holds. */
const isScalar = (value: unknown) => !Array.isArray(value) && !isObject(value);

/** Object entries in order, values as text; undefined when a value is itself a list or an object. */
function entries(value: JsonObject): [string, string][] | undefined {
  const out: [string, string][] = [];
  for (const key of Object.keys(value)) {
    if (!isScalar(value[key])) return undefined;
    out.push([key, scalarText(value[key])]);
  }
  return out;
}

const NESTED = new Unwritable("a list or an object inside a parameter's list or object has no form in its style");

/**
 * The pieces of a list or an object, each encoded: `[a, b]`, `[k, v, k, v]` or (assigned)
 * `["k=v", ...]`. Unwritable when a piece would hold a separator the decoder splits on.
 */
function pieces(value: unknown[] | JsonObject, assigned: boolean, encode: Encode, splitters: RegExp | undefined): string[] | Unwritable {
  const raw: string[] = [];
  if (Array.isArray(value)) {
    if (!value.every(isScalar)) return NESTED;
    for (const item of value) raw.push(scalarText(item));
  } else {
    const list = entries(value);
    if (list === undefined) return NESTED;
    for (const [key, text] of list) raw.push(key, text);
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const text = encode(raw[i] as string);
    if (splitters !== undefined && splitters.test(text)) return new Unwritable(`${JSON.stringify(raw[i])} holds a separator of its style`);
    if (assigned && i % 2 === 0 && text.includes("=")) return new Unwritable(`the name ${JSON.stringify(raw[i])} holds "="`);
    out.push(text);
  }
  if (!assigned) return out;
  const pairs: string[] = [];
  for (let i = 0; i < out.length; i += 2) pairs.push(`${out[i]}=${out[i + 1]}`);
  return pairs;
}

/** A value in a separated form (`simple`, `label`, a header): a scalar, or its pieces joined. */
function separated(value: unknown, parameter: ParameterModel, separator: string, encode: Encode, splitters?: RegExp): string | Unwritable {
  const { explode } = parameter.encoding;
  if (parameter.shape === "scalar" || isScalar(value)) return encode(scalarText(value));
  const list = value as unknown[] | JsonObject;
  const assigned = explode && !Array.isArray(list);
  const made = pieces(list, assigned, encode, splitters);
  if (made instanceof Unwritable) return made;
  const text = made.join(explode ? separator : ",");
  if (text === "" && made.length > 0) return new Unwritable("a list of one empty item reads back as an empty list");
  return text;
}

/**
 * A path parameter's text for `simple`, `label` (`.a.b`) and `matrix` (`;id=1;id=2`).
 * `wholeSegment`: the template's segment is the parameter alone (`/{id}`), so the text is a
 * segment of its own, which must not be empty or dots only.
 */
export function encodePath(value: unknown, parameter: ParameterModel, wholeSegment = true): string | Unwritable {
  const { style, explode } = parameter.encoding;
  const name = component(parameter.name);
  let text: string | Unwritable;
  if (style === "simple") text = separated(value, parameter, ",", component);
  else if (style === "label") {
    const inner = separated(value, parameter, ".", component);
    text = inner instanceof Unwritable ? inner : `.${inner}`;
  } else text = matrix(value, parameter, name, explode);
  if (text === "" && wholeSegment) return new Unwritable("a path segment cannot be empty");
  // A URL drops a segment of dots (`.`, `%2E%2E`), so it would name another path.
  if (wholeSegment && typeof text === "string" && /^(?:\.|%2e){1,2}$/i.test(text)) return new Unwritable("a path segment of dots is removed from the URL");
  return text;
}

function matrix(value: unknown, parameter: ParameterModel, name: string, explode: boolean): string | Unwritable {
  if (parameter.shape !== "scalar" && explode && !isScalar(value)) {
    const list = value as unknown[] | JsonObject;
    if (Array.isArray(list) && list.length === 0) return new Unwritable("an empty list has no exploded matrix form");
    const made = pieces(list, !Array.isArray(list), component, undefined);
    if (made instanceof Unwritable) return made;
    return Array.isArray(list) ? made.map((item) => `;${name}=${item}`).join("") : `;${made.join(";")}`;
  }
  const inner = separated(value, parameter, ",", component);
  if (inner instanceof Unwritable) return inner;
  // An empty list or object is the bare name (`;color`), as the style table writes it.
  return inner === "" && parameter.shape !== "scalar" ? `;${name}` : `;${name}=${inner}`;
}

/** The separator of a non-exploded list in a query value, written so the decoder splits on it. */
const QUERY_SEPARATORS: Readonly<Record<string, { text: string; splits: RegExp }>> = {
  form: { text: ",", splits: /,/ },
  spaceDelimited: { text: "%20", splits: /%20|\+| / },
  pipeDelimited: { text: "|", splits: /\||%7C/i },
};

/** A query parameter's pairs (`?color=blue&color=black`, `color[R]=100`). */
export function encodeQuery(value: unknown, parameter: ParameterModel): Pairs | Unwritable {
  const { style, explode } = parameter.encoding;
  const name = component(parameter.name);
  if (style === "deepObject") return deepObject(value, name);
  if (parameter.shape === "scalar" || isScalar(value)) return [[name, component(scalarText(value))]];
  const list = value as unknown[] | JsonObject;
  if (explode) {
    const made = pieces(list, false, component, undefined);
    if (made instanceof Unwritable) return made;
    if (made.length === 0) return new Unwritable("an empty list or object has no exploded form");
    const pairs: Pairs = [];
    if (Array.isArray(list)) for (const item of made) pairs.push([name, item]);
    else for (let i = 0; i < made.length; i += 2) pairs.push([made[i] as string, made[i + 1] as string]);
    return pairs;
  }
  const separator = QUERY_SEPARATORS[style] ?? (QUERY_SEPARATORS.form as { text: string; splits: RegExp });
  const made = pieces(list, false, component, separator.splits);
  if (made instanceof Unwritable) return made;
  const text = made.join(separator.text);
  if (text === "" && made.length > 0) return new Unwritable("a list of one empty item reads back as an empty list");
  return [[name, text]];
}

/** `name[key]=value`, nested objects as `name[a][b]`, lists as `name[key][]` once per item. */
function deepObject(value: unknown, name: string): Pairs | Unwritable {
  if (!isObject(value)) return new Unwritable("deepObject writes objects only");
  const pairs: Pairs = [];
  const stack: { prefix: string; object: JsonObject }[] = [{ prefix: name, object: value }];
  while (stack.length > 0) {
    const { prefix, object } = stack.pop() as { prefix: string; object: JsonObject };
    for (const key of Object.keys(object)) {
      if (/[[\]]/.test(key) || key === "") return new Unwritable(`the key ${JSON.stringify(key)} cannot be written between brackets`);
      const at = `${prefix}[${component(key)}]`;
      const item = object[key];
      if (Array.isArray(item)) {
        if (item.length === 0 || item.some((entry) => isObject(entry) || Array.isArray(entry))) return new Unwritable(`${at} is a list deepObject cannot write`);
        for (const entry of item) pairs.push([`${at}[]`, component(scalarText(entry))]);
      } else if (isObject(item)) {
        if (Object.keys(item).length === 0) return new Unwritable(`${at} is an empty object, which deepObject cannot write`);
        stack.push({ prefix: at, object: item });
      } else pairs.push([at, component(scalarText(item))]);
    }
  }
  return pairs.length === 0 ? new Unwritable("an empty object has no deepObject form") : pairs;
}

/** The texts a value is written from: itself, its items, or its keys and values. */
function texts(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(scalarText);
  if (isObject(value)) return Object.keys(value).flatMap((key) => [key, scalarText(value[key])]);
  return [scalarText(value)];
}

/** A header's value (`simple`, not percent-encoded); each piece is trimmed when read, so its outer spaces are lost. */
export function encodeHeader(value: unknown, parameter: ParameterModel): string | Unwritable {
  if (texts(value).some((text) => text !== text.trim())) return new Unwritable("a header value's leading and trailing spaces are not kept");
  const text = separated(value, parameter, ",", asIs, /,/);
  if (text instanceof Unwritable) return text;
  // Headers carry bytes 0x20-0x7E and 0x80-0xFF (and tabs inside); anything else is no header value.
  if (/[^\t\x20-\x7e\x80-\xff]/.test(text)) return new Unwritable("a header value holds a character a header cannot carry");
  return text;
}

/** A cookie's pairs: `form` values percent-encoded, 3.2's `cookie` style as they are. */
export function encodeCookie(value: unknown, parameter: ParameterModel): Pairs | Unwritable {
  const raw = parameter.encoding.style === "cookie";
  const encode = raw ? asIs : component;
  const splitters = raw ? /[,;]/ : undefined;
  let pairs: Pairs;
  if (parameter.shape !== "scalar" && parameter.encoding.explode && !isScalar(value)) {
    const list = value as unknown[] | JsonObject;
    const made = pieces(list, false, encode, splitters);
    if (made instanceof Unwritable) return made;
    pairs = [];
    if (Array.isArray(list)) for (const item of made) pairs.push([parameter.name, item]);
    else for (let i = 0; i < made.length; i += 2) pairs.push([made[i] as string, made[i + 1] as string]);
  } else {
    const text = separated(value, { ...parameter, encoding: { ...parameter.encoding, explode: false } }, ",", encode, splitters);
    if (text instanceof Unwritable) return text;
    pairs = [[parameter.name, text]];
  }
  if (pairs.length === 0) return new Unwritable("an empty value has no exploded cookie form");
  for (const [key, text] of pairs) {
    // A cookie's name is a token; its value no space, `;` or quote at its ends (RFC 6265's cookie-octets, as the decoder trims).
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(key) || /[^\x21-\x7e]|;|^"|"$/.test(text)) return new Unwritable(`the cookie ${JSON.stringify(key)} cannot carry ${JSON.stringify(text)}`);
  }
  return pairs;
}

/** Pairs as the text of a query or form body (`a=1&b=2`). */
export function pairsText(pairs: Pairs): string {
  return pairs.map(([key, value]) => `${key}=${value}`).join("&");
}
