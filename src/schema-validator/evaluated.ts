import type { At, Check, Evaluated, SchemaIssue } from "./types";

export function evaluated(): Evaluated {
  return { props: new Set(), items: 0, matched: undefined };
}

export function markProperty(ev: Evaluated, name: string): void {
  if (ev.props !== true) ev.props.add(name);
}

export function markItems(ev: Evaluated, count: number | true): void {
  if (ev.items !== true) ev.items = count === true ? true : Math.max(ev.items, count);
}

/** What a valid in-place subschema evaluated counts for its node (a failed one's annotations are dropped). */
export function mergeEvaluated(into: Evaluated, from: Evaluated): void {
  if (from.props === true) into.props = true;
  else if (into.props !== true) for (const name of from.props) into.props.add(name);
  markItems(into, from.items);
  if (from.matched !== undefined) {
    into.matched ??= new Set();
    for (const index of from.matched) into.matched.add(index);
  }
}

/** An in-place subschema run so that what it evaluated reaches `ev` only if it holds. */
export function inPlace(check: Check, value: unknown, out: SchemaIssue[] | undefined, at: At | undefined, ev: Evaluated | undefined): boolean {
  if (ev === undefined) return check(value, out, at, undefined);
  const own = evaluated();
  const ok = check(value, out, at, own);
  if (ok) mergeEvaluated(ev, own);
  return ok;
}
