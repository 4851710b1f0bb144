/**
 * Responses by status: a success status (2xx) removed is an error, others information; for
 * each status both have, the content and the headers (added, removed, made optional, their
 * schemas).
 */
import { getOwn } from "../internal/own";
import { child, entriesOf, field, type Found, type Scope, type Side } from "./context";
import { compareContent } from "./content";
import type { Direction } from "./levels";
import type { OperationEntry } from "./paths";
import { compareSchemas } from "./schema-walk";

const isSuccess = (status: string) => /^2/.test(status);

function responsesOf(side: Side, entry: OperationEntry): Map<string, Found> {
  const map = new Map<string, Found>();
  const pointer = child(entry.operation.pointer, "responses");
  for (const [status, value] of entriesOf(field(entry.operation.node, "responses"))) {
    const found = side.object({ node: value, pointer: child(pointer, status) });
    if (found !== undefined) map.set(status.toUpperCase(), found);
  }
  return map;
}

export function compareResponses(scope: Scope, before: OperationEntry, after: OperationEntry, direction: Direction): void {
  const { report, operation } = scope;
  const [was, is] = [responsesOf(report.before, before), responsesOf(report.after, after)];
  for (const [status, response] of was) {
    const match = is.get(status);
    const kind = isSuccess(status) ? "success" : "non-success";
    if (match === undefined) report.add(`response-${kind}-status-removed`, response.pointer, `the response ${status} was removed`, operation);
    else {
      const what = `the response ${status}`;
      compareContent(scope, response, match, { direction, what, added: "response-media-type-added", removed: "response-media-type-removed" });
      compareHeaders(scope, response, match, what, direction);
    }
  }
  for (const [status, response] of is) {
    if (!was.has(status)) report.add(`response-${isSuccess(status) ? "success" : "non-success"}-status-added`, response.pointer, `the response ${status} was added`, operation);
  }
}

function headersOf(side: Side, response: Found): Map<string, Found & { name: string }> {
  const map = new Map<string, Found & { name: string }>();
  for (const [name, value] of entriesOf(getOwn(response.node, "headers"))) {
    // Content-Type is described by `content`; the specification ignores it here.
    if (name.toLowerCase() === "content-type") continue;
    const found = side.object({ node: value, pointer: child(response.pointer, "headers", name) });
    if (found !== undefined) map.set(name.toLowerCase(), { ...found, name });
  }
  return map;
}

function compareHeaders(scope: Scope, before: Found, after: Found, what: string, direction: Direction): void {
  const { report, operation } = scope;
  const [was, is] = [headersOf(report.before, before), headersOf(report.after, after)];
  const required = (header: Found) => getOwn(header.node, "required") === true;
  for (const [key, header] of was) {
    const match = is.get(key);
    const label = `${what}: the header ${header.name}`;
    if (match === undefined) report.add(required(header) ? "required-response-header-removed" : "optional-response-header-removed", header.pointer, `${label} was removed`, operation);
    else {
      if (required(header) && !required(match)) report.add("response-header-became-optional", match.pointer, `${label} became optional`, operation);
      const [old, now] = [getOwn(header.node, "schema"), getOwn(match.node, "schema")];
      if (old !== undefined && now !== undefined) compareSchemas(scope, direction, `the header ${match.name} of ${what}`, "header", { node: old, pointer: child(header.pointer, "schema") }, { node: now, pointer: child(match.pointer, "schema") });
    }
  }
  for (const [key, header] of is) if (!was.has(key)) report.add("response-header-added", header.pointer, `${what}: the header ${header.name} was added`, operation);
}
