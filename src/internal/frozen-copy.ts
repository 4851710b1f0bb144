import { SpecloomError, describeValue } from "../errors";
import { setKey as define } from "./index-keys";
import { propertyLabel } from "./own";

/**
 * A deeply frozen copy of JSON data, in one iterative pass: each object is frozen as soon as
 * its own keys are copied, so no second walk is needed to freeze the result. Built for merge(),
 * which copies whole documents and must stay within a small factor of
 * `JSON.parse(JSON.stringify(x))`; cloneData() (clone.ts) allocates per value and is slower.
 *
 * Two walks, one behaviour. The quick one (quickCopy) keeps a flat list of objects still to
 * fill and reads keys with `for...in`, so it allocates nothing but the copy; it knows no
 * locations, so it gives up on anything unusual (a value JSON cannot hold, a class instance,
 * an invalid Date, an array hole, a tree deeper than CYCLE_CHECK_DEPTH) and the careful walk
 * (carefulCopy, an explicit depth-first stack) starts again from the root: it copies deep
 * trees, finds cycles and names the first invalid value in document order.
 *
 * Accepts what JSON holds: plain objects (including `Object.create(null)`), arrays, strings,
 * finite numbers, booleans and null. A valid Date becomes its ISO string, as JSON.stringify
 * writes it; `undefined` properties are left out. Anything else (functions, symbols, bigints,
 * NaN, class instances, cycles) is INVALID_DEFINITION naming where it was found. A key
 * `__proto__` stays an ordinary own key.
 */

/** Where the value sits, for messages; a function when building the text up front would cost. */
export type Location = string | (() => string);

/**
 * Keys a caller wants to hear about while the copy runs, so it need not walk the tree again.
 * `seen` is called once per occurrence, in no particular order; `restart` when the quick walk
 * gave up and the careful one starts again from the root (forget what was seen so far).
 */
export interface KeyWatch {
  readonly keys: ReadonlySet<string>;
  readonly seen: (key: string, value: unknown) => void;
  readonly restart: () => void;
}

/**
 * A bit per character code below 128 that some watched key starts with, so most keys are
 * ruled out without hashing them; -1 (every bit) when a watched key starts otherwise.
 */
const firstCharacters = new WeakMap<ReadonlySet<string>, number[]>();

function firstCharacterMask(keys: ReadonlySet<string>): number[] {
  let mask = firstCharacters.get(keys);
  if (mask === undefined) {
    mask = [0, 0, 0, 0];
    for (const key of keys) {
      const code = key.charCodeAt(0);
      if (code < 128) mask[code >> 5] = (mask[code >> 5] as number) | (1 << (code & 31));
      else mask = [-1, -1, -1, -1];
    }
    firstCharacters.set(keys, mask);
  }
  return mask;
}

type Container = Record<string, unknown> | unknown[];

/**
 * Cycles are looked for only below this depth: a cycle makes the walk infinitely deep, so it
 * is caught there; shallower documents pay nothing for the check.
 */
const CYCLE_CHECK_DEPTH = 512;

const OBJECT_PROTOTYPE = Object.prototype;

/**
 * The walk's stack, as parallel arrays rather than one frame object per level: copying
 * allocates enough already.
 */
class Walk {
  readonly sources: Container[] = [];
  readonly targets: Container[] = [];
  /** Own keys of an object level; undefined for an array level. */
  readonly keys: (string[] | undefined)[] = [];
  readonly indexes: number[] = [];
  /** The objects on the current path, kept once the walk has been deep enough to need them. */
  active: Set<object> | undefined;

  constructor(readonly at: Location) {}

  /** The location of `key` under level `depth` of the current path. */
  where(depth: number, key: string | number): string {
    let text = typeof this.at === "function" ? this.at() : this.at;
    for (let level = 0; level < depth; level++) {
      const keys = this.keys[level];
      const index = (this.indexes[level] as number) - 1;
      text += propertyLabel(keys ? (keys[index] as string) : index);
    }
    return text + propertyLabel(key);
  }
}

