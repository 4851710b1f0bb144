/**
 * One operation in both documents: deprecation, operationId, tags, security, parameters,
 * request body, responses, then its callbacks, whose operations are paired for the caller's
 * queue (no recursion: a callback's operation may have callbacks of its own). In a webhook
 * or a callback the API sends the request and receives the response, so the directions swap.
 */
import { child, entriesOf, field, type Report, type Scope } from "./context";
import { compareDeprecation } from "./deprecation";
import { compareOperationId, compareTags } from "./operation-fields";
import { compareParameters } from "./parameters";
import { matchMaps, operationsOf, type OperationEntry, type OperationPair } from "./paths";
import { compareRequestBody } from "./request-body";
import { compareResponses } from "./responses";
import { compareSecurity } from "./security";

/** Compares one pair; returns the pairs of its callbacks' operations. */
export function compareOperation(report: Report, pair: OperationPair): OperationPair[] {
  const { before, after, reversed } = pair;
  if (unchanged(report, pair)) return [];
  const scope: Scope = { report, operation: after.label };
  compareDeprecation(scope, before.operation.node, after.operation);
  compareOperationId(scope, before, after);
  compareTags(scope, before, after);
  compareSecurity(scope, before, after);
  // A webhook's parameters are written by the API: only their schemas are compared, as data it sends.
  compareParameters(scope, before, after, reversed ? "response" : "request");
  compareRequestBody(scope, before, after, reversed ? "response" : "request");
  compareResponses(scope, before, after, reversed ? "request" : "response");
  return callbackPairs(report, pair);
}

/** The operations of the callbacks both have, paired; the callbacks only one has reported. */
function callbackPairs(report: Report, pair: OperationPair): OperationPair[] {
  const pairs: OperationPair[] = [];
  const operations = (side: "before" | "after") => {
    const entry = pair[side];
    const all = new Map<string, OperationEntry>();
    for (const [name, value] of entriesOf(field(entry.operation.node, "callbacks"))) {
      const map = report[side].object({ node: value, pointer: child(entry.operation.pointer, "callbacks", name) });
      if (map === undefined) continue;
      const found = operationsOf(report, side, map, (expression, method) => `${entry.label} callback ${name} ${method} ${expression}`, (expression) => `${name} ${expression}`);
      for (const [key, operation] of found) all.set(key, operation);
    }
    return all;
  };
  matchMaps(report, operations("before"), operations("after"), true, pairs, () => ({ id: "callback-removed", message: "the callback was removed" }), { id: "callback-added", message: "the callback was added" });
  return pairs;
}

/**
 * An operation the same in both documents (itself, its path item's parameters, the
 * document's security, and all they refer to) has no change: most of them, between two
 * versions of one document.
 */
function unchanged(report: Report, { before, after }: OperationPair): boolean {
  const parameters = (entry: OperationPair["before"]) => ({ node: field(entry.item.node, "parameters"), pointer: child(entry.item.pointer, "parameters") });
  return (
    report.same.same(before.operation, after.operation) &&
    report.same.same(parameters(before), parameters(after)) &&
    report.same.same({ node: field(report.before.root, "security"), pointer: "/security" }, { node: field(report.after.root, "security"), pointer: "/security" })
  );
}
