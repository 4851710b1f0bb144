import { hasOwn, isObject } from "../internal/own";

/**
 * Whether two trees of one library answer are the same schema once every reference to a
 * definition is unfolded: `{ $ref: "#/$defs/0" }` on one side meets that definition's body
 * written out on the other. Valibot writes a recursive schema's first level inline and its
 * recursive parts as references, so the root and the definition that repeats it differ
 * only there. A definition met again beside the same node is assumed equal to it (a cycle
 * holds on its own assumption). Iterative; `definitionOf` gives the key a `$ref` names, or
 * undefined for one that is not unfolded (the root's `#`).
 */
export function sameUnfolded(a: unknown, b: unknown, defs: ReadonlyMap<string, unknown>, definitionOf: (ref: string) => string | undefined): boolean {
  const xs: unknown[] = [a];
  const ys: unknown[] = [b];
  const assumed = new Map<string, Set<unknown>>();
  // Unfolds `ref` against `other` unless that pair is already assumed; false when `ref` names no definition.
  const unfold = (ref: string, other: unknown, refFirst: boolean): boolean => {
    const key = definitionOf(ref);
    if (key === undefined || !defs.has(key)) return false;
    let seen = assumed.get(key);
    if (!seen) assumed.set(key, (seen = new Set()));
    if (seen.has(other)) return true;
    seen.add(other);
    xs.push(refFirst ? defs.get(key) : other);
    ys.push(refFirst ? other : defs.get(key));
    return true;
  };
  while (xs.length > 0) {
    const x = xs.pop();
    const y = ys.pop();
    if (x === y) continue;
    const xRef = pureRef(x);
    const yRef = pureRef(y);
    if (xRef !== undefined && xRef === yRef) continue;
    if (xRef !== undefined) {
      if (!unfold(xRef, y, true)) return false;
      continue;
    }
    if (yRef !== undefined) {
      if (!unfold(yRef, x, false)) return false;
      continue;
    }
    if (!isObject(x) && !Array.isArray(x)) return false;
    if (Array.isArray(x) !== Array.isArray(y) || y === null || typeof y !== "object") return false;
    const xKeys = Object.keys(x);
    if (xKeys.length !== Object.keys(y).length) return false;
    for (const key of xKeys) {
      if (!hasOwn(y, key)) return false;
      xs.push((x as Record<string, unknown>)[key]);
      ys.push((y as Record<string, unknown>)[key]);
    }
  }
  return true;
}

/** The target of a node that is only a `$ref` (no keyword beside it). */
function pureRef(node: unknown): string | undefined {
  if (!isObject(node) || typeof node.$ref !== "string") return undefined;
  for (const key in node) if (key !== "$ref" && hasOwn(node, key)) return undefined;
  return node.$ref;
}
