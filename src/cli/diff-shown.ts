/**
 * The changes as a person reads them: each distinct change once, with how many operations
 * it reaches and one of them as an example (where it is seen from there), and the values
 * added to (or removed from) one enum at the same operations as one line.
 */
import type { DiffChange, DiffLevel, DiffResult, DistinctChange } from "specloom";

export interface ShownChange {
  readonly id: string;
  readonly level: DiffLevel;
  readonly location: string;
  readonly message: string;
  readonly operations: readonly string[];
  /** The first operation, and the place as it names it when that is not the message's. */
  readonly example: { readonly operation: string; readonly place: string | undefined } | undefined;
}

/** The distinct changes, most severe first (the order of `distinct`), enum values of one property grouped. */
export function shownChanges(result: DiffResult): ShownChange[] {
  // The changes at each distinct change's first operation: the candidates for its example.
  const examples = new Map<string, DiffChange[]>();
  const firsts = new Map<string, Set<string>>();
  for (const change of result.distinct) {
    const key = `${change.id}\u0000${change.location}`;
    if (change.operations.length > 0) firsts.set(key, (firsts.get(key) ?? new Set()).add(change.operations[0] as string));
  }
  for (const change of result.changes) {
    if (change.operation === undefined) continue;
    const key = `${change.id}\u0000${change.location}`;
    if (firsts.get(key)?.has(change.operation) !== true) continue;
    const list = examples.get(key);
    if (list === undefined) examples.set(key, [change]);
    else list.push(change);
  }
  const shown: ShownChange[] = [];
  const groups = new Map<string, { index: number; values: string[]; subject: string; verb: string }>();
  for (const change of result.distinct) {
    const enumValue = ENUM_VALUE.exec(change.message);
    const key = `${change.id}\u0000${change.location}\u0000${change.operations.join("\u0000")}`;
    const group = enumValue === null ? undefined : groups.get(key);
    if (enumValue !== null && group !== undefined) {
      group.values.push(enumValue[2] as string);
      const values = group.values.join(", ");
      shown[group.index] = { ...(shown[group.index] as ShownChange), message: `${group.subject}: the values ${values} were ${group.verb} the enum` };
      continue;
    }
    if (enumValue !== null) groups.set(key, { index: shown.length, values: [enumValue[2] as string], subject: enumValue[1] as string, verb: enumValue[3] as string });
    shown.push({ ...change, example: exampleOf(change, examples) });
  }
  return shown;
}

/** `<place>: the value "x" was added to the enum`, as the schema checks word it. */
const ENUM_VALUE = /^(.*): the value (.*) was (added to|removed from) the enum$/s;

function exampleOf(change: DistinctChange, examples: ReadonlyMap<string, readonly DiffChange[]>): ShownChange["example"] {
  const operation = change.operations[0];
  if (operation === undefined) return undefined;
  const candidates = (examples.get(`${change.id}\u0000${change.location}`) ?? []).filter((candidate) => candidate.operation === operation);
  // The one that says the same thing: the longest common end with the distinct message.
  let best: { message: string; common: number } | undefined;
  for (const candidate of candidates) {
    const common = commonEnd(candidate.message, change.message);
    if (best === undefined || common > best.common) best = { message: candidate.message, common };
  }
  if (best === undefined || best.message === change.message) return { operation, place: undefined };
  const end = best.message.indexOf(": ", best.message.length - best.common);
  return { operation, place: end < 0 ? best.message : best.message.slice(0, end) };
}

function commonEnd(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** `at 12 operations, e.g. GET /pets: the property tags of the response 200 (application/json)`, or undefined for a change of the whole document. */
export function reachText(change: ShownChange): string | undefined {
  if (change.example === undefined) return undefined;
  const { operation, place } = change.example;
  const count = change.operations.length;
  const example = place === undefined ? operation : `${operation}: ${place}`;
  return count === 1 ? `at ${example}` : `at ${count} operations, e.g. ${example}`;
}
