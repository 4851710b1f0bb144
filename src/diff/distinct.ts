/**
 * Each distinct change once, with every operation it is seen at: the same id, at the same
 * place, saying the same thing. A change inside a component schema is named from the
 * component (`the property code of the schema Error`), not from one of the operations that
 * reach it; elsewhere it is named as its first operation names it.
 */
import { pointerTokens } from "../internal/json-pointer";
import type { Entry } from "./context";
import type { DiffLevel, DistinctChange } from "./types";

const SEVERITY: Readonly<Record<DiffLevel, number>> = { error: 0, warning: 1, info: 2 };
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `entries` in the order of the result's changes; most severe first, then by location, id and message. */
export function distinctChanges(entries: readonly Entry[]): DistinctChange[] {
  const groups = new Map<string, { first: Entry; operations: Set<string> }>();
  for (const entry of entries) {
    const { operation } = entry.change;
    let group = groups.get(entry.key);
    if (group === undefined) groups.set(entry.key, (group = { first: entry, operations: new Set() }));
    if (operation !== undefined) group.operations.add(operation);
  }
  const distinct: DistinctChange[] = [];
  for (const { first, operations } of groups.values()) {
    const { id, level, location, message } = first.change;
    const named = first.subject === undefined ? message : `${componentSubject(location) ?? first.subject}: ${first.what}`;
    distinct.push({ id, level, location, message: named, operations: [...operations].sort(compare) });
  }
  return distinct.sort((a, b) => SEVERITY[a.level] - SEVERITY[b.level] || compare(a.location, b.location) || compare(a.id, b.id) || compare(a.message, b.message));
}

const BRANCHES: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/** `the property tags/items of the schema Pet` for `/components/schemas/Pet/properties/tags/items`; undefined outside component schemas. */
export function componentSubject(location: string): string | undefined {
  const tokens = pointerTokens(location);
  if (tokens === undefined || tokens.length < 3 || tokens[0] !== "components" || tokens[1] !== "schemas") return undefined;
  const path: string[] = [];
  for (let i = 3; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (token === "properties" && i + 1 < tokens.length) path.push(tokens[++i] as string);
    else if (token === "additionalProperties") path.push("*");
    else if (BRANCHES.has(token)) i++;
    else path.push(token);
  }
  const schema = `the schema ${tokens[2] as string}`;
  return path.length === 0 ? schema : `the property ${path.join("/")} of ${schema}`;
}
