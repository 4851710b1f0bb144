import { getOwn, hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import { Malformed } from "./text-decoding";

/** The deepest `a[b][c]...` read: deeper keys are refused, so reading stays bounded. */
export const MAX_DEPTH = 32;

/**
 * A `deepObject` parameter from the query's pairs: `filter[color]=red&filter[size][min]=2`
 * to `{ color: "red", size: { min: "2" } }`. A repeated key or a trailing `[]` makes a list.
 * Each key is read once, left to right, so the work is linear in the query's length; keys
 * are data (`filter[__proto__]` is a property named `__proto__`). Undefined when absent.
 */
export function readDeepObject(pairs: ReadonlyMap<string, string[]>, name: string, decode: (text: string) => string | Malformed): JsonObject | Malformed | undefined {
  const prefix = `${name}[`;
  let result: JsonObject | undefined;
  for (const [key, values] of pairs) {
    if (!key.startsWith(prefix)) continue;
    const path = bracketPath(key, name.length);
    if (path instanceof Malformed) return path;
    const decoded: string[] = [];
    for (const value of values) {
      const text = decode(value);
      if (text instanceof Malformed) return text;
      decoded.push(text);
    }
    result ??= {};
    const placed = place(result, path, decoded);
    if (placed instanceof Malformed) return placed;
  }
  return result;
}

/** `name[a][b][]` from `at` (just past the name) to `["a", "b", ""]`. */
function bracketPath(key: string, at: number): string[] | Malformed {
  const path: string[] = [];
  let index = at;
  while (index < key.length) {
    if (key[index] !== "[") return new Malformed(`${JSON.stringify(key)} is not a deepObject key (name[property])`);
    const close = key.indexOf("]", index);
    if (close === -1) return new Malformed(`${JSON.stringify(key)} has an unclosed "["`);
    path.push(key.slice(index + 1, close));
    if (path.length > MAX_DEPTH) return new Malformed(`${JSON.stringify(key.slice(0, 60))}... nests deeper than ${MAX_DEPTH} levels`);
    index = close + 1;
  }
  return path;
}

/** Puts the values at `path` inside `root`, making objects on the way; a final `[]` makes a list. */
function place(root: JsonObject, path: readonly string[], values: readonly string[]): void | Malformed {
  const list = path[path.length - 1] === "";
  const keys = list ? path.slice(0, -1) : path;
  if (keys.length === 0 || keys.includes("")) return new Malformed('"[]" may only end a deepObject key, after a property name');
  let container = root;
  for (let i = 0; i < keys.length - 1; i++) {
    const segment = keys[i] as string;
    const next = getOwn(container, segment);
    if (next === undefined) {
      const made: JsonObject = {};
      setOwn(container, segment, made);
      container = made;
    } else if (isObject(next)) container = next;
    else return new Malformed(`the deepObject property "${keys.slice(0, i + 1).join("][")}" is given both as a value and as an object`);
  }
  const key = keys[keys.length - 1] as string;
  const prior = hasOwn(container, key) ? container[key] : undefined;
  if (isObject(prior)) return new Malformed(`the deepObject property "${keys.join("][")}" is given both as an object and as a value`);
  const merged = prior === undefined ? (values.length === 1 && !list ? values[0] : values.slice()) : (Array.isArray(prior) ? prior : [prior]).concat(values);
  setOwn(container, key, merged);
}
