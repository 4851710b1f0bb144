/**
 * A schema's structure as a short key, for matching `oneOf`/`anyOf` branches that are equal:
 * its canonical JSON, made once per node and only for small schemas. A large branch (or one
 * that contains itself) has no shape key and is matched by its name, title or type instead:
 * serialising a whole target schema at every visit is what made diffs of large APIs slow.
 */
import { canonicalJson } from "../internal/canonical-json";
import { isObject } from "../internal/own";

/** How many values a schema may hold to be matched by its structure. */
const LIMIT = 200;

const shapes = new WeakMap<object, string | null>();

/** The structure of `node` (its `$ref`s not followed), or undefined when it is larger than the limit. */
export function shapeOf(node: unknown): string | undefined {
  if (node === null || typeof node !== "object") return canonicalJson(node);
  let shape = shapes.get(node);
  if (shape === undefined) shapes.set(node, (shape = small(node) ? canonicalJson(node) : null));
  return shape ?? undefined;
}

/** Whether `node` holds at most LIMIT values, counted without recursion and stopping at the limit. */
function small(node: object): boolean {
  const stack: unknown[] = [node];
  let count = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (++count > LIMIT) return false;
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (isObject(value)) for (const key of Object.keys(value)) stack.push(value[key]);
  }
  return true;
}
