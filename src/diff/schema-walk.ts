/**
 * Two schemas compared resolved, with an explicit stack: each frame is one place in both
 * (the root, a property, the items, a matched branch), and each pair of places is compared
 * once per walk, so a recursive schema ends. What each frame checks is in ./schema-checks.ts,
 * ./properties.ts and ./composition.ts.
 */
import type { Direction, SchemaScope } from "./levels";
import type { Located, Scope } from "./context";
import { compareComposition, wrappedInOneOf } from "./composition";
import { compareProperties } from "./properties";
import { keywordChecks } from "./schema-checks";
import { join, type FramePair, type SchemaFrame, type SchemaWalk } from "./schema-pair";
import { viewOf } from "./schema-view";

/** Compares `before` and `after`, both the root of `scope` (a body, a parameter, a header). */
export function compareSchemas(scope: Scope, direction: Direction, root: string, rootScope: SchemaScope, before: Located, after: Located): void {
  const stack: SchemaFrame[] = [{ before: [before], after: [after], scope: rootScope, path: "" }];
  const walk: SchemaWalk = { ...scope, direction, root, push: (frame) => stack.push(frame) };
  const done = new Set<string>();
  while (stack.length > 0) {
    const frame = stack.pop() as SchemaFrame;
    if (frame.before.length === 1 && frame.after.length === 1 && scope.report.same.same(frame.before[0] as Located, frame.after[0] as Located)) continue;
    const key = `${frame.before.map((part) => part.pointer).join(" ")}|${frame.after.map((part) => part.pointer).join(" ")}`;
    if (done.has(key)) continue;
    done.add(key);
    const pair: FramePair = { walk, frame, before: viewOf(scope.report.before, frame.before), after: viewOf(scope.report.after, frame.after) };
    if (wrappedInOneOf(pair)) continue;
    keywordChecks(pair);
    compareComposition(pair);
    compareProperties(pair);
    if (pair.before.items.length > 0 && pair.after.items.length > 0) stack.push({ before: pair.before.items, after: pair.after.items, scope: "property", path: join(frame.path, "items") });
    const [b, a] = [pair.before.additional, pair.after.additional];
    if (Array.isArray(b) && Array.isArray(a)) stack.push({ before: b, after: a, scope: "property", path: join(frame.path, "*") });
  }
}

