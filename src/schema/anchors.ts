import { encodeSegment } from "../internal/json-pointer";
import { isObject } from "../internal/own";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS } from "./keywords";

/** A `#name` reference: JSON Schema 2020-12's plain-name fragment, naming a `$anchor`. */
export const ANCHOR_REF = /^#[A-Za-z_][-A-Za-z0-9._]*$/;

/**
 * Every `$anchor` (and `$dynamicAnchor`) of a library's answer, as the JSON pointer of the
 * schema that declares it (`#/properties/code`), so a `#name` reference resolves like a
 * pointer. Only schema positions are searched: an `enum` or `default` holding such a key is
 * data. Iterative; the first declaration of a name wins.
 */
export function anchorPointers(root: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const stack: [unknown, string][] = [[root, "#"]];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop() as [unknown, string];
    if (!isObject(node)) continue;
    for (const key of ["$anchor", "$dynamicAnchor"]) {
      const name = node[key];
      if (typeof name === "string" && !found.has(name)) found.set(name, pointer);
    }
    for (const key of Object.keys(node)) {
      const value = node[key];
      const at = `${pointer}/${encodeSegment(key)}`;
      if (SUBSCHEMA_KEYWORDS.has(key) && !Array.isArray(value)) stack.push([value, at]);
      else if (SCHEMA_LIST_KEYWORDS.has(key) || (key === "items" && Array.isArray(value))) {
        if (Array.isArray(value)) for (let i = 0; i < value.length; i++) stack.push([value[i], `${at}/${i}`]);
      } else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
        for (const name of Object.keys(value)) stack.push([value[name], `${at}/${encodeSegment(name)}`]);
      }
    }
  }
  return found;
}
