/** One thing wrong with a value: where (the keys from the value's top) and what. */
export interface SchemaIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** Where a check is inside the value: a linked list built only while issues are collected. */
export interface At {
  readonly parent: At | undefined;
  readonly key: string | number;
}

/**
 * What the in-place subschemas of one node evaluated, for `unevaluatedProperties` and
 * `unevaluatedItems`: property names (or all of them), how many leading items (or all),
 * and the items `contains` matched.
 */
export interface Evaluated {
  props: Set<string> | true;
  items: number | true;
  matched: Set<number> | undefined;
}

/**
 * A compiled schema node. `out` undefined is the fast pass (a verdict only, stopping at the
 * first failure); given, every issue is pushed with its place. `ev`, when given, collects
 * what this node evaluated (only nodes below an `unevaluated*` keyword are handed one).
 */
export type Check = (value: unknown, out: SchemaIssue[] | undefined, at: At | undefined, ev: Evaluated | undefined) => boolean;

/** Which way the value travels: a required `readOnly` property is not required in a request, a `writeOnly` one not in a response. */
export type Direction = "request" | "response";

/** How one document's schemas are read. */
export interface Dialect {
  /** OpenAPI 3.0's Schema Object (`nullable`, boolean exclusive bounds, `$ref` alone) or JSON Schema 2020-12 (3.1, 3.2). */
  readonly openapi30: boolean;
  readonly direction: Direction;
}

export const PASS: Check = () => true;

export function child(at: At | undefined, key: string | number, out: SchemaIssue[] | undefined): At | undefined {
  return out === undefined ? undefined : { parent: at, key };
}

export function pathOf(at: At | undefined): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let node = at; node !== undefined; node = node.parent) keys.push(node.key);
  return keys.reverse();
}

/** Records an issue (when collecting) and answers false, so a keyword's check ends `return fail(...)`. */
export function fail(out: SchemaIssue[] | undefined, at: At | undefined, message: string): false {
  if (out !== undefined) out.push({ path: pathOf(at), message });
  return false;
}

/** The kind of a JSON value, as messages name it. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return Number.isInteger(value) ? "an integer" : "a number";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

/** Runs every check: all of them when collecting issues, up to the first failure otherwise. */
export function allOf(checks: readonly Check[]): Check {
  if (checks.length === 0) return PASS;
  if (checks.length === 1) return checks[0] as Check;
  return (value, out, at, ev) => {
    let ok = true;
    for (const check of checks) {
      if (check(value, out, at, ev)) continue;
      ok = false;
      if (out === undefined) return false;
    }
    return ok;
  };
}
