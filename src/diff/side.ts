/** A place in one document, and one document with its local `$ref`s followed. */
import { encodeSegment, pointerFromTokens, pointerTokens, resolvePointer } from "../internal/json-pointer";
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
  /** Each `$ref` resolved once: a component is referred to from many places. */
  private readonly resolved = new Map<string, (Located & { last: string | undefined }) | undefined>();

  constructor(readonly root: unknown) {}

  /** The place a local `$ref` (`#/components/schemas/Pet`) names, or undefined when it names nothing. */
  resolve(ref: string): (Located & { last: string | undefined }) | undefined {
    if (this.resolved.has(ref)) return this.resolved.get(ref);
    const tokens = ref.startsWith("#") ? pointerTokens(ref.slice(1)) : undefined;
    const found = tokens === undefined ? undefined : resolvePointer(this.root, tokens);
    // `last`: the last token, a component's name.
    const place = tokens !== undefined && found !== undefined && "value" in found ? { node: found.value, pointer: pointerFromTokens(tokens), last: tokens[tokens.length - 1] } : undefined;
    this.resolved.set(ref, place);
    return place;
  }

  /**
   * `located` with its `$ref` chain followed: the first node that is no Reference Object (a
   * chain that loops or points to nothing stops at the last `$ref` it reached). `name` is
   * the last segment of the first `$ref` (a component's name). Siblings of a `$ref` are left
   * to the caller (a schema treats them as another allOf part).
   */
  follow(located: Located): Located & { name?: string } {
    let current = located;
    let name: string | undefined;
    // Most chains are one `$ref` long: the set of those seen is made for longer ones only.
    let first: string | undefined;
    let seen: Set<string> | undefined;
    for (;;) {
      const ref = isObject(current.node) ? getOwn(current.node, "$ref") : undefined;
      if (typeof ref !== "string" || ref === first || seen?.has(ref)) break;
      if (first === undefined) first = ref;
      else (seen ??= new Set([first])).add(ref);
      const found = this.resolve(ref);
      if (found === undefined) break;
      name ??= found.last;
      current = { node: found.node, pointer: found.pointer };
    }
    return name === undefined ? current : { ...current, name };
  }

  /** The object at `located` after its `$ref`s, or undefined when it is no object. */
  object(located: Located): { node: Record<string, unknown>; pointer: string } | undefined {
    const target = this.follow(located);
    return isObject(target.node) ? { node: target.node, pointer: target.pointer } : undefined;
  }
}

