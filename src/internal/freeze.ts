import { isObject } from "./own";
import { pushAll } from "./push-all";

/**
 * Freezes a tree of objects and arrays, iteratively (no recursion over data).
 * A node that is already frozen is taken as deeply frozen and not entered: only
 * Specloom's own trees are frozen before they reach this walk.
 */
export function deepFreeze<T>(root: T): T {
  if (root === null || typeof root !== "object" || Object.isFrozen(root)) return root;
  const stack: object[] = [root as object];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    Object.freeze(node);
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === "object" && !Object.isFrozen(item)) stack.push(item);
      continue;
    }
    // for...in allocates no key list (an array's indices would be strings); the own-key test
    // keeps a polluted Object.prototype out.
    for (const key in node) {
      if (!hasOwnProperty.call(node, key)) continue;
      const value = node[key];
      if (value !== null && typeof value === "object" && !Object.isFrozen(value)) stack.push(value);
    }
  }
  return root;
}

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** True when every object under `root` is frozen (walks the whole tree). */
export function isDeeplyFrozen(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (!Object.isFrozen(node)) return false;
    if (Array.isArray(node)) pushAll(stack, node);
    else if (isObject(node)) for (const key of Object.keys(node)) stack.push(node[key]);
  }
  return true;
}
