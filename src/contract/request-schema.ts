/**
 * A whole request of an operation as one JSON Schema, so one value generator draws it all
 * (and fast-check shrinks it as one value): an object whose properties are the request's
 * parts, `path`, `query`, `header` and `cookie` (each an object of its parameters by name),
 * 3.2's `querystring`, and `body` (the schema of one declared media type).
 */
import { setOwn, type JsonObject } from "../internal/own";
import type { EncodedLocation } from "../model/parameter-encoding";
import type { BodyPlan, OperationPlan } from "./plans";

export const LOCATIONS: readonly EncodedLocation[] = ["path", "query", "header", "cookie"];

/** A request drawn from the schema: its parts by name, each location an object of its parameters. */
export type RequestValue = Partial<Record<EncodedLocation, JsonObject>> & { querystring?: unknown; body?: unknown };

/**
 * The schema of a request of `plan` with `body` (one of its media types, or none). `known`:
 * path parameters with known values (examples, given values) take only those, as requests the
 * document allows are drawn; breaking a rule starts from the document's own schemas.
 */
export function requestSchema(plan: OperationPlan, body: BodyPlan | undefined, known: boolean): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const place of LOCATIONS) {
    const parameters = plan.parameters[place];
    if (parameters.length === 0) continue;
    const names: JsonObject = {};
    const needed: string[] = [];
    for (const { model, known: values } of parameters) {
      setOwn(names, model.name, known && values !== undefined ? { enum: values } : (model.schema ?? {}));
      if (model.required || place === "path") needed.push(model.name);
    }
    setOwn(properties, place, { type: "object", properties: names, required: needed });
    // A location is there when one of its parameters must be; absent, it holds none.
    if (needed.length > 0) required.push(place);
  }
  if (plan.querystring !== undefined) setOwn(properties, "querystring", plan.querystring);
  if (body !== undefined) {
    setOwn(properties, "body", body.schema);
    if (plan.bodyRequired) required.push("body");
  }
  return { type: "object", properties, required };
}

/** Where a JSON Pointer into a request value is, in words: `query parameter limit`, `body /name`. */
export function describePointer(pointer: string): string {
  const tokens = pointer === "" ? [] : pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
  const [part, name, ...rest] = tokens;
  const tail = rest.length === 0 ? "" : ` /${rest.join("/")}`;
  switch (part) {
    case undefined:
      return "the request";
    case "body":
      return `the body${name === undefined ? "" : ` /${[name, ...rest].join("/")}`}`;
    case "querystring":
      return `the query string${name === undefined ? "" : ` /${[name, ...rest].join("/")}`}`;
    default:
      return name === undefined ? `the ${part} parameters` : `${part === "header" || part === "cookie" ? `the ${part}` : `the ${part} parameter`} ${name}${tail}`;
  }
}
