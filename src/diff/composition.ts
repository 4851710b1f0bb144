/**
 * `oneOf` and `anyOf`: branches matched by the component their `$ref` names, then by title,
 * then by structure (equal, or the only branch of its type on both sides); matched branches
 * are compared as schemas, the others are added or removed. A schema that became a `oneOf`
 * with a branch matching it is one change, `wrapped-in-one-of`, not a change of each keyword.
 */
import type { Located, Side } from "./context";
import { reportSchema, type FramePair } from "./schema-pair";
import { viewOf } from "./schema-view";
import { shapeOf } from "./shape";

interface Branch {
  readonly at: Located;
  readonly name: string | undefined;
  readonly title: string | undefined;
  /** Its structure, for a small schema (./shape.ts). */
  readonly shape: string | undefined;
  readonly types: string;
}

function describe(side: Side, at: Located): Branch {
  const view = viewOf(side, [at]);
  const target = side.follow(at);
  return { at, name: view.name, title: view.title, shape: shapeOf(target.node), types: view.types?.join() ?? "" };
}

interface Matching {
  pairs: [Located, Located][];
  removed: Located[];
  added: Located[];
}

/** Pairs branches by name, then title, then equal structure, then a type only one branch on each side has. */
export function matchBranches(before: Side, after: Side, beforeBranches: readonly Located[], afterBranches: readonly Located[]): Matching {
  let left = beforeBranches.map((at) => describe(before, at));
  let right = afterBranches.map((at) => describe(after, at));
  const pairs: [Located, Located][] = [];
  const unique = (list: readonly Branch[], key: string, by: (branch: Branch) => string | undefined) => list.filter((branch) => by(branch) === key).length === 1;
  for (const by of [(b: Branch) => b.name, (b: Branch) => b.title, (b: Branch) => b.shape, (b: Branch) => b.types] as const) {
    const kept: Branch[] = [];
    for (const branch of left) {
      const key = by(branch);
      const match = key === undefined || !unique(left, key, by) ? undefined : right.find((other) => by(other) === key);
      if (match === undefined || !unique(right, key as string, by)) kept.push(branch);
      else {
        pairs.push([branch.at, match.at]);
        right = right.filter((other) => other !== match);
      }
    }
    left = kept;
  }
  return { pairs, removed: left.map((branch) => branch.at), added: right.map((branch) => branch.at) };
}

export function compareComposition(pair: FramePair): void {
  for (const [key, check] of [["oneOf", "one-of"], ["anyOf", "any-of"]] as const) {
    const [before, after] = [pair.before[key], pair.after[key]];
    if (before === undefined && after === undefined) continue;
    const { report } = pair.walk;
    const matching = matchBranches(report.before, report.after, before ?? [], after ?? []);
    for (const added of matching.added) reportSchema(pair, `${check}-added`, "after", `a ${key} branch was added (${branchName(report.after, added)})`);
    for (const removed of matching.removed) reportSchema(pair, `${check}-removed`, "after", `a ${key} branch was removed (${branchName(report.before, removed)})`);
    for (const [b, a] of matching.pairs) pair.walk.push({ before: [b], after: [a], scope: pair.frame.scope, path: pair.frame.path });
  }
}

function branchName(side: Side, at: Located): string {
  const view = viewOf(side, [at]);
  return view.name ?? view.title ?? (view.types === undefined ? "a schema" : `a schema of type ${view.types.join(" or ")}`);
}

/**
 * A schema that was no choice and is now a `oneOf` one of whose branches matches it: one
 * change, and the schema is compared with that branch. True when it was.
 */
export function wrappedInOneOf(pair: FramePair): boolean {
  const { before, after, walk, frame } = pair;
  if (before.oneOf !== undefined || before.anyOf !== undefined || after.oneOf === undefined || after.oneOf.length < 2) return false;
  const { report } = walk;
  const matching = matchBranches(report.before, report.after, frame.before, after.oneOf);
  const match = matching.pairs[0];
  if (match === undefined) return false;
  reportSchema(pair, "wrapped-in-one-of", "after", `it became one branch of a oneOf of ${after.oneOf.length}; a value valid for it may now match another branch too, which oneOf refuses`);
  walk.push({ before: frame.before, after: [match[1]], scope: frame.scope, path: frame.path });
  return true;
}
