/**
 * Names a user or an attacker may choose: the keys that reach built-ins through an
 * ordinary assignment (`__proto__`, `constructor`, `prototype`, `toString`...), names that
 * look like keywords, and plain ones.
 */
import fc from "fast-check";

/** Keys that are properties of `Object.prototype` or otherwise special to JavaScript. */
export const HOSTILE_NAMES = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "__defineGetter__", "toJSON", "then"] as const;

/** Keys that mean something to JSON Schema or OpenAPI. */
export const KEYWORD_NAMES = ["$ref", "$id", "$defs", "properties", "items", "type", "get", "post", "paths", "components", "x-a"] as const;

export const plainName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,6}$/);

/** A name from every family, weighted towards the hostile ones. */
export const anyName = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...KEYWORD_NAMES) },
  { weight: 3, arbitrary: plainName },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

/** A path segment: literal, template parameter, Express parameter or hostile. */
const segment = fc.oneof(
  { weight: 12, arbitrary: plainName },
  { weight: 12, arbitrary: fc.constantFrom(...HOSTILE_NAMES) },
  { weight: 6, arbitrary: plainName.map((name) => `{${name}}`) },
  { weight: 6, arbitrary: plainName.map((name) => `:${name}`) },
  { weight: 4, arbitrary: fc.constantFrom("{__proto__}", ":constructor", "{id}", "{a}:x", "%2F", "é") },
  { weight: 1, arbitrary: fc.constantFrom("", "{", "a?b", "a#b", "a b") },
);

const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE", "get", "Post"] as const;
const method = fc.oneof({ weight: 100, arbitrary: fc.constantFrom(...METHODS) }, { weight: 1, arbitrary: fc.constantFrom("FOO", "CONNECT", "", "__proto__", "constructor") });

export const path = fc.array(segment, { minLength: 0, maxLength: 3 }).map((segments) => "/" + segments.join("/"));

/** A `"METHOD /path"` route key, valid most of the time, broken in every way some of the time. */
export const routeKey = fc.oneof(
  { weight: 100, arbitrary: fc.tuple(method, path).map(([m, p]) => `${m} ${p}`) },
  { weight: 1, arbitrary: fc.tuple(method, anyName).map(([m, name]) => `${m} ${name}`) },
  { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "GET", "GET  /a", " GET /a", "GET\t/a", "GET /a//b", "GET /a?x=1", "GET /a#f", "", "GET /{a}/{a}") },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

/** A `"METHOD eventName"` webhook key; event names are where the hostile names bite. */
export const webhookKey = fc.oneof(
  { weight: 20, arbitrary: fc.tuple(method, fc.oneof(fc.constantFrom(...HOSTILE_NAMES), plainName)).map(([m, name]) => `${m} ${name}`) },
  { weight: 1, arbitrary: fc.tuple(method, anyName).map(([m, name]) => `${m} ${name}`) },
  { weight: 1, arbitrary: routeKey },
);
