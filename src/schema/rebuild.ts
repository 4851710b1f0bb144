import { deepFreeze } from "../internal/freeze";
import { isObject } from "../internal/own";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS } from "./keywords";

/** What a value in a schema tree is: a schema, a list or map of schemas, or plain data. */
export type Kind = 0 | 1 | 2 | 3;
export const SCHEMA: Kind = 0;
export const SCHEMA_LIST: Kind = 1;
export const SCHEMA_MAP: Kind = 2;
const DATA: Kind = 3;

/** What a schema-level hook learns about the node it finishes. */
export interface SchemaNodeInfo {
  /** Keys of direct children whose conversion widened what they accept. */
  lossyKeys: string[] | undefined;
  /** Set by the hook when its own conversion widened what the node accepts. */
  lossy: boolean;
  /** The key under which this schema sits in its parent (`items`, a property name, an index). */
  key: string | number;
  /** The nearest enclosing object property name, for names derived from where a schema sits. */
  property: string | undefined;
  /** Some direct child satisfied `RebuildOptions.flag`. */
  flagged: boolean;
}

/**
 * Called once per schema node, after its children are rebuilt. Receives the fresh copy
 * (safe to change in place) or, for boolean schemas, the boolean; returns the node to keep.
 */
export type SchemaHook = (node: unknown, info: SchemaNodeInfo) => unknown;

export interface RebuildOptions {
  /**
   * Freeze each finished node, so the result is frozen without another walk: "deep" also
   * freezes new objects a hook built around the children; "shallow" trusts the hook to
   * build none (only deletes or renames keys). `true` means "deep".
   */
  freeze?: boolean | "deep" | "shallow";
  /** Keys of the root object to leave out (`$defs`, `$schema` when extracting). */
  skipRootKeys?: ReadonlySet<string>;
  /** Called with each finished list or map of schemas (`allOf`, `properties`), before it is frozen. */
  onSchemaContainer?: (node: unknown[] | Record<string, unknown>, info: SchemaNodeInfo) => void;
  /** Marks a finished child, so its parent's `info.flagged` says so (the importer: "holds a $ref"). */
  flag?: (value: object) => boolean;
}

/** What a keyword of a schema node holds; a keyword not listed holds data. */
export const KEYWORD_KINDS = new Map<string, Kind>();
for (const key of SUBSCHEMA_KEYWORDS) KEYWORD_KINDS.set(key, SCHEMA);
for (const key of SCHEMA_LIST_KEYWORDS) KEYWORD_KINDS.set(key, SCHEMA_LIST);
for (const key of SCHEMA_MAP_KEYWORDS) KEYWORD_KINDS.set(key, SCHEMA_MAP);

function kindOfChild(parent: Kind, key: string, value: unknown): Kind {
  if (parent === SCHEMA_LIST) return SCHEMA;
  if (parent === SCHEMA_MAP) return Array.isArray(value) ? DATA : SCHEMA;
  if (parent === DATA) return DATA;
  const kind = KEYWORD_KINDS.get(key);
  if (kind === undefined) return DATA;
  // `items: [...]` is draft-07's tuple: a list of schemas under a one-schema keyword.
  return kind === SCHEMA && Array.isArray(value) ? SCHEMA_LIST : kind;
}

/**
 * A node being rebuilt; it is also the `SchemaNodeInfo` its hook receives. Lists and maps
 * of schemas, and schema nodes with a schema below them, get one; a schema node whose
 * children are all data or booleans (most of them: `{ type: "string", maxLength: 9 }`) is
 * rebuilt in one step without one.
 */
interface Frame extends SchemaNodeInfo {
  source: Record<string, unknown> | unknown[];
  target: Record<string, unknown> | unknown[];
  kind: Kind;
  keys: string[] | undefined;
  index: number;
}

/** The property name a child of a `kind` container under `key` sits under. */
function childProperty(kind: Kind, key: string | number, containerKey: string | number, property: string | undefined): string | undefined {
  return kind === SCHEMA_MAP && containerKey === "properties" ? String(key) : property;
}

function leafInfo(key: string | number, property: string | undefined): SchemaNodeInfo {
  return { lossyKeys: undefined, lossy: false, key, property, flagged: false };
}

/**
 * What a hook throws about the node it was given (`path` relative to that node); the walk
 * puts the node's own path in front before it passes the problem on.
 */
