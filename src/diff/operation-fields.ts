/** What names an operation for code generators and readers: its operationId and tags; and 3.2's tag parents. */
import { getOwn, isObject } from "../internal/own";
import { child, field, quote, type Report, type Scope } from "./context";
import type { OperationEntry } from "./paths";

export function compareOperationId(scope: Scope, before: OperationEntry, after: OperationEntry): void {
  const [was, is] = [getOwn(before.operation.node, "operationId"), getOwn(after.operation.node, "operationId")];
  if (was === is) return;
  const { report, operation } = scope;
  if (typeof was !== "string") {
    if (typeof is === "string") report.add("api-operation-id-added", child(after.operation.pointer, "operationId"), `the operationId ${quote(is)} was added`, operation);
    return;
  }
  const now = typeof is === "string" ? `changed to ${quote(is)}` : "removed";
  report.add("api-operation-id-removed", typeof is === "string" ? child(after.operation.pointer, "operationId") : child(before.operation.pointer, "operationId"), `the operationId ${quote(was)} was ${now}: generated clients name their method after it`, operation);
}

export function compareTags(scope: Scope, before: OperationEntry, after: OperationEntry): void {
  const tags = (entry: OperationEntry) => {
    const list = getOwn(entry.operation.node, "tags");
    return Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === "string") : [];
  };
  const [was, is] = [tags(before), tags(after)];
  const { report, operation } = scope;
  for (const tag of is) if (!was.includes(tag)) report.add("api-tag-added", child(after.operation.pointer, "tags"), `the tag ${quote(tag)} was added`, operation);
  for (const tag of was) if (!is.includes(tag)) report.add("api-tag-removed", child(before.operation.pointer, "tags"), `the tag ${quote(tag)} was removed`, operation);
}

/** 3.2's `parent` of each tag both documents declare. */
export function compareTagParents(report: Report): void {
  const parents = (root: unknown) => {
    const map = new Map<string, { parent: unknown; index: number }>();
    const list = field(root, "tags");
    if (Array.isArray(list)) list.forEach((tag, index) => isObject(tag) && typeof getOwn(tag, "name") === "string" && map.set(getOwn(tag, "name") as string, { parent: getOwn(tag, "parent"), index }));
    return map;
  };
  const [was, is] = [parents(report.before.root), parents(report.after.root)];
  for (const [name, tag] of is) {
    const old = was.get(name);
    if (old === undefined || old.parent === tag.parent) continue;
    const text = (parent: unknown) => (parent === undefined ? "none" : quote(parent));
    report.add("tag-parent-changed", `/tags/${tag.index}`, `the parent of the tag ${quote(name)} changed from ${text(old.parent)} to ${text(tag.parent)}`);
  }
}
