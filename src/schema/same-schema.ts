import type { DocumentSchemas, Naming } from "./document-schemas";
import { refTarget, ROOT } from "./ref-marks";
import { onlyRef, sameTrees, type RefNode } from "./same-trees";
import { rootBody } from "./schema-imports";

/**
 * Two imported bodies mean the same schema when they are equal with every reference
 * resolved: to the same component name, or to bodies that are equal. A name meets another
 * name only if it is the same; a name meets an inlined definition, or a node written out,
 * by its body, because two answers may write one cycle differently (Zod names the root of
 * one answer and writes it out in another). A pair met again is assumed equal: a cycle
 * holds on its own assumption. `madeUp`: names Specloom made up, which two answers may
 * give one schema differently, so two names meet by their bodies when one of them is such.
 */
export function sameSchema(a: unknown, aNaming: Naming, b: unknown, bNaming: Naming, madeUp?: (name: string) => boolean): boolean {
  let assumed: Map<string, Set<unknown>> | undefined;
  // False when the pair was met before (so it holds by assumption), else true and noted.
  const first = (key: string, other: unknown): boolean => {
    assumed ??= new Map();
    let seen = assumed.get(key);
    if (!seen) assumed.set(key, (seen = new Set()));
    if (seen.has(other)) return false;
    seen.add(other);
    return true;
  };
  return sameTrees(
    a,
    b,
    aNaming === bNaming,
    (x, y, compare) => {
      const xKey = refTarget(x.$ref);
      const yKey = refTarget(y.$ref);
      const xName = componentName(xKey, aNaming);
      const yName = componentName(yKey, bNaming);
      if (xName !== undefined && yName !== undefined && (xName === yName || !madeUp?.(xName) && !madeUp?.(yName))) return xName === yName;
      // Two inlined definitions are acyclic; a named body may lead back here.
      if ((xName === undefined && yName === undefined) || first(`a${xKey}`, `b${yKey}`)) compare(bodyOf(xKey, aNaming), bodyOf(yKey, bNaming));
      return true;
    },
    (ref: RefNode, other, refFirst, compare) => {
      if (!onlyRef(ref)) return false;
      const naming = refFirst ? aNaming : bNaming;
      const key = refTarget(ref.$ref);
      if (first(`${refFirst ? "a" : "b"}${key}`, other)) {
        if (refFirst) compare(bodyOf(key, naming), other);
        else compare(other, bodyOf(key, naming));
      }
      return true;
    },
  );
}

/** `sameSchema` for two forms one name is given in `doc`: the names Specloom made up there meet by their bodies. */
export function sameNamedForms(doc: DocumentSchemas, a: unknown, aNaming: Naming, b: unknown, bNaming: Naming): boolean {
  return sameSchema(a, aNaming, b, bNaming, (name) => doc.components.get(name)?.derivedFor !== undefined);
}

/** The component name a reference's target has, or undefined when it is inlined. */
function componentName(key: string, naming: Naming): string | undefined {
  return key === ROOT ? naming.root : naming.defs.get(key);
}

/** The imported body a reference stands for. */
function bodyOf(key: string, naming: Naming): unknown {
  return key === ROOT || key === naming.imported.rootDef ? rootBody(naming.imported) : naming.imported.defs.get(key);
}
