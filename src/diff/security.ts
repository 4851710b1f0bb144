/**
 * Security as the specification defines it: a list of alternatives (OR), each a set of
 * schemes (AND) with their scopes; `{}` and no security at all are anonymous access. The
 * operation's own `security` wins over the document's. An alternative removed refuses the
 * clients that used it (anonymous ones too); a scope added to one refuses tokens without it.
 */
import { getOwn, isObject } from "../internal/own";
import { entriesOf, field, quote, type Scope } from "./context";
import type { OperationEntry } from "./paths";

interface Alternative {
  /** The scheme names, sorted, joined: `` for anonymous access. */
  readonly key: string;
  readonly scopes: ReadonlyMap<string, readonly string[]>;
}

function effective(root: unknown, entry: OperationEntry): { alternatives: Map<string, Alternative>; pointer: string } {
  const own = getOwn(entry.operation.node, "security");
  const list = Array.isArray(own) ? own : field(root, "security");
  const pointer = Array.isArray(own) ? `${entry.operation.pointer}/security` : Array.isArray(field(root, "security")) ? "/security" : entry.operation.pointer;
  const alternatives = new Map<string, Alternative>();
  const requirements = Array.isArray(list) && list.length > 0 ? list : [{}];
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    const scopes = new Map<string, readonly string[]>();
    for (const [name, value] of entriesOf(requirement)) scopes.set(name, Array.isArray(value) ? value.filter((scope): scope is string => typeof scope === "string") : []);
    const key = [...scopes.keys()].sort().join(" + ");
    if (!alternatives.has(key)) alternatives.set(key, { key, scopes });
  }
  return { alternatives, pointer };
}

const describe = (alternative: Alternative) => (alternative.key === "" ? "anonymous access ({})" : `the security requirement ${quote(alternative.key)}`);

export function compareSecurity(scope: Scope, before: OperationEntry, after: OperationEntry): void {
  const { report, operation } = scope;
  const was = effective(report.before.root, before);
  const is = effective(report.after.root, after);
  for (const [key, alternative] of was.alternatives) {
    const match = is.alternatives.get(key);
    if (match === undefined) {
      const refused = key === "" ? "a request without credentials is now refused" : "a client that authenticates only this way is now refused";
      report.add("api-security-removed", was.pointer, `${describe(alternative)} was removed: ${refused}`, operation);
      continue;
    }
    for (const [name, scopes] of match.scopes) {
      const old = alternative.scopes.get(name) ?? [];
      for (const scopeName of scopes) if (!old.includes(scopeName)) report.add("api-security-scope-added", is.pointer, `the scope ${quote(scopeName)} of ${quote(name)} is now required: a token without it is refused`, operation);
      for (const scopeName of old) if (!scopes.includes(scopeName)) report.add("api-security-scope-removed", is.pointer, `the scope ${quote(scopeName)} of ${quote(name)} is no longer required`, operation);
    }
  }
  for (const [key, alternative] of is.alternatives) if (!was.alternatives.has(key)) report.add("api-security-added", is.pointer, `${describe(alternative)} was added as another way in`, operation);
}
