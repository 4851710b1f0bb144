/**
 * Two schemas compared resolved, with an explicit stack: each frame is one place in both
 * (the root, a property, the items, a matched branch), and each pair of places is compared
 * once per walk, so a recursive schema ends. What each frame checks is in ./schema-checks.ts,
 * ./properties.ts and ./composition.ts.
 */
import type { Direction, SchemaScope } from "./levels";
import type { Located, Scope } from "./context";
import { compareComposition } from "./composition";
import { compareProperties } from "./properties";
import { keywordChecks } from "./schema-checks";
import { join, type FramePair, type SchemaFrame, type SchemaWalk } from "./schema-pair";
import { viewOf } from "./schema-view";
import { compareWrapping } from "./wrapping";
import { getOwn, isObject } from "../internal/own";

/** Compares `before` and `after`, both the root of `scope` (a body, a parameter, a header). */
export function compareSchemas(scope: Scope, direction: Direction, root: string, rootScope: SchemaScope, before: Located, after: Located): void {
  const stack: SchemaFrame[] = [{ before: [before], after: [after], scope: rootScope, path: "" }];
  const walk: SchemaWalk = { ...scope, direction, root, push: (frame) => stack.push(frame) };
  const done = new Set<string>();
  const ids = new NodeIds();
  while (stack.length > 0) {
    const frame = stack.pop() as SchemaFrame;
    if (unchanged(scope, frame)) continue;
    // Each pair of places once: a recursive schema comes back to a pair it has seen.
    const key = `${ids.of(frame.before)}|${ids.of(frame.after)}`;
    if (done.has(key)) continue;
    done.add(key);
    const pair: FramePair = { walk, frame, before: viewOf(scope.report.before, frame.before), after: viewOf(scope.report.after, frame.after) };
    if (compareWrapping(pair)) continue;
    keywordChecks(pair);
    compareComposition(pair);
    compareProperties(pair);
    if (pair.before.items.length > 0 && pair.after.items.length > 0) stack.push({ before: pair.before.items, after: pair.after.items, scope: "property", path: join(frame.path, "items") });
    const [b, a] = [pair.before.additional, pair.after.additional];
    if (Array.isArray(b) && Array.isArray(a)) stack.push({ before: b, after: a, scope: "property", path: join(frame.path, "*") });
  }
}


/**
 * A root, or a `$ref`, that is the same in both documents (most components between two
 * versions of one document) needs no comparison. Inline schemas are walked instead: asking
 * at each level of a deep one would compare its rest again at every level.
 */
function unchanged(scope: Scope, frame: SchemaFrame): boolean {
  if (frame.before.length !== 1 || frame.after.length !== 1) return false;
  const [before, after] = [frame.before[0] as Located, frame.after[0] as Located];
  const isRef = (part: Located) => isObject(part.node) && typeof getOwn(part.node, "$ref") === "string";
  if (frame.path !== "" && !(isRef(before) && isRef(after))) return false;
  return scope.report.same.same(before, after);
}

/** A short key per node object, so keys stay short however deep the place is. */
class NodeIds {
  private readonly ids = new WeakMap<object, number>();
  private next = 0;

  of(parts: readonly Located[]): string {
    let key = "";
    for (const part of parts) {
      const node = part.node;
      if (node === null || typeof node !== "object") key += "-,";
      else {
        let id = this.ids.get(node);
        if (id === undefined) this.ids.set(node, (id = this.next++));
        key += `${id},`;
      }
    }
    return key;
  }
}