export class SchemaNodeProblem extends Error {
  constructor(
    public path: (string | number)[],
    readonly problem: string,
  ) {
    super(problem);
  }
}

/** Settings of one rebuild, passed to its helpers. */
interface Walk {
  /** The frames from the root to the node being rebuilt, for the path of a problem. */
  readonly stack: Frame[];
  readonly hook: SchemaHook;
  readonly freeze: "deep" | "shallow" | undefined;
  readonly flag: ((value: object) => boolean) | undefined;
  readonly onSchemaContainer: RebuildOptions["onSchemaContainer"];
}

/**
 * Copies a JSON Schema tree and lets `hook` rewrite each schema node bottom-up, with an
 * explicit stack: a 20,000-level deep schema does not touch the call stack. Data values
 * (enum, const, default, examples, unknown keywords) are copied, never passed to the hook.
 */
export function rebuildSchema(root: unknown, hook: SchemaHook, options: RebuildOptions = {}): { value: unknown; lossy: boolean } {
  if (!isObject(root)) {
    const info = leafInfo("", undefined);
    const value = hook(root, info);
    return { value, lossy: info.lossy };
  }
  const freeze = options.freeze === true || options.freeze === "deep" ? "deep" : options.freeze === "shallow" ? "shallow" : undefined;
  const rootFrame = open(root, SCHEMA, "", undefined);
  if (options.skipRootKeys) rootFrame.keys = (rootFrame.keys as string[]).filter((k) => !options.skipRootKeys?.has(k));
  const stack: Frame[] = [rootFrame];
  const walk: Walk = { stack, hook, freeze, flag: options.flag, onSchemaContainer: options.onSchemaContainer };
  let result: unknown;
  let resultLossy = false;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const keys = frame.keys;
    const length = keys ? keys.length : (frame.source as unknown[]).length;
    if (frame.index < length) {
      const key: string | number = keys ? (keys[frame.index] as string) : frame.index;
      frame.index += 1;
      const child = (frame.source as Record<string | number, unknown>)[key];
      const kind = kindOfChild(frame.kind, typeof key === "string" ? key : "", child);
      if (child !== null && typeof child === "object") {
        if (kind === DATA) {
          attach(frame, key, copyData(child, freeze !== undefined), false, undefined);
          continue;
        }
        const property = childProperty(frame.kind, key, frame.key, frame.property);
        const step = kind === SCHEMA && !Array.isArray(child) ? schemaLeaf(child as Record<string, unknown>, key, property, walk) : undefined;
        if (step !== undefined) attach(frame, key, step.value, step.lossy, walk.flag);
        else stack.push(open(child as Record<string, unknown>, kind, key, property));
      } else if (kind === SCHEMA) {
        // A boolean schema (`true`/`false`) is a schema node too.
        const info = leafInfo(key, childProperty(frame.kind, key, frame.key, frame.property));
        attach(frame, key, runHook(walk, child, info, key), info.lossy, walk.flag);
      } else if (child !== undefined) {
        attach(frame, key, child, false, undefined);
      }
      continue;
    }
    stack.pop();
    const value = finish(frame, frame.target, frame.kind, walk, stack.length === 0 ? undefined : frame.key);
    const parent = stack[stack.length - 1];
    const lossy = frame.lossy || frame.lossyKeys !== undefined;
    if (parent === undefined) {
      result = value;
      resultLossy = lossy;
    } else {
      attach(parent, frame.key, value, lossy, walk.flag);
    }
  }
  return { value: result, lossy: resultLossy };
}

/** Runs the hook (schema nodes) or the container callback (lists, maps) on a rebuilt node, then freezes it. */
function finish(info: SchemaNodeInfo, target: Record<string, unknown> | unknown[], kind: Kind, walk: Walk, key: string | number | undefined): unknown {
  let value: unknown = target;
  if (kind === SCHEMA) value = runHook(walk, value, info, key);
  else if (kind !== DATA) walk.onSchemaContainer?.(target, info);
  if (walk.freeze === "deep") deepFreeze(value);
  else if (walk.freeze === "shallow") Object.freeze(value);
  return value;
}

/**
 * A schema node rebuilt in one step when no schema sits below it (its object children are
 * all data); undefined when one does, so it needs a frame of its own.
 */
