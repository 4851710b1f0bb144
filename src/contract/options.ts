/** contractTest's options, checked at once: a wrong one is a SpecloomError naming it. */
import { SpecloomError, describeValue } from "../errors";
import { isPlainObject } from "../internal/own";
import type { ContractTestOptions } from "./types";

const WHERE = "contractTest options";
const KNOWN = ["baseUrl", "fetch", "seed", "runs", "include", "exclude", "timeBudget", "requestTimeout", "headers", "parameters"];

/** The base when only `fetch` is given: what the report's URLs and curl commands start with. */
const FETCH_ONLY_BASE = "http://localhost/";

export interface Settings {
  readonly base: URL;
  readonly send: (request: Request) => Promise<Response>;
  readonly seed: number;
  readonly runs: number;
  readonly include: readonly string[] | undefined;
  readonly exclude: readonly string[] | undefined;
  readonly timeBudget: number;
  readonly requestTimeout: number;
  readonly headers: readonly [string, string][];
  readonly parameters: Readonly<Record<string, unknown>>;
}

const fail = (field: string, detail: string) => new SpecloomError("INVALID_DEFINITION", `${WHERE}.${field}`, detail);

function wholeNumber(value: unknown, field: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) throw fail(field, `expected a whole number, ${min} or more, found ${describeValue(value)}`);
  return value;
}

function names(value: unknown, field: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === "string")) throw fail(field, `expected a list of operations (operationIds, route keys, paths or tag:name), found ${describeValue(value)}`);
  return value.slice();
}

function baseOf(value: unknown, hasFetch: boolean): URL {
  if (value === undefined) {
    if (!hasFetch) throw new SpecloomError("INVALID_DEFINITION", WHERE, "give baseUrl (where the server listens) or fetch (what sends each request)");
    return new URL(FETCH_ONLY_BASE);
  }
  if (typeof value !== "string" || !URL.canParse(value)) throw fail("baseUrl", `expected an absolute http: or https: URL, found ${typeof value === "string" ? JSON.stringify(value) : describeValue(value)}`);
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw fail("baseUrl", `expected an http: or https: URL, found ${JSON.stringify(value)}`);
  if (url.search !== "" || url.hash !== "") throw fail("baseUrl", `a base URL has no query or fragment, found ${JSON.stringify(value)}`);
  return url;
}

function headerList(value: unknown): [string, string][] {
  if (value === undefined) return [];
  if (!isPlainObject(value)) throw fail("headers", `expected an object of header names to values, found ${describeValue(value)}`);
  const list: [string, string][] = [];
  for (const name of Object.keys(value)) {
    const text = value[name];
    if (typeof text !== "string") throw fail(`headers.${name}`, `expected a string, found ${describeValue(text)}`);
    try {
      new Headers([[name, text]]);
    } catch {
      throw fail(`headers.${name}`, "not a header name and value HTTP can carry");
    }
    list.push([name, text]);
  }
  return list;
}

export function readOptions(options: unknown): Settings {
  if (!isPlainObject(options)) throw new SpecloomError("INVALID_DEFINITION", WHERE, `expected { baseUrl | fetch, seed?, runs?, include?, exclude?, timeBudget?, ... }, found ${describeValue(options)}`);
  for (const key of Object.keys(options)) if (!KNOWN.includes(key)) throw fail(key, `unknown option (expected ${KNOWN.join(", ")})`);
  const given = options as ContractTestOptions;
  if (given.fetch !== undefined && typeof given.fetch !== "function") throw fail("fetch", `expected a function (request) => Promise<Response>, found ${describeValue(given.fetch)}`);
  const seed = given.seed ?? 0;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed)) throw fail("seed", `expected a whole number, found ${describeValue(seed)}`);
  const parameters = given.parameters ?? {};
  if (!isPlainObject(parameters)) throw fail("parameters", `expected an object of parameter names to values (or lists of values), found ${describeValue(parameters)}`);
  const send = given.fetch ?? ((request: Request) => fetch(request));
  return {
    base: baseOf(given.baseUrl, given.fetch !== undefined),
    send: (request) => send(request),
    seed,
    runs: wholeNumber(given.runs, "runs", 50, 0),
    include: names(given.include, "include"),
    exclude: names(given.exclude, "exclude"),
    timeBudget: wholeNumber(given.timeBudget, "timeBudget", 300_000, 1),
    requestTimeout: wholeNumber(given.requestTimeout, "requestTimeout", 10_000, 1),
    headers: headerList(given.headers),
    parameters,
  };
}
