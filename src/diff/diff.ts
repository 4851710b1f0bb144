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
import { matchOperations } from "./paths";
import { checkOptions } from "./options";
import type { DiffChange, DiffIgnore, DiffOptions, DiffResult } from "./types";

export function diff(before: unknown, after: unknown, options?: DiffOptions): DiffResult {
  for (const [name, value] of [["before", before], ["after", after]] as const) {
    if (!isObject(value)) throw new SpecloomError("INVALID_DEFINITION", `diff(${name})`, `expected an OpenAPI document (an object), found ${describeValue(value)}`);
  }
  const { today, ignore } = checkOptions(options);
  const report = new Report(new Side(before), new Side(after), today);
  const queue = matchOperations(report);
  // A queue, not recursion: callbacks may nest.
  for (let i = 0; i < queue.length; i++) for (const callback of compareOperation(report, queue[i] as (typeof queue)[number])) queue.push(callback);
  compareTagParents(report);
  compareComponents(report);
  const changes = report.changes.filter((change) => !ignored(change, ignore)).sort(byPlace);
  for (const change of changes) Object.freeze(change);
  return Object.freeze({ changes: Object.freeze(changes), breaking: changes.some((change) => change.level === "error") });
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
