import { hasOwn, type JsonObject } from "../internal/own";
import type { Naming } from "./document-schemas";
import { holdsRef, isRefNode, refTarget, ROOT } from "./import";

/**
 * Two imported bodies mean the same schema when they are equal with every reference
 * resolved: to the same component name, or to inlined definitions that are equal.
 */
export function sameSchema(a: unknown, aNaming: Naming, b: unknown, bNaming: Naming): boolean {
  const stack: [unknown, Naming, unknown, Naming][] = [[a, aNaming, b, bNaming]];
  while (stack.length > 0) {
    const [x, xn, y, yn] = stack.pop() as [unknown, Naming, unknown, Naming];
    if (x === y && (xn === yn || !holdsRef(x))) continue;
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object") {
      if (x !== y) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (isRefNode(x) && isRefNode(y)) {
      const xt = refResolution(x, xn);
      const yt = refResolution(y, yn);
      if (typeof xt === "string" || typeof yt === "string") {
        if (xt !== yt) return false;
      } else {
        stack.push([xt.body, xn, yt.body, yn]);
      }
      const xs = Object.keys(x).filter((k) => k !== "$ref");
      const ys = Object.keys(y).filter((k) => k !== "$ref");
      if (xs.length !== ys.length) return false;
      for (const key of xs) {
        if (!hasOwn(y, key)) return false;
        stack.push([x[key], xn, y[key], yn]);
      }
      continue;
    }
    const xKeys = Object.keys(x);
    if (xKeys.length !== Object.keys(y).length) return false;
    for (const key of xKeys) {
      if (!hasOwn(y, key)) return false;
      stack.push([(x as JsonObject)[key], xn, (y as JsonObject)[key], yn]);
    }
  }
  return true;
}

/** A reference's target: a component name, or the imported body it would inline. */
function refResolution(ref: JsonObject, naming: Naming): string | { body: unknown } {
  const key = refTarget(ref.$ref as string);
  const name = key === ROOT ? naming.root : naming.defs.get(key);
  if (name !== undefined) return name;
  return { body: naming.imported.defs.get(key) };
}
