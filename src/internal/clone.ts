import { SpecloomError, describeValue } from "../errors";
import { setKey } from "./index-keys";
import { isPlainObject, propertyLabel, setOwn } from "./own";

export interface CloneOptions {
  /** Values kept by reference instead of copied (schema objects inside a route definition). */
  keep?: (value: object | ((...args: never[]) => unknown)) => boolean;
}

interface Frame {
  source: Record<string, unknown> | unknown[];
  target: Record<string, unknown> | unknown[];
  keys: string[] | undefined;
  index: number;
  parent: Frame | undefined;
  key: string | number;
}

function locate(base: string, frame: Frame | undefined, key: string | number): string {
  const parts: string[] = [propertyLabel(key)];
  for (let f = frame; f && f.parent; f = f.parent) parts.push(propertyLabel(f.key));
  return base + parts.reverse().join("");
}

/**
 * Copies JSON-like data from the caller into a fresh tree, iteratively. Plain objects,
 * arrays, strings, finite numbers, booleans and null are copied; a Date becomes its ISO
 * string (as JSON.stringify would write it); `undefined` properties are left out. Anything
 * else (functions, class instances, symbols, bigints, cycles) is INVALID_DEFINITION naming
 * where it was found, so a document never carries a value JSON cannot hold.
 */
export function cloneData<T = unknown>(value: T, location: string, options: CloneOptions = {}): T {
  const first = copyLeaf(value, location, undefined, "", options);
  if (first.container === undefined) return first.value as T;
  const active = new Set<object>([value as object]);
  const stack: Frame[] = [first.container];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const { source, target } = frame;
    const length = frame.keys ? frame.keys.length : (source as unknown[]).length;
    if (frame.index >= length) {
      stack.pop();
      active.delete(source);
      continue;
    }
    const key = frame.keys ? (frame.keys[frame.index] as string) : frame.index;
    frame.index += 1;
    const child = (source as Record<string | number, unknown>)[key];
    if (child === undefined && frame.keys) continue;
    if (child !== null && typeof child === "object" && active.has(child)) {
      throw new SpecloomError("INVALID_DEFINITION", locate(location, frame, key), "circular reference: this value contains itself");
    }
    const copied = copyLeaf(child, location, frame, key, options);
    if (Array.isArray(target)) target.push(copied.value);
    else setKey(target, key as string, copied.value);
    if (copied.container) {
      active.add(child as object);
      stack.push(copied.container);
    }
  }
  return first.value as T;
}

function copyLeaf(
  value: unknown,
  location: string,
  frame: Frame | undefined,
  key: string | number,
  options: CloneOptions,
): { value: unknown; container?: Frame } {
  switch (typeof value) {
    case "string":
    case "boolean":
      return { value };
    case "number":
      if (Number.isFinite(value)) return { value };
      break;
    case "function":
      if (options.keep?.(value as (...args: never[]) => unknown)) return { value };
      break;
    case "object": {
      if (value === null) return { value };
      if (Array.isArray(value)) {
        const target: unknown[] = [];
        return { value: target, container: { source: value, target, keys: undefined, index: 0, parent: frame, key } };
      }
      if (options.keep?.(value)) return { value };
      if (isPlainObject(value)) {
        const target: Record<string, unknown> = {};
        return { value: target, container: { source: value, target, keys: Object.keys(value), index: 0, parent: frame, key } };
      }
      if (value instanceof Date && !Number.isNaN(value.getTime())) return { value: value.toISOString() };
      break;
    }
  }
  const where = frame ? locate(location, frame, key) : location;
  throw new SpecloomError("INVALID_DEFINITION", where, `expected JSON data, found ${describeValue(value)}`);
}

/**
 * A copy of the plain objects and arrays in `value`; every other value (and any `keep`
 * says to keep, such as schema objects) stays as it is, unchecked. For holding on to what a
 * caller handed over without judging it yet: the checks come later, where every entry point
 * meets them alike. Iterative; a cycle stays a cycle, between the copies.
 */
export function copyStructure<T>(value: T, keep: (value: object) => boolean): T {
  const copies = new Map<object, Record<string, unknown> | unknown[]>();
  const copyOf = (source: unknown): unknown => {
    if (source === null || typeof source !== "object" || (!Array.isArray(source) && !isPlainObject(source)) || keep(source)) return source;
    let copy = copies.get(source);
    if (copy === undefined) {
      copy = Array.isArray(source) ? [] : {};
      copies.set(source, copy);
      work.push([source, copy]);
    }
    return copy;
  };
  const work: [object, Record<string, unknown> | unknown[]][] = [];
  const top = copyOf(value);
  while (work.length > 0) {
    const [source, copy] = work.pop() as [object, Record<string, unknown> | unknown[]];
    if (Array.isArray(source)) for (const item of source) (copy as unknown[]).push(copyOf(item));
    else for (const key of Object.keys(source)) setOwn(copy, key, copyOf((source as Record<string, unknown>)[key]));
  }
  return top as T;
}
