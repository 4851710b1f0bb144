import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { EncodedLocation } from "../model/parameter-encoding";
import { coerce } from "./coerce";
import { decodeCookie, decodeHeader, decodePath, decodeQuery, type ParameterModel } from "./decode-parameters";
import type { Resolve } from "./json-schema";
import { judgeLocation } from "./judge-parameters";
import { formObject, type BodyOutcome } from "./parse-body";
import { schemaIssues } from "./problem";
import { schemaVerdict } from "./schema-call";
import type { RouteModel } from "./route-model";
import { Malformed } from "./text-decoding";
import type { IssueLocation, RequestIssue } from "./types";

/** What a request holds, read once: path captures, query and cookie pairs, headers, the parsed body. */
export interface PartInputs {
  readonly path: ReadonlyMap<string, string>;
  readonly query: ReadonlyMap<string, string[]>;
  readonly headers: Headers;
  readonly cookies: ReadonlyMap<string, string[]>;
  readonly body: Exclude<BodyOutcome, { status: number }>;
}

export interface CheckedParts {
  readonly issues: RequestIssue[];
  readonly parts: { params: unknown; query: unknown; headers: unknown; cookies: unknown; body: unknown };
}

/** The route field each location's values are handed to the schema under. */
const PARTS = { path: "params", query: "query", header: "headers", cookie: "cookies" } as const;
const PLACES = Object.keys(PARTS) as EncodedLocation[];

/**
 * Each part decoded as the route's document writes it, coerced to its JSON Schema's types,
 * then validated by the route's schema for it. Every issue of every part is kept.
 */
export async function checkParts(route: RouteModel, inputs: PartInputs, resolve: Resolve): Promise<CheckedParts> {
  const issues: RequestIssue[] = [];
  const parts: CheckedParts["parts"] = { params: {}, query: {}, headers: {}, cookies: {}, body: undefined };
  for (const place of PLACES) {
    const location = route.locations[place];
    if (location.judges.length === 0) continue;
    const values = new Map<string, unknown>();
    for (const parameter of location.parameters) {
      const decoded = decode(place, parameter, inputs, resolve);
      if (decoded instanceof Malformed) issues.push({ in: place, name: parameter.name, pointer: "", message: decoded.message });
      else if (decoded !== undefined) values.set(parameter.name, coerce(decoded, parameter.schema, resolve));
    }
    const part = judgeLocation(route.key, place, location, values, issues);
    parts[PARTS[place]] = part instanceof Promise ? await part : part;
  }
  if (route.querystring !== undefined) {
    const values = formObject(inputs.query, route.querystring.schema, resolve);
    if (values instanceof Malformed) issues.push({ in: "querystring", pointer: "", message: values.message });
    else parts.query = await validated(route.querystring.standard, values, route.key, "querystring", issues);
  }
  const body = inputs.body;
  if ("message" in body) issues.push({ in: "body", pointer: "", message: body.message });
  else if (body.value !== undefined) {
    const checked = validated(body.media?.standard, body.value, route.key, "body", issues);
    parts.body = checked instanceof Promise ? await checked : checked;
  }
  return { issues, parts };
}

function decode(place: EncodedLocation, parameter: ParameterModel, inputs: PartInputs, resolve: Resolve): unknown {
  switch (place) {
    case "path": {
      const raw = inputs.path.get(parameter.name);
      return raw === undefined ? undefined : decodePath(raw, parameter);
    }
    case "query":
      return decodeQuery(inputs.query, parameter, resolve);
    case "header":
      return decodeHeader(inputs.headers.get(parameter.name), parameter);
    case "cookie":
      return decodeCookie(inputs.cookies, parameter, resolve);
  }
}

/**
 * The schema's output for `value`; its issues are added where they are. Without a schema,
 * the value as read. Synchronous when the schema is (most are): no promise per part.
 */
function validated(standard: StandardSchemaV1 | undefined, value: unknown, route: string, place: "body" | "querystring", issues: RequestIssue[]): unknown {
  if (standard === undefined) return value;
  const result = schemaVerdict(standard, value, route, () => `the ${place} schema`);
  if (result instanceof Promise) return result.then((settled) => outcome(settled, place, issues));
  return outcome(result, place, issues);
}

function outcome(result: StandardSchemaV1.Result<unknown>, place: IssueLocation, issues: RequestIssue[]): unknown {
  if (result.issues === undefined) return result.value;
  for (const issue of schemaIssues(place, result.issues, false)) issues.push(issue);
  return undefined;
}