export function frozenCopy<T = unknown>(value: T, at: Location, watch?: KeyWatch): T {
  if (value === null || typeof value !== "object") return leaf(value, at) as T;
  const quick = quickCopy(value, watch);
  if (quick !== UNUSUAL) return quick as T;
  watch?.restart();
  return carefulCopy(value, at, watch);
}

/** What quickCopy returns when it gives up. */
const UNUSUAL: unique symbol = Symbol("unusual");

/** The list of objects quickCopy still has to fill, kept between calls (a walk never nests). */
let spareWork: unknown[] | undefined;

const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * The copy, or UNUSUAL. `work` holds triples (source, its copy, depth): a copy is defined in
 * its parent as soon as it is made, so keys keep their order, and filled when its turn comes.
 */
function quickCopy(value: object, watch: KeyWatch | undefined): unknown {
  const root = quickContainer(value);
  if (root === undefined) return UNUSUAL;
  const work = spareWork ?? [];
  spareWork = undefined;
  const mask = watch === undefined ? undefined : firstCharacterMask(watch.keys);
  let result: unknown = root;
  work.push(value, root, 0);
  fill: while (work.length > 0) {
    const depth = work.pop() as number;
    const target = work.pop() as Container;
    const source = work.pop() as Container;
    if (Array.isArray(source)) {
      const copy = target as unknown[];
      for (let index = 0; index < source.length; index++) {
        const copied = quickChild(source[index], depth, work);
        if (copied === UNUSUAL) {
          result = UNUSUAL;
          break fill;
        }
        copy.push(copied);
      }
    } else {
      const object = source as Record<string, unknown>;
      const copy = target as Record<string, unknown>;
      for (const key in object) {
        if (!hasOwnProperty.call(object, key)) continue;
        const child = object[key];
        if (mask !== undefined) {
          const code = key.charCodeAt(0);
          if ((code >= 128 || ((mask[code >> 5] as number) & (1 << (code & 31))) !== 0) && (watch as KeyWatch).keys.has(key)) (watch as KeyWatch).seen(key, child);
        }
        if (child === undefined) continue;
        const copied = quickChild(child, depth, work);
        if (copied === UNUSUAL) {
          result = UNUSUAL;
          break fill;
        }
        define(copy, key, copied);
      }
    }
    Object.freeze(target);
  }
  work.length = 0;
  spareWork = work;
  return result;
}

/**
 * What goes into the copy for one child: a scalar as it is, a valid Date as its ISO string,
 * or a new empty container queued on `work` to be filled. UNUSUAL for anything the careful
 * walk must look at (undefined too: in an array it is a hole or a value JSON cannot hold).
 */
function quickChild(child: unknown, depth: number, work: unknown[]): unknown {
  if (typeof child !== "object" || child === null) return isJsonScalar(child) ? child : UNUSUAL;
  const next = quickContainer(child);
  if (next !== undefined && depth + 1 < CYCLE_CHECK_DEPTH) {
    work.push(child, next, depth + 1);
    return next;
  }
  if (next === undefined && child instanceof Date && !Number.isNaN(child.getTime())) return child.toISOString();
  return UNUSUAL;
}

/** A new, empty copy target for a plain object or array; undefined for anything else. */
function quickContainer(value: object): Container | undefined {
  if (Array.isArray(value)) return [];
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === OBJECT_PROTOTYPE || prototype === null ? {} : undefined;
}

