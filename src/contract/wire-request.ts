/**
 * A request value (./request-schema.ts) written as HTTP: each parameter by its style
 * (src/http/encode-parameters.ts, the inverse of what the validator reads), the body in its
 * media type (as the mock writes bodies). What HTTP cannot carry is `Unwritable`.
 */
import { encodeCookie, encodeHeader, encodePath, encodeQuery, pairsText, scalarText, Unwritable, type Pairs } from "../http/encode-parameters";
import { getOwn, isObject, isPlainObject } from "../internal/own";
import { bodyOf } from "../mock/body";
import type { OperationPlan } from "./plans";
import type { RequestValue } from "./request-schema";
import type { SentRequest } from "./types";

/** What shrinking must leave alone in a request that breaks a rule (./shrinkable.ts). */
export interface Pinned {
  /** A JSON Pointer into the request value: the place of the broken rule. */
  readonly pointer: string;
  /**
   * The value there is kept whole (a value past a bound, a wrong type); otherwise only the
   * place itself (an object missing a required property, whose other properties may go).
   */
  readonly whole: boolean;
}

/** A drawn request: the value, the media type of its body, and what makes it interesting. */
export interface RequestSample {
  readonly kind: "valid" | "invalid";
  /** The index of the body's media type in the operation's, or -1: no body declared. */
  readonly media: number;
  readonly value: RequestValue;
  /** For an invalid request: the rule it breaks, in words. */
  readonly rule?: string;
  /** For an invalid request: the part that carries the break, which shrinking leaves as it is. */
  readonly pinned?: Pinned;
  /** For an edge: which one. */
  readonly edge?: string;
  /** Sent instead of the media type's (a type the operation does not declare). */
  readonly contentType?: string;
}

export interface WireRequest {
  readonly method: string;
  /** The path and query, encoded, to follow the base URL. */
  readonly target: string;
  readonly headers: readonly [string, string][];
  readonly body: string | FormData | undefined;
  /** A multipart body's fields, for the report and curl. */
  readonly fields: readonly [string, string][] | undefined;
}

/** The HTTP form of `sample` for `plan`, with `extra` headers first (credentials). */
export function writeRequest(plan: OperationPlan, sample: RequestSample, extra: readonly [string, string][]): WireRequest | Unwritable {
  const { value } = sample;
  if (!isPlainObject(value)) return new Unwritable("a request is an object of its parts");
  const path = writePath(plan, value.path);
  if (path instanceof Unwritable) return path;
  const pairs: Pairs = [];
  for (const { model } of plan.parameters.query) {
    const given = value.query === undefined ? undefined : getOwn(value.query, model.name);
    if (given === undefined) continue;
    const written = encodeQuery(given, model);
    if (written instanceof Unwritable) return written;
    for (const pair of written) pairs.push(pair);
  }
  if (value.querystring !== undefined) {
    const written = formPairs(value.querystring);
    if (written instanceof Unwritable) return written;
    for (const pair of written) pairs.push(pair);
  }
  const headers: [string, string][] = [...extra];
  for (const { model } of plan.parameters.header) {
    const given = value.header === undefined ? undefined : getOwn(value.header, model.name);
    if (given === undefined) continue;
    const written = encodeHeader(given, model);
    if (written instanceof Unwritable) return written;
    headers.push([model.name, written]);
  }
  const cookies: string[] = [];
  for (const { model } of plan.parameters.cookie) {
    const given = value.cookie === undefined ? undefined : getOwn(value.cookie, model.name);
    if (given === undefined) continue;
    const written = encodeCookie(given, model);
    if (written instanceof Unwritable) return written;
    for (const [name, text] of written) cookies.push(`${name}=${text}`);
  }
  if (cookies.length > 0) headers.push(["cookie", cookies.join("; ")]);
  const target = pairs.length === 0 ? path : `${path}?${pairsText(pairs)}`;
  if (!("body" in value) || value.body === undefined || sample.media < 0) return { method: plan.method, target, headers, body: undefined, fields: undefined };
  if (plan.method === "GET" || plan.method === "HEAD") return new Unwritable(`fetch sends no body with ${plan.method}`);
  const media = plan.bodies[sample.media]?.type as string;
  const written = bodyOf(value.body, media);
  const contentType = sample.contentType ?? written.contentType;
  if (contentType !== undefined) headers.push(["content-type", contentType]);
  const fields = written.body instanceof FormData ? [...written.body].map(([name, field]): [string, string] => [name, String(field)]) : undefined;
  return { method: plan.method, target, headers, body: written.body ?? undefined, fields };
}

/** The path with each parameter written by its style; a segment that is one parameter alone must not come out empty or dots. */
function writePath(plan: OperationPlan, values: RequestValue["path"]): string | Unwritable {
  let failed: Unwritable | undefined;
  const path = plan.path.replace(/\{([^}]*)\}/g, (template, name: string, offset: number) => {
    const parameter = plan.parameters.path.find(({ model }) => model.name === name);
    const given = values === undefined ? undefined : getOwn(values, name);
    if (parameter === undefined || given === undefined) {
      failed ??= new Unwritable(`no value for the path parameter ${name}`);
      return template;
    }
    const end = offset + template.length;
    const whole = plan.path[offset - 1] === "/" && (end === plan.path.length || plan.path[end] === "/");
    const written = encodePath(given, parameter.model, whole);
    if (written instanceof Unwritable) failed ??= written;
    return written instanceof Unwritable ? template : written;
  });
  return failed ?? path;
}

/** 3.2's querystring: an object as form fields (a list, one field per item). */
function formPairs(value: unknown): Pairs | Unwritable {
  if (!isObject(value)) return new Unwritable("the query string is written from an object");
  const pairs: Pairs = [];
  for (const name of Object.keys(value)) {
    const field = value[name];
    const items = Array.isArray(field) ? field : [field];
    for (const item of items) {
      if (isObject(item) || Array.isArray(item)) return new Unwritable(`the query string field ${name} is not one value`);
      pairs.push([encodeURIComponent(name), encodeURIComponent(scalarText(item))]);
    }
  }
  return pairs;
}

/** The base URL and the target, joined (the base's path is a prefix); Unwritable when the URL parser would change the path. */
export function urlOf(base: URL, target: string): string | Unwritable {
  const prefix = base.pathname.endsWith("/") ? base.pathname.slice(0, -1) : base.pathname;
  const href = `${base.origin}${prefix}${target}`;
  const parsed = new URL(href);
  if (parsed.origin !== base.origin || `${parsed.pathname}${parsed.search}` !== `${prefix}${target}`) return new Unwritable("the URL parser would change the path (dot segments)");
  return href;
}

/** A fetch Request of the written request; Unwritable when fetch refuses it (a header value, a forbidden method). */
export function toRequest(href: string, wire: WireRequest, signal?: AbortSignal): Request | Unwritable {
  try {
    return new Request(href, { method: wire.method, headers: wire.headers as [string, string][], body: wire.body, redirect: "manual", ...(signal === undefined ? {} : { signal }) });
  } catch (error) {
    return new Unwritable(`fetch cannot send it: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The request as the report shows it. */
export function sentRequest(href: string, wire: WireRequest): SentRequest {
  const body = wire.fields !== undefined ? wire.fields.map(([name, field]) => `${name}=${field}`).join("\n") : typeof wire.body === "string" ? wire.body : undefined;
  return { method: wire.method, url: href, headers: wire.headers.map(([name, value]): [string, string] => [name, value]), ...(body === undefined ? {} : { body }) };
}
