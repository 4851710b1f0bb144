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
import { shapeOf } from "./shape";

interface Branch {
  readonly at: Located;
  readonly name: string | undefined;
  readonly title: string | undefined;
  /** Its structure, for a small schema (./shape.ts). */
  readonly shape: string | undefined;
  /** Its own keywords as the view reads them: the same for a 3.0 branch and its 3.1 form. */
  readonly read: string;
  readonly types: string;
  readonly view: SchemaView;
}

function describe(side: Side, at: Located): Branch {
  const view = viewOf(side, [at]);
  const target = side.follow(at);
  return { at, name: view.name, title: view.title, shape: shapeOf(target.node), read: fingerprint(view), types: view.types?.join() ?? "", view };
}

/** What the view reads of a schema, one level deep (its properties by name, its branches by count). */
function fingerprint(view: SchemaView): string {
  const { types, nullable, format, bounds, pattern, required, additional, items, oneOf, anyOf } = view;
  const values = view.enum?.map(canonicalJson).sort();
  const properties = [...view.properties.keys()].sort();
  return canonicalJson({ types, nullable, format, values, bounds, pattern, properties, required: [...required].sort(), additional: additional === false ? false : additional !== undefined, items: items.length, oneOf: oneOf?.length, anyOf: anyOf?.length });
}

interface Matching {
  pairs: [Located, Located][];
  removed: Located[];
  added: Located[];
}

/**
 * Pairs branches by name, then title, then equal structure (as written, then as read), then
 * a type only one branch on each side has, then shared properties; again while a round pairs some (a pair made by
 * properties can leave one branch of a type on each side).
 */
export function matchBranches(before: Side, after: Side, beforeBranches: readonly Located[], afterBranches: readonly Located[]): Matching {
  let left = beforeBranches.map((at) => describe(before, at));
  let right = afterBranches.map((at) => describe(after, at));
  const pairs: [Located, Located][] = [];
  const count = (list: readonly Branch[], key: string, by: (branch: Branch) => string | undefined) => list.filter((branch) => by(branch) === key).length;
  // A name, title or type names one branch when only one has it; equal structures may repeat, paired in order.
  const unique = (list: readonly Branch[], key: string, by: (branch: Branch) => string | undefined, repeats: boolean) => count(list, key, by) === 1 || (repeats && count(list, key, by) === count(list === left ? right : left, key, by));
  const pair = (b: Branch, a: Branch) => {
    pairs.push([b.at, a.at]);
    left = left.filter((branch) => branch !== b);
    right = right.filter((branch) => branch !== a);
  };
  for (let paired = -1; paired !== pairs.length && left.length > 0 && right.length > 0; ) {
    paired = pairs.length;
    for (const [by, repeats] of [[(b: Branch) => b.name, false], [(b: Branch) => b.title, false], [(b: Branch) => b.shape, true], [(b: Branch) => b.read, true], [(b: Branch) => b.types, false]] as const) {
      for (const branch of left) {
        const key = by(branch);
        const match = key === undefined || !unique(left, key, by, repeats) ? undefined : right.find((other) => by(other) === key);
        if (match !== undefined && unique(right, key as string, by, repeats)) pair(branch, match);
      }
    }
    for (const [b, a] of bySharedProperties(left, right)) pair(b, a);
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
    const matching = matchBranches(report.before, report.after, essential(report.before, key, before ?? []), essential(report.after, key, after ?? []));
    for (const added of matching.added) reportSchema(pair, `${check}-added`, "after", `${article(key)} branch was added (${branchName(report.after, added)})`);
    for (const removed of matching.removed) reportSchema(pair, `${check}-removed`, "after", `${article(key)} branch was removed (${branchName(report.before, removed)})`);
    for (const [b, a] of matching.pairs) pair.walk.push({ before: [b], after: [a], scope: pair.frame.scope, path: pair.frame.path });
  }
}

export const article = (key: "oneOf" | "anyOf") => (key === "oneOf" ? "a oneOf" : "an anyOf");

export function branchName(side: Side, at: Located): string {
  const view = viewOf(side, [at]);
  return view.name ?? view.title ?? (view.types === undefined ? "a schema" : `a schema of type ${view.types.join(" or ")}`);
}

/**
 * The branches that matter: in an `anyOf`, a branch that lists its values (an enum, a
 * const) that another branch accepts each of (`enum: [""]` beside `type: string`) adds no
 * value, and adding or removing it changes nothing a client sends or receives. In a
 * `oneOf` it does: a value two branches accept is refused.
 */
export function essential(side: Side, key: "oneOf" | "anyOf", branches: readonly Located[]): readonly Located[] {
  if (key === "oneOf") return branches;
  const kept = [...branches];
  for (const branch of branches) {
    const view = viewOf(side, [branch]);
    if (view.enum === undefined) continue;
    const values = view.nullable ? [...view.enum, null] : view.enum;
    if (kept.some((other) => other !== branch && admitsAll(side, viewOf(side, [other]), values))) kept.splice(kept.indexOf(branch), 1);
  }
  return kept;
}
