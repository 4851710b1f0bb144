import type { DocumentSchemas, Naming } from "./document-schemas";
import { bodyOf, type ImportedSchema } from "./import";
import { refTarget, ROOT } from "./ref-marks";
import { keysOfRegistered } from "./registered-keys";
import { sameTrees } from "./same-trees";
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
 * A registered schema a definition is a copy of: its name, and the names of its parts. A
 * recursive part of the registered schema (`Person` in `Comment`) is written again in the
 * copy too, under a key of the copy's own: that key takes the registered schema's name for
 * the part (`CommentAuthor`), so the part is one component, not two with one body.
 */
export interface Twin {
  readonly name: string;
  readonly parts: ReadonlyMap<string, string>;
}

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
): Twin | undefined {
  const shape = frozenShapeKey(body);
  if (shape === undefined) return undefined;
  let found: Twin | undefined;
  for (const component of keysOfRegistered(doc).get(shape) ?? []) {
    const registered = namingOf(component.name);
    if (registered === undefined || registered.imported === imported || registered.root !== component.name) continue;
    const pairs = sameUpToCycles(imported, key, body, nameOf, registered);
    if (pairs === undefined) continue;
    // Two registered schemas with one structure: which one was meant is unknown.
    if (found !== undefined && found.name !== component.name) return undefined;
    found = { name: component.name, parts: namedParts(pairs, registered) };
  }
  return found;
}

/** The registered schema's names for the copy's definitions paired with its named parts; a key paired with two names gets neither. */
function namedParts(pairs: readonly (readonly [string, string])[], registered: Naming): Map<string, string> {
  const parts = new Map<string, string>();
  const unclear = new Set<string>();
  for (const [key, registeredKey] of pairs) {
    const name = registeredKey === ROOT ? registered.root : registered.defs.get(registeredKey);
    if (name === undefined || unclear.has(key)) continue;
    if (parts.has(key) && parts.get(key) !== name) {
      parts.delete(key);
      unclear.add(key);
    } else parts.set(key, name);
  }
  return parts;
}

/**
 * Whether definition `aKey` of tree `a` has the structure of the registered root of `r`,
 * assuming it does: each pair of definitions the two reach through `$ref`s is compared once
 * (a cycle meets its own assumption and holds). A definition of `a` with a name must meet
 * a definition of `r` with the same name. Iterative. The pairs of definitions compared
 * (`a`'s key, `r`'s key) when the structures are the same, else undefined.
 */
function sameUpToCycles(a: ImportedSchema, aKey: string, aBody: unknown, nameOf: NameOfKey, r: Naming): (readonly [string, string])[] | undefined {
  const rKey = r.imported.rootDef ?? ROOT;
  const assumed = new Set<string>([pairKey(aKey, rKey)]);
  const pairs: (readonly [string, string])[] = [];
  // Two trees: a node both share may hold a `$ref` that resolves differently on each side.
  return sameTrees(aBody, rootBody(r.imported), false, (x, y, compare) => {
    const xKey = refTarget(x.$ref);
    const yKey = refTarget(y.$ref);
    const xName = nameOf(xKey);
    if (xName !== undefined) return xName === (yKey === ROOT ? r.root : r.defs.get(yKey));
    const pair = pairKey(xKey, yKey);
    if (!assumed.has(pair)) {
      assumed.add(pair);
      pairs.push([xKey, yKey]);
      compare(bodyOf(a, xKey), bodyOf(r.imported, yKey));
    }
    return true;
  })
    ? pairs
    : undefined;
}

function pairKey(a: string, b: string): string {
  return `${a}\u0000${b}`;
}
