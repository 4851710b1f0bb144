import { onlyRef, sameTrees, type RefNode } from "./same-trees";

/**
 * Whether two trees of one library answer are the same schema once every reference to a
 * definition is unfolded: `{ $ref: "#/$defs/0" }` on one side meets that definition's body
 * written out on the other. Valibot writes a recursive schema's first level inline and its
 * recursive parts as references, so the root and the definition that repeats it differ
 * only there. A definition met again beside the same node is assumed equal to it (a cycle
 * holds on its own assumption). `definitionOf` gives the key a `$ref` names, or undefined
 * for one that is not unfolded (the root's `#`).
 */
export function sameUnfolded(a: unknown, b: unknown, defs: ReadonlyMap<string, unknown>, definitionOf: (ref: string) => string | undefined): boolean {
  const assumed = new Map<string, Set<unknown>>();
  // Hands `compare` the body `ref` names and `other`, unless that pair is assumed already; false when `ref` names no definition.
  const unfold = (ref: RefNode, other: unknown, refFirst: boolean, compare: (x: unknown, y: unknown) => void): boolean => {
    const key = onlyRef(ref) ? definitionOf(ref.$ref) : undefined;
    if (key === undefined || !defs.has(key)) return false;
    let seen = assumed.get(key);
    if (!seen) assumed.set(key, (seen = new Set()));
    if (!seen.has(other)) {
      seen.add(other);
      if (refFirst) compare(defs.get(key), other);
      else compare(other, defs.get(key));
    }
    return true;
  };
  // One answer: a node met on both sides is equal to itself.
  return sameTrees(a, b, true, (x, y, compare) => x.$ref === y.$ref || unfold(x, y, true, compare), unfold);
}