function schemaLeaf(source: Record<string, unknown>, key: string | number, property: string | undefined, walk: Walk): { value: unknown; lossy: boolean } | undefined {
  const keys = Object.keys(source);
  for (const name of keys) {
    const child = source[name];
    if (child !== null && typeof child === "object" && KEYWORD_KINDS.has(name)) return undefined;
  }
  const info: Frame = { source, target: {}, kind: SCHEMA, keys, index: keys.length, key, property, lossyKeys: undefined, lossy: false, flagged: false };
  for (const name of keys) {
    const child = source[name];
    if (child !== null && typeof child === "object") {
      attach(info, name, copyData(child, walk.freeze !== undefined), false, undefined);
    } else if (KEYWORD_KINDS.get(name) === SCHEMA) {
      const childInfo = leafInfo(name, property);
      attach(info, name, runHook(walk, child, childInfo, key, name), childInfo.lossy, walk.flag);
    } else if (child !== undefined) {
      attach(info, name, child, false, undefined);
    }
  }
  const value = finish(info, info.target, SCHEMA, walk, key);
  return { value, lossy: info.lossy || info.lossyKeys !== undefined };
}

/**
 * The hook on one node; a SchemaNodeProblem it throws gets the node's path in front: the
 * keys of the frames below the root, then the node's own key (and its child's, for a
 * boolean schema inside a one-step node), as its frame is not on the stack. Worked out
 * only when there is a problem.
 */
function runHook(walk: Walk, value: unknown, info: SchemaNodeInfo, key?: string | number, child?: string): unknown {
  try {
    return walk.hook(value, info);
  } catch (error) {
    if (!(error instanceof SchemaNodeProblem)) throw error;
    const path: (string | number)[] = [];
    for (let i = 1; i < walk.stack.length; i++) path.push((walk.stack[i] as Frame).key);
    if (key !== undefined) path.push(key);
    if (child !== undefined) path.push(child);
    for (const part of error.path) path.push(part);
    error.path = path;
    throw error;
  }
}

function open(source: Record<string, unknown> | unknown[], kind: Kind, key: string | number, property: string | undefined): Frame {
  const isArray = Array.isArray(source);
  return {
    source,
    target: isArray ? [] : {},
    kind,
    keys: isArray ? undefined : Object.keys(source),
    index: 0,
    key,
    property,
    lossyKeys: undefined,
    lossy: false,
    flagged: false,
  };
}

function attach(frame: Frame, key: string | number, value: unknown, lossy: boolean, flag: ((value: object) => boolean) | undefined): void {
  const target = frame.target;
  if (Array.isArray(target)) target.push(value);
  else setKey(target, key as string, value);
  if (lossy) {
    // Lists and maps pass lossiness up under their own key; schemas record the child key.
    if (frame.kind === SCHEMA) (frame.lossyKeys ??= []).push(String(key));
    else frame.lossy = true;
  }
  if (flag !== undefined && value !== null && typeof value === "object" && flag(value)) frame.flagged = true;
}

/**
 * A copy of a data value (enum, default, examples, an unknown keyword's value): no hook
 * sees it. `undefined` entries are left out, as JSON leaves them out. Iterative.
 */
export function copyData(root: object, freeze: boolean): unknown {
  const copyOf = (source: object): Record<string, unknown> | unknown[] => (Array.isArray(source) ? [] : {});
  const top = copyOf(root);
  const work: [object, Record<string, unknown> | unknown[]][] = [[root, top]];
  while (work.length > 0) {
    const [source, target] = work.pop() as [object, Record<string, unknown> | unknown[]];
    if (Array.isArray(source)) {
      for (const child of source) {
        if (child === undefined) continue;
        let value: unknown = child;
        if (child !== null && typeof child === "object") work.push([child, (value = copyOf(child))]);
        (target as unknown[]).push(value);
      }
    } else {
      for (const key of Object.keys(source)) {
        const child = (source as Record<string, unknown>)[key];
        if (child === undefined) continue;
        let value: unknown = child;
        if (child !== null && typeof child === "object") work.push([child, (value = copyOf(child))]);
        setKey(target as Record<string, unknown>, key, value);
      }
    }
    if (freeze) Object.freeze(target);
  }
  return top;
}

/** setOwn (internal/own.ts), written here because it runs for every key of every schema. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
