import type { DocumentSchemas, Naming } from "./document-schemas";
import { bodyOf, refTarget, ROOT, type ImportedSchema } from "./import";
import { keysOfRegistered } from "./registered-keys";
import { sameTrees } from "./same-schema";
import { rootBody } from "./schema-imports";
import { frozenShapeKey } from "./shapes";

/**
 * A recursive definition a library generated for a registered schema it wrote again
 * (Zod's `__schema0` for `z.array(Comment)`, ArkType's `intersection12`, Valibot's `0`)
 * is that registered schema: it takes the registered name instead of a made-up one, so
 * one named schema is one component.
 */

/** How the definitions of the tree being named resolve so far: a name, or undefined (generated). */
export type NameOfKey = (key: string) => string | undefined;

/**
 * The registered name the definition `key` of `imported` (body `body`) is a copy of, if
 * exactly one registered schema has its structure. `namingOf` gives a registered schema's
 * naming on this side, or undefined when it cannot (its own naming is under way).
 */
export function registeredTwin(
  doc: DocumentSchemas,
  imported: ImportedSchema,
  key: string,
  body: unknown,
  nameOf: NameOfKey,
  namingOf: (component: string) => Naming | undefined,
): string | undefined {
  const shape = frozenShapeKey(body);
  if (shape === undefined) return undefined;
  let found: string | undefined;
  for (const component of keysOfRegistered(doc).get(shape) ?? []) {
    const registered = namingOf(component.name);
    if (registered === undefined || registered.imported === imported || registered.root !== component.name) continue;
    if (!sameUpToCycles(imported, key, body, nameOf, registered)) continue;
    // Two registered schemas with one structure: which one was meant is unknown.
    if (found !== undefined && found !== component.name) return undefined;
    found = component.name;
  }
  return found;
}

/**
 * Whether definition `aKey` of tree `a` has the structure of the registered root of `r`,
 * assuming it does: each pair of definitions the two reach through `$ref`s is compared once
 * (a cycle meets its own assumption and holds). A definition of `a` with a name must meet
 * a definition of `r` with the same name. Iterative.
 */
function sameUpToCycles(a: ImportedSchema, aKey: string, aBody: unknown, nameOf: NameOfKey, r: Naming): boolean {
  const rKey = r.imported.rootDef ?? ROOT;
  const assumed = new Set<string>([pairKey(aKey, rKey)]);
  // Two trees: a node both share may hold a `$ref` that resolves differently on each side.
  return sameTrees(aBody, rootBody(r.imported), false, (x, y, compare) => {
    const xKey = refTarget(x.$ref);
    const yKey = refTarget(y.$ref);
    const xName = nameOf(xKey);
    if (xName !== undefined) return xName === (yKey === ROOT ? r.root : r.defs.get(yKey));
    const pair = pairKey(xKey, yKey);
    if (!assumed.has(pair)) {
      assumed.add(pair);
      compare(bodyOf(a, xKey), bodyOf(r.imported, yKey));
    }
    return true;
  });
}

function pairKey(a: string, b: string): string {
  return `${a}\u0000${b}`;
}
