/**
 * `oneOf` and `anyOf`: branches matched by the component their `$ref` names, then by title,
 * then by structure (equal, or the only branch of its type on both sides), then by the
 * properties they share; matched branches are compared as schemas, the others are added or
 * removed. An `anyOf` branch whose values another branch already accepts (`enum: [""]` beside
 * a string) adds nothing. A schema that became a branch, or a branch that became the schema,
 * is ./wrapping.ts.
 */
import { canonicalJson } from "../internal/canonical-json";
import { admitsAll } from "./admits";
import type { Located, Side } from "./context";
import { reportSchema, type FramePair } from "./schema-pair";
import { viewOf, type SchemaView } from "./schema-view";

interface Branch {
  readonly at: Located;
  readonly name: string | undefined;
  readonly title: string | undefined;
  readonly shape: string;
  readonly types: string;
  readonly view: SchemaView;
}

function describe(side: Side, at: Located): Branch {
  const view = viewOf(side, [at]);
  const target = side.follow(at);
  return { at, name: view.name, title: view.title, shape: canonicalJson(target.node), types: view.types?.join() ?? "", view };
}

interface Matching {
  pairs: [Located, Located][];
  removed: Located[];
  added: Located[];
}

/** Pairs branches by name, then title, then equal structure, then a type only one branch on each side has, then shared properties. */
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
  for (const [b, a] of bySharedProperties(left, right)) {
    pairs.push([b.at, a.at]);
    left = left.filter((branch) => branch !== b);
    right = right.filter((branch) => branch !== a);
  }
  return { pairs, removed: left.map((branch) => branch.at), added: right.map((branch) => branch.at) };
}

/**
 * Objects that share the most property names, each the other's only best match: an inline
 * object split into a `oneOf` of objects matches the branch that took its properties.
 */
function bySharedProperties(left: readonly Branch[], right: readonly Branch[]): [Branch, Branch][] {
  const shared = (a: Branch, b: Branch) => {
    let count = 0;
    for (const name of a.view.properties.keys()) if (b.view.properties.has(name)) count++;
    return count;
  };
  const best = (branch: Branch, others: readonly Branch[]) => {
    let found: Branch | undefined;
    let most = 0;
    let tied = false;
    for (const other of others) {
      const count = shared(branch, other);
      if (count > most) [found, most, tied] = [other, count, false];
      else if (count === most && count > 0) tied = true;
    }
    return tied ? undefined : found;
  };
  const pairs: [Branch, Branch][] = [];
  for (const branch of left) {
    const match = best(branch, right);
    if (match !== undefined && best(match, left) === branch) pairs.push([branch, match]);
  }
  return pairs;
}

export function compareComposition(pair: FramePair): void {
  for (const [key, check] of [["oneOf", "one-of"], ["anyOf", "any-of"]] as const) {
    const [before, after] = [pair.before[key], pair.after[key]];
    if (before === undefined && after === undefined) continue;
    const { report } = pair.walk;
    const matching = matchBranches(report.before, report.after, before ?? [], after ?? []);
    for (const added of matching.added) {
      if (key === "oneOf" || !redundant(report.after, added, after ?? [])) reportSchema(pair, `${check}-added`, "after", `${article(key)} branch was added (${branchName(report.after, added)})`);
    }
    for (const removed of matching.removed) {
      if (key === "oneOf" || !redundant(report.before, removed, before ?? [])) reportSchema(pair, `${check}-removed`, "after", `${article(key)} branch was removed (${branchName(report.before, removed)})`);
    }
    for (const [b, a] of matching.pairs) pair.walk.push({ before: [b], after: [a], scope: pair.frame.scope, path: pair.frame.path });
  }
}

export const article = (key: "oneOf" | "anyOf") => (key === "oneOf" ? "a oneOf" : "an anyOf");

export function branchName(side: Side, at: Located): string {
  const view = viewOf(side, [at]);
  return view.name ?? view.title ?? (view.types === undefined ? "a schema" : `a schema of type ${view.types.join(" or ")}`);
}

/**
 * Whether an `anyOf` branch adds no value to the others: it lists its values (an enum, a
 * const) and another branch accepts each (`enum: [""]` beside `type: string`). Adding or
 * removing it changes nothing a client sends or receives.
 */
export function redundant(side: Side, branch: Located, branches: readonly Located[]): boolean {
  const view = viewOf(side, [branch]);
  if (view.enum === undefined) return false;
  const values = view.nullable ? [...view.enum, null] : view.enum;
  return branches.some((other) => other !== branch && admitsAll(viewOf(side, [other]), values));
}
