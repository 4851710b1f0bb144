/** The request body: added, removed, made required or optional, and its content. */
import { getOwn } from "../internal/own";
import { child, field, type Scope } from "./context";
import { compareContent } from "./content";
import type { Direction } from "./levels";
import type { OperationEntry } from "./paths";

export function compareRequestBody(scope: Scope, before: OperationEntry, after: OperationEntry, direction: Direction): void {
  const { report, operation } = scope;
  const body = (side: "before" | "after", entry: OperationEntry) => {
    const raw = field(entry.operation.node, "requestBody");
    return raw === undefined ? undefined : report[side].object({ node: raw, pointer: child(entry.operation.pointer, "requestBody") });
  };
  const [was, is] = [body("before", before), body("after", after)];
  if (was === undefined && is === undefined) return;
  if (was === undefined) {
    const required = getOwn((is as NonNullable<typeof is>).node, "required") === true;
    return report.add(required ? "request-body-added-required" : "request-body-added-optional", (is as NonNullable<typeof is>).pointer, `a ${required ? "required" : "optional"} request body was added`, operation);
  }
  if (is === undefined) return report.add("request-body-removed", was.pointer, "the request body was removed", operation);
  const [wasRequired, isRequired] = [getOwn(was.node, "required") === true, getOwn(is.node, "required") === true];
  if (wasRequired !== isRequired) report.add(isRequired ? "request-body-became-required" : "request-body-became-optional", is.pointer, `the request body became ${isRequired ? "required" : "optional"}`, operation);
  compareContent(scope, was, is, { direction, what: "the request body", added: "request-body-media-type-added", removed: "request-body-media-type-removed" });
}
