/**
 * Two schemas compared resolved, each pair of places once per diff: a schema root (a body, a
 * parameter, a header) is a node of the report's graph of pairs (./schema-graph.ts), and
 * each new node is visited once, with a queue, not recursion: its own keywords compared and
 * the pairs it reaches (its properties, items, matched branches) added as nodes. A recursive
 * schema, or a document that contains itself, comes back to nodes it has. What each frame
 * checks is in ./schema-checks.ts, ./properties.ts and ./composition.ts.
 */
import type { Direction, SchemaScope } from "./levels";
import type { Located, Report, Scope } from "./context";
import { compareComposition, wrappedInOneOf } from "./composition";
import { compareProperties } from "./properties";
import { keywordChecks } from "./schema-checks";
import type { PairNode } from "./schema-graph";
import type { FramePair, SchemaWalk } from "./schema-pair";
import { viewOf } from "./schema-view";
import { getOwn, isObject } from "../internal/own";

/**
 * Compares `before` and `after`, both the root `label` of `scope` (a body, a parameter, a
 * header). `part` groups the changes in the operation: `the response 200` for its content
 * and its headers alike.
 */
export function compareSchemas(scope: Scope, direction: Direction, label: string, rootScope: SchemaScope, before: Located, after: Located, part = label): void {
  const { report } = scope;
  const graph = report.schemas;
  const node = graph.nodeOf(direction, { before: [before], after: [after], scope: rootScope, path: "" });
  graph.roots.push({ operation: scope.operation, part, label, node });
  // The nodes added since the last root: a queue, as each visit may add more.
  while (report.visited < graph.nodes.length) visit(report, report.visited++);
}

function visit(report: Report, id: number): void {
  const node = report.schemas.nodes[id] as PairNode;
  const { frame, direction } = node;
  if (unchanged(report, node)) return;
  const walk: SchemaWalk = {
    report,
    direction,
    push: (child) => node.edges.push({ label: child.path, to: report.schemas.nodeOf(direction, child) }),
    found: (finding) => node.findings.push(finding),
  };
  const pair: FramePair = { walk, frame, before: viewOf(report.before, frame.before), after: viewOf(report.after, frame.after) };
  if (wrappedInOneOf(pair)) return;
  keywordChecks(pair);
  compareComposition(pair);
  compareProperties(pair);
  if (pair.before.items.length > 0 && pair.after.items.length > 0) walk.push({ before: pair.before.items, after: pair.after.items, scope: "property", path: "items" });
  const [b, a] = [pair.before.additional, pair.after.additional];
  if (Array.isArray(b) && Array.isArray(a)) walk.push({ before: b, after: a, scope: "property", path: "*" });
}

/**
 * A pair of lone places, the same in both documents (most components between two versions of
 * one document), has no change: it is not walked. Only roots and `$ref`s are asked: asking
 * at each level of a deep inline schema would compare its rest again at every level.
 */
function unchanged(report: Report, { frame }: PairNode): boolean {
  if (frame.before.length !== 1 || frame.after.length !== 1) return false;
  const [before, after] = [frame.before[0] as Located, frame.after[0] as Located];
  const isRef = (part: Located) => isObject(part.node) && typeof getOwn(part.node, "$ref") === "string";
  if (frame.scope === "property" && !(isRef(before) && isRef(after))) return false;
  return report.same.same(before, after);
}
