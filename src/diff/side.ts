/** A place in one document, and one document with its local `$ref`s followed. */
import { encodeSegment, pointerTokens, resolvePointer } from "../internal/json-pointer";
import { getOwn, isObject } from "../internal/own";

/** A node of one document and where it is (a JSON pointer). */
export interface Located {
  readonly node: unknown;
  readonly pointer: string;
}

/** A located object. */
export type Found = Located & { readonly node: Record<string, unknown> };

/** `pointer` with `keys` appended, each encoded. */
export function child(pointer: string, ...keys: readonly (string | number)[]): string {
  let result = pointer;
  for (const key of keys) {
    const text = String(key);
    result += "/" + (text.includes("~") || text.includes("/") ? encodeSegment(text) : text);
  }
  return result;
}

/** One document: its root, and its local `$ref`s followed. */
export class Side {
  constructor(readonly root: unknown) {}

  /**
   * `located` with its `$ref` chain followed: the first node that is no Reference Object (a
   * chain that loops or points to nothing stops at the last `$ref` it reached). `name` is
   * the last segment of the first `$ref` (a component's name). Siblings of a `$ref` are left
   * to the caller (a schema treats them as another allOf part).
   */
  follow(located: Located): Located & { name?: string } {
    let current = located;
    let name: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const ref = isObject(current.node) ? getOwn(current.node, "$ref") : undefined;
      if (typeof ref !== "string" || !ref.startsWith("#") || seen.has(ref)) break;
      seen.add(ref);
      const tokens = pointerTokens(ref.slice(1));
      if (tokens === undefined) break;
      const found = resolvePointer(this.root, tokens);
      if (!("value" in found)) break;
      name ??= tokens[tokens.length - 1];
      current = { node: found.value, pointer: ref.slice(1) === "" ? "" : "/" + tokens.map(encodeSegment).join("/") };
    }
    return name === undefined ? current : { ...current, name };
  }

  /** The object at `located` after its `$ref`s, or undefined when it is no object. */
  object(located: Located): { node: Record<string, unknown>; pointer: string } | undefined {
    const target = this.follow(located);
    return isObject(target.node) ? { node: target.node, pointer: target.pointer } : undefined;
  }
}
