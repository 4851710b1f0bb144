import type { Naming } from "./document-schemas";
import { refTarget, ROOT } from "./ref-marks";
import { sameTrees } from "./same-trees";

/**
 * Two imported bodies mean the same schema when they are equal with every reference
 * resolved: to the same component name, or to inlined definitions that are equal.
 */
export function sameSchema(a: unknown, aNaming: Naming, b: unknown, bNaming: Naming): boolean {
  return sameTrees(a, b, aNaming === bNaming, (x, y, compare) => {
    const xKey = refTarget(x.$ref);
    const yKey = refTarget(y.$ref);
    const xName = componentName(xKey, aNaming);
    const yName = componentName(yKey, bNaming);
    // A name meets only the same name; two inlined definitions are compared by body.
    if (xName !== undefined || yName !== undefined) return xName === yName;
    compare(aNaming.imported.defs.get(xKey), bNaming.imported.defs.get(yKey));
    return true;
  });
}

/** The component name a reference's target has, or undefined when it is inlined. */
function componentName(key: string, naming: Naming): string | undefined {
  return key === ROOT ? naming.root : naming.defs.get(key);
}
