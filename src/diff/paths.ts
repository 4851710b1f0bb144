/**
 * The operations of both documents matched: paths by their template with parameter names
 * left out (`/users/{id}` and `/users/{userId}` are one path), then by method (the eight,
 * 3.2's `query` and `additionalOperations`); webhooks by name and method. What is only in one
 * document is added or removed here; what is in both is compared by ./operation.ts.
 */
import { forEachOperation } from "../internal/http-methods";
import { isObject } from "../internal/own";
import { child, entriesOf, field, type Found, type Located, type Report } from "./context";
import { removalId } from "./deprecation";

export interface OperationEntry {
  /** `GET /users/{id}`, `POST webhook newPet`. */
  readonly label: string;
  readonly operation: Found;
  /** Its path item, after its `$ref`. */
  readonly item: Found;
  /** The path template (path parameters are matched by their place in it); empty for a webhook. */
  readonly path: string;
}

export interface OperationPair {
  readonly before: OperationEntry;
  readonly after: OperationEntry;
  /** Webhooks and callbacks: the API sends the request and receives the response. */
  readonly reversed: boolean;
}

/** `/users/{id}` as `/users/{}`: the template without its parameter names. */
export function pathKey(path: string): string {
  return path.replace(/\{[^}]*\}/g, "{}");
}

/**
 * How the paths of one document are matched: by template without parameter names, unless
 * two of its paths share one (which the specification forbids); those keep their own text,
 * so the result does not depend on which comes first.
 */
function pathMatcher(paths: unknown): (key: string) => string {
  const counts = new Map<string, number>();
  for (const [key] of entriesOf(paths)) counts.set(pathKey(key), (counts.get(pathKey(key)) ?? 0) + 1);
  return (key) => ((counts.get(pathKey(key)) ?? 0) > 1 ? `as written ${key}` : pathKey(key));
}

/** Every operation of a map of path items (paths, webhooks, a callback), by `<item key> <METHOD>`. */
export function operationsOf(report: Report, side: "before" | "after", map: Located, label: (key: string, method: string) => string, itemKey: (key: string) => string): Map<string, OperationEntry> {
  const document = report[side];
  const found = new Map<string, OperationEntry>();
  for (const [key, value] of entriesOf(map.node)) {
    const item = document.object({ node: value, pointer: child(map.pointer, key) });
    if (item === undefined) continue;
    forEachOperation(item.node, (operation, field, method) => {
      if (!isObject(operation)) return;
      const name = (method ?? field).toUpperCase();
      const pointer = method === undefined ? child(item.pointer, field) : child(item.pointer, field, method);
      const entry: OperationEntry = { label: label(key, name), operation: { node: operation, pointer }, item, path: key };
      const matchKey = `${itemKey(key)} ${name}`;
      if (!found.has(matchKey)) found.set(matchKey, entry);
    });
  }
  return found;
}

/** Operations added and removed under `paths` and `webhooks`; the pairs found in both, in `before`'s order. */
export function matchOperations(report: Report): OperationPair[] {
  const pairs: OperationPair[] = [];
  const roots = { before: report.before.root, after: report.after.root };
  const paths = (side: "before" | "after") => {
    const map = field(roots[side], "paths");
    return operationsOf(report, side, { node: map, pointer: "/paths" }, (key, method) => `${method} ${key}`, pathMatcher(map));
  };
  const afterPaths = new Set(Object.keys(isObject(field(roots.after, "paths")) ? (field(roots.after, "paths") as object) : {}).map(pathKey));
  matchMaps(report, paths("before"), paths("after"), false, pairs, (entry) => {
    const { id, note } = removalId(entry.operation.node, !afterPaths.has(pathKey(entry.path)), report.today);
    return { id, message: `the operation was removed: ${note}` };
  }, { id: "endpoint-added", message: "the operation was added" });
  const hooks = (side: "before" | "after") => operationsOf(report, side, { node: field(roots[side], "webhooks"), pointer: "/webhooks" }, (key, method) => `${method} webhook ${key}`, (key) => key);
  matchMaps(report, hooks("before"), hooks("after"), true, pairs, () => ({ id: "webhook-removed", message: "the webhook was removed" }), { id: "webhook-added", message: "the webhook was added" });
  return pairs;
}

/** Reports what only one side has; pushes the pairs. */
export function matchMaps(
  report: Report,
  before: Map<string, OperationEntry>,
  after: Map<string, OperationEntry>,
  reversed: boolean,
  pairs: OperationPair[],
  removed: (entry: OperationEntry) => { id: string; message: string },
  added: { id: string; message: string },
): void {
  for (const [key, entry] of before) {
    const match = after.get(key);
    if (match !== undefined) pairs.push({ before: entry, after: match, reversed });
    else {
      const { id, message } = removed(entry);
      report.add(id, entry.operation.pointer, message, entry.label);
    }
  }
  for (const [key, entry] of after) if (!before.has(key)) report.add(added.id, entry.operation.pointer, added.message, entry.label);
}
