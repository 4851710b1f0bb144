/**
 * diff(before, after): every change between two OpenAPI documents a client can notice, each
 * with oasdiff's id and level where oasdiff has a check for it. Any object tree is compared
 * (a document that fails the OpenAPI schema in small ways still is); nothing is changed.
 */
import { SpecloomError, describeValue } from "../errors";
import { isObject } from "../internal/own";
import { Report, Side } from "./context";
import { compareComponents } from "./components";
import { compareOperation } from "./operation";
import { compareTagParents } from "./operation-fields";
import { distinctChanges } from "./distinct";
import { matchOperations, type OperationPair } from "./paths";
import { schemaEntries } from "./schema-report";
import type { DiffChange, DiffIgnore, DiffOptions, DiffResult } from "./types";

export function diff(before: unknown, after: unknown, options: DiffOptions = {}): DiffResult {
  for (const [name, value] of [["before", before], ["after", after]] as const) {
    if (!isObject(value)) throw new SpecloomError("INVALID_DEFINITION", `diff(${name})`, `expected an OpenAPI document (an object), found ${describeValue(value)}`);
  }
  const report = new Report(new Side(before), new Side(after), todayOf(options.today));
  compareOperations(report, matchOperations(report));
  compareTagParents(report);
  compareComponents(report);
  const entries = [...report.entries, ...schemaEntries(report.schemas)].filter((entry) => !ignored(entry.change, options.ignore ?? [])).sort((a, b) => byPlace(a.change, b.change));
  const changes = entries.map((entry) => Object.freeze(entry.change));
  const distinct = distinctChanges(entries).map((change) => Object.freeze({ ...change, operations: Object.freeze(change.operations) }));
  return Object.freeze({ changes: Object.freeze(changes), distinct: Object.freeze(distinct), breaking: changes.some((change) => change.level === "error") });
}

/**
 * Each pair of operations, then the pairs of their callbacks' operations: a queue, not
 * recursion (callbacks may nest), and each pair once (a callback may be the operation itself).
 */
function compareOperations(report: Report, queue: OperationPair[]): void {
  const compared = new WeakMap<object, Set<object>>();
  for (let i = 0; i < queue.length; i++) {
    const pair = queue[i] as OperationPair;
    const [b, a] = [pair.before.operation.node, pair.after.operation.node];
    let afters = compared.get(b);
    if (afters === undefined) compared.set(b, (afters = new Set()));
    if (afters.has(a)) continue;
    afters.add(a);
    for (const callback of compareOperation(report, pair)) queue.push(callback);
  }
}

function todayOf(today: string | Date | undefined): string {
  if (today === undefined) return new Date().toISOString().slice(0, 10);
  const time = today instanceof Date ? today.getTime() : Date.parse(today);
  if (Number.isNaN(time)) throw new SpecloomError("INVALID_DEFINITION", "diff(options.today)", `expected a date such as "2026-01-31", found ${describeValue(today)}`);
  return new Date(time).toISOString().slice(0, 10);
}

function ignored(change: DiffChange, rules: readonly DiffIgnore[]): boolean {
  return rules.some(
    (rule) =>
      rule.id === change.id &&
      (rule.operation === undefined || rule.operation === change.operation) &&
      (rule.location === undefined || change.location === rule.location || change.location.startsWith(rule.location + "/")),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** By operation (document-wide changes first), location, id, message: the same for the same inputs. */
function byPlace(a: DiffChange, b: DiffChange): number {
  return compare(a.operation ?? "", b.operation ?? "") || compare(a.location, b.location) || compare(a.id, b.id) || compare(a.message, b.message);
}
