/**
 * The places of a value whose schema is known without choosing: reached from the root
 * through properties and items of schemas with no `anyOf`/`oneOf`, each with the one facet
 * its JSON type selects. Changing a value at such a place changes which keywords it meets
 * there and nowhere else (the caller checks the arrays above it for uniqueness).
 * Iterative; the value is the generator's, so its depth is bounded.
 */
import { encodeSegment } from "../internal/json-pointer";
import { getOwn, hasOwn, isObject, setOwn } from "../internal/own";
import type { JsonType } from "./conjunction";
import type { ValueGenerator } from "./generator";
import { brokenKeywords, typeOf } from "./scalar-check";
import { itemNodes, propertyNodes, type Facet, type Shape } from "./shapes";

export interface Site {
  readonly tokens: readonly string[];
  readonly value: unknown;
  readonly shape: Shape;
  readonly facet: Facet;
  /** The types the schema names here, or undefined when it names none. */
  readonly types: ReadonlySet<JsonType> | undefined;
  readonly depth: number;
}

export function pointerOf(tokens: readonly string[]): string {
  let pointer = "";
  for (const token of tokens) pointer += `/${encodeSegment(token)}`;
  return pointer;
}

/** The one facet of a plain shape a value's type selects. */
function facetFor(shape: Shape, value: unknown): Facet | undefined {
  if (!shape.plain) return undefined;
  const type = typeOf(value);
  const matching = shape.facets.filter((facet) => facet.type === "any" || facet.type === type || (facet.type === "number" && type === "integer"));
  return matching.length === 1 ? matching[0] : undefined;
}

export function sitesOf(generator: ValueGenerator, root: Shape, value: unknown): Site[] {
  const sites: Site[] = [];
  const stack: { shape: Shape; value: unknown; tokens: string[]; depth: number }[] = [{ shape: root, value, tokens: [], depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const facet = facetFor(item.shape, item.value);
    if (facet === undefined) continue;
    const conj = facet.conj;
    // A level whose validity a judge decides, or that the value does not meet, is not a place to change.
    if (facet.excluded.length > 0 || conj.not.length > 0 || conj.unsupported.size > 0) continue;
    if (brokenKeywords(item.value, conj, conj.types).length > 0) continue;
    sites.push({ tokens: item.tokens, value: item.value, shape: item.shape, facet, types: conj.types, depth: item.depth });
    if (facet.values !== undefined) continue;
    const children: typeof stack = [];
    if (Array.isArray(item.value) && conj.contains.length === 0) {
      item.value.forEach((child, index) => {
        const nodes = itemNodes(conj, index);
        if (nodes !== false) children.push({ shape: generator.shapes.of(nodes), value: child, tokens: [...item.tokens, String(index)], depth: item.depth + 1 });
      });
    } else if (isObject(item.value)) {
      for (const name of Object.keys(item.value)) {
        children.push({ shape: generator.shapes.of(propertyNodes(conj, name)), value: getOwn(item.value, name), tokens: [...item.tokens, name], depth: item.depth + 1 });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as (typeof stack)[number]);
  }
  return sites;
}

/** `root` with the value at `tokens` replaced (or removed, for `undefined`); the path is copied, nothing else. */
export function replaced(root: unknown, tokens: readonly string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.slice();
    const object: Record<string, unknown> = {};
    for (const key of Object.keys(node as object)) setOwn(object, key, getOwn(node as object, key));
    return object;
  };
  const top = copy(root);
  let parent = top as Record<string, unknown> | unknown[];
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i] as string;
    const next = copy(Array.isArray(parent) ? parent[Number(token)] : getOwn(parent, token));
    if (Array.isArray(parent)) parent[Number(token)] = next;
    else setOwn(parent, token, next);
    parent = next as Record<string, unknown> | unknown[];
  }
  const last = tokens[tokens.length - 1] as string;
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else if (value === undefined) delete parent[last];
  else setOwn(parent, last, value);
  return top;
}

/** The value at `tokens`, or undefined. */
export function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node) && hasOwn(node, token)) node = getOwn(node, token);
    else return undefined;
  }
  return node;
}

/** The sites above `site` (its arrays and objects), nearest first. */
export function ancestors(sites: readonly Site[], site: Site): Site[] {
  return sites.filter((other) => other.tokens.length < site.tokens.length && other.tokens.every((token, i) => token === site.tokens[i])).sort((a, b) => b.tokens.length - a.tokens.length);
}