/** The original walk: depth first, with the path to every value, for locations and cycles. */
function carefulCopy<T>(value: T & object, at: Location, watch: KeyWatch | undefined): T {
  const walk = new Walk(at);
  const root = container(value, walk, -1, "");
  if (root === undefined) return leaf(value, at) as T;
  let depth = enter(walk, -1, value, root);
  const { sources, targets, keys: keyLists, indexes } = walk;
  descend: while (depth >= 0) {
    const source = sources[depth] as Container;
    const target = targets[depth] as Container;
    const keys = keyLists[depth];
    let index = indexes[depth] as number;
    if (keys === undefined) {
      const list = source as unknown[];
      const copy = target as unknown[];
      while (index < list.length) {
        const child = list[index++];
        if (typeof child === "object" && child !== null) {
          indexes[depth] = index;
          const next = container(child, walk, depth, index - 1);
          if (next === undefined) {
            copy.push(leaf(child, () => walk.where(depth, index - 1)));
            continue;
          }
          copy.push(next);
          depth = enter(walk, depth, child, next);
          continue descend;
        }
        copy.push(isJsonScalar(child) ? child : leaf(child, () => walk.where(depth, index - 1)));
      }
    } else {
      const object = source as Record<string, unknown>;
      const copy = target as Record<string, unknown>;
      while (index < keys.length) {
        const key = keys[index++] as string;
        const child = object[key];
        if (watch !== undefined && watch.keys.has(key)) watch.seen(key, child);
        let result: unknown = child;
        if (typeof child === "object" && child !== null) {
          indexes[depth] = index;
          const next = container(child, walk, depth, key);
          if (next !== undefined) {
            define(copy, key, next);
            depth = enter(walk, depth, child, next);
            continue descend;
          }
          result = leaf(child, () => walk.where(depth, key));
        } else if (child === undefined) {
          continue;
        } else if (!isJsonScalar(child)) {
          result = leaf(child, () => walk.where(depth, key));
        }
        define(copy, key, result);
      }
    }
    depth = leave(walk, depth, source, target);
  }
  return root as T;
}

/** A level done: its copy frozen, its objects let go (so a long walk does not keep them alive). */
function leave(walk: Walk, depth: number, source: Container, target: Container): number {
  Object.freeze(target);
  walk.active?.delete(source);
  walk.sources[depth] = walk.targets[depth] = undefined as never;
  return depth - 1;
}

/** A new, empty copy target for a plain object or array; undefined for a Date (a leaf). */
function container(value: object, walk: Walk, depth: number, key: string | number): Container | undefined {
  if (Array.isArray(value)) return [];
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === OBJECT_PROTOTYPE || prototype === null) return {};
  if (value instanceof Date) return undefined;
  throw new SpecloomError("INVALID_DEFINITION", depth < 0 ? text(walk.at) : walk.where(depth, key), `expected JSON data, found ${describeValue(value)}`);
}

/** Pushes a level for `source`, checking for cycles once the path is deep. Returns the new depth. */
function enter(walk: Walk, depth: number, source: object, target: Container): number {
  const next = depth + 1;
  walk.sources[next] = source as Container;
  walk.targets[next] = target;
  walk.keys[next] = Array.isArray(source) ? undefined : Object.keys(source);
  walk.indexes[next] = 0;
  if (walk.active !== undefined) {
    if (walk.active.has(source)) throw circular(walk, depth, walk.keys, walk.indexes);
    walk.active.add(source);
  } else if (next >= CYCLE_CHECK_DEPTH) {
    const active = new Set<object>();
    for (let level = 0; level <= next; level++) {
      const node = walk.sources[level] as object;
      if (active.has(node)) throw circular(walk, level - 1, walk.keys, walk.indexes);
      active.add(node);
    }
    walk.active = active;
  }
  return next;
}

function circular(walk: Walk, parentDepth: number, keys: (string[] | undefined)[], indexes: number[]): SpecloomError {
  const index = (indexes[parentDepth] as number) - 1;
  const list = keys[parentDepth];
  const location = walk.where(parentDepth, list ? (list[index] as string) : index);
  return new SpecloomError("INVALID_DEFINITION", location, "circular reference: this value contains itself, which JSON cannot hold");
}


function isJsonScalar(value: unknown): boolean {
  return typeof value === "string" || typeof value === "boolean" || value === null || (typeof value === "number" && Number.isFinite(value));
}

function text(at: Location): string {
  return typeof at === "function" ? at() : at;
}

/** A value that is not a container: kept when JSON can hold it. */
function leaf(value: unknown, at: Location): unknown {
  if (isJsonScalar(value)) return value;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  throw new SpecloomError("INVALID_DEFINITION", text(at), `expected JSON data, found ${describeValue(value)}`);
}
