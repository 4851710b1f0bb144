/**
 * Parameters: the path item's merged into each operation's (the operation's win), matched
 * by where and name (a path parameter by its place in the template, so a rename is no
 * change; a header name in any case), then required, deprecated, the effective `style` and
 * `explode` (as far as they change what is on the wire), the default and the schema compared. 3.2's `in: querystring` is one parameter,
 * its schema compared as the others'. In a webhook or a callback the API sends them: only
 * their schemas are compared, in the response direction.
 */
import { canonicalJson } from "../internal/canonical-json";
import { getOwn, isObject } from "../internal/own";
import { child, field, type Located, type Scope, type Side } from "./context";
import type { OperationEntry } from "./paths";
import type { Direction } from "./levels";
import { compareSchemas } from "./schema-walk";
import { viewOf } from "./schema-view";

interface Parameter {
  readonly at: Located & { node: Record<string, unknown> };
  readonly in: string;
  readonly name: string;
  readonly label: string;
}

/** Headers the specification says a Parameter Object ignores. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** The parameters an operation takes, by match key. */
export function parametersOf(side: Side, entry: OperationEntry): Map<string, Parameter> {
  const found = new Map<string, Parameter>();
  const slots = [...entry.path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
  for (const owner of [entry.item, entry.operation]) {
    const list = field(owner.node, "parameters");
    if (!Array.isArray(list)) continue;
    list.forEach((raw, i) => {
      const at = side.object({ node: raw, pointer: child(owner.pointer, "parameters", i) });
      if (at === undefined) return;
      const where = getOwn(at.node, "in");
      const name = getOwn(at.node, "name");
      if (typeof where !== "string" || (typeof name !== "string" && where !== "querystring")) return;
      const text = String(name ?? "");
      if (where === "header" && IGNORED_HEADERS.has(text.toLowerCase())) return;
      const slot = slots.indexOf(text);
      const key = where === "querystring" ? "querystring" : where === "path" && slot >= 0 ? `path #${slot}` : where === "header" ? `header ${text.toLowerCase()}` : `${where} ${text}`;
      found.set(key, { at, in: where, name: text, label: where === "querystring" ? "the querystring parameter" : `the ${where} parameter ${text}` });
    });
  }
  return found;
}

export function compareParameters(scope: Scope, before: OperationEntry, after: OperationEntry, direction: Direction): void {
  const { report, operation } = scope;
  const [was, is] = [parametersOf(report.before, before), parametersOf(report.after, after)];
  if (direction === "response") {
    // The checks of a parameter's presence, required, style and default are the sender's (a client's).
    for (const [key, parameter] of was) {
      const match = is.get(key);
      const [old, now] = [match && schemaOf(parameter), match && schemaOf(match)];
      if (match !== undefined && old !== undefined && now !== undefined) compareSchemas(scope, direction, match.label, "parameter", old, now);
    }
    return;
  }
  for (const [key, parameter] of was) {
    const match = is.get(key);
    if (match === undefined) {
      // A path parameter goes with its path: a path without it is another path.
      if (parameter.in !== "path") report.add("request-parameter-removed", parameter.at.pointer, `${parameter.label} was removed`, operation);
    } else compareParameter(scope, parameter, match);
  }
  for (const [key, parameter] of is) {
    if (was.has(key) || parameter.in === "path") continue;
    const required = getOwn(parameter.at.node, "required") === true;
    report.add(required ? "new-required-request-parameter" : "new-optional-request-parameter", parameter.at.pointer, `${parameter.label} was added, ${required ? "required" : "optional"}`, operation);
  }
}

function compareParameter(scope: Scope, before: Parameter, after: Parameter): void {
  const add = (id: string, message: string) => scope.report.add(id, after.at.pointer, `${after.label}: ${message}`, scope.operation);
  const flag = (parameter: Parameter, key: string) => getOwn(parameter.at.node, key) === true || (key === "required" && parameter.in === "path");
  if (flag(before, "required") !== flag(after, "required")) add(flag(after, "required") ? "request-parameter-became-required" : "request-parameter-became-optional", flag(after, "required") ? "became required" : "became optional");
  if (flag(before, "deprecated") !== flag(after, "deprecated")) add(flag(after, "deprecated") ? "request-parameter-deprecated" : "request-parameter-reactivated", flag(after, "deprecated") ? "deprecated" : "no longer deprecated");
  const [oldSchema, newSchema] = [schemaOf(before), schemaOf(after)];
  if (before.in !== "querystring") {
    const [was, is] = [serialisation(before), serialisation(after)];
    if (was.style !== is.style) add("request-parameter-style-changed", `its style changed from ${was.style} to ${is.style}: clients write the value differently`);
    else if (was.explode !== is.explode && explodes(scope.report.before, oldSchema) && explodes(scope.report.after, newSchema)) {
      add("request-parameter-explode-changed", `explode changed from ${was.explode} to ${is.explode}: clients write arrays and objects differently`);
    }
  }
  const [oldDefault, newDefault] = [defaultOf(scope.report.before, oldSchema), defaultOf(scope.report.after, newSchema)];
  if (oldDefault !== newDefault) {
    if (oldDefault === undefined) add("request-parameter-default-value-added", `a default ${newDefault} was added: a request without it now means something else`);
    else if (newDefault === undefined) add("request-parameter-default-value-removed", `its default ${oldDefault} was removed`);
    else add("request-parameter-default-value-changed", `its default changed from ${oldDefault} to ${newDefault}`);
  }
  if (oldSchema !== undefined && newSchema !== undefined) compareSchemas(scope, "request", after.label, "parameter", oldSchema, newSchema);
}

/**
 * The effective style and explode: the defaults depend on `in` (form for query and cookie,
 * simple otherwise). deepObject has one serialisation, `name[key]=value` (OpenAPI leaves
 * `explode: false` undefined there), so its explode is always true.
 */
function serialisation(parameter: Parameter): { style: string; explode: boolean } {
  const written = getOwn(parameter.at.node, "style");
  const style = typeof written === "string" ? written : parameter.in === "query" || parameter.in === "cookie" ? "form" : "simple";
  const explode = getOwn(parameter.at.node, "explode");
  return { style, explode: style === "deepObject" || (typeof explode === "boolean" ? explode : style === "form") };
}

/** Whether explode changes how the value is written: only for an array or an object (a scalar is written alike). */
function explodes(side: Side, schema: Located | undefined): boolean {
  const types = schema === undefined ? undefined : viewOf(side, [schema]).types;
  return types === undefined || types.includes("array") || types.includes("object");
}

/** The parameter's schema: `schema`, or the schema of its one `content` entry. */
function schemaOf(parameter: Parameter): Located | undefined {
  const schema = getOwn(parameter.at.node, "schema");
  if (isObject(schema)) return { node: schema, pointer: child(parameter.at.pointer, "schema") };
  const content = getOwn(parameter.at.node, "content");
  if (!isObject(content)) return undefined;
  const [mediaType] = Object.keys(content);
  if (mediaType === undefined) return undefined;
  const media = content[mediaType];
  for (const key of ["schema", "itemSchema"]) {
    const found = field(media, key);
    if (isObject(found)) return { node: found, pointer: child(parameter.at.pointer, "content", mediaType, key) };
  }
  return undefined;
}

function defaultOf(side: Side, schema: Located | undefined): string | undefined {
  if (schema === undefined) return undefined;
  const target = side.follow(schema).node;
  return isObject(target) && getOwn(target, "default") !== undefined ? canonicalJson(getOwn(target, "default")) : undefined;
}
