import { deepFreeze } from "../internal/freeze";
import { isObject, setOwn } from "../internal/own";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS } from "./keywords";

/** What a value in a schema tree is: a schema, a list or map of schemas, or plain data. */
type Kind = 0 | 1 | 2 | 3;
const SCHEMA: Kind = 0;
const SCHEMA_LIST: Kind = 1;
const SCHEMA_MAP: Kind = 2;
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
}

/**
 * Called once per schema node, after its children are rebuilt. Receives the fresh copy
 * (safe to change in place) or, for boolean schemas, the boolean; returns the node to keep.
 */
export type SchemaHook = (node: unknown, info: SchemaNodeInfo) => unknown;

export interface RebuildOptions {
  /** Freeze each finished node, so the result is deeply frozen without another walk. */
  freeze?: boolean;
  /** Keys of the root object to leave out (`$defs`, `$schema` when extracting). */
  skipRootKeys?: ReadonlySet<string>;
  /** Called with each finished list or map of schemas (`allOf`, `properties`), before it is frozen. */
  onSchemaContainer?: (node: unknown[] | Record<string, unknown>) => void;
}

interface Frame {
  source: Record<string, unknown> | unknown[];
  target: Record<string, unknown> | unknown[];
  kind: Kind;
  keys: string[] | undefined;
  index: number;
  key: string | number;
  info: SchemaNodeInfo;
}

function kindOfChild(parent: Kind, key: string, value: unknown): Kind {
  if (parent === SCHEMA_LIST) return SCHEMA;
  if (parent === SCHEMA_MAP) return Array.isArray(value) ? DATA : SCHEMA;
  if (parent === DATA) return DATA;
  if (SUBSCHEMA_KEYWORDS.has(key)) return Array.isArray(value) ? SCHEMA_LIST : SCHEMA;
  if (SCHEMA_LIST_KEYWORDS.has(key)) return SCHEMA_LIST;
  if (SCHEMA_MAP_KEYWORDS.has(key)) return SCHEMA_MAP;
  return DATA;
}

function newInfo(key: string | number, property: string | undefined): SchemaNodeInfo {
  return { lossyKeys: undefined, lossy: false, key, property };
}

/** The property name a child of `frame` sits under, if `frame` is a `properties` map. */
function childProperty(frame: Frame, key: string | number): string | undefined {
  return frame.kind === SCHEMA_MAP && frame.key === "properties" ? String(key) : frame.info.property;
}

/**
 * Copies a JSON Schema tree and lets `hook` rewrite each schema node bottom-up, with an
 * explicit stack: a 20,000-level deep schema does not touch the call stack. Data values
 * (enum, const, default, examples, unknown keywords) are copied, never passed to the hook.
 */
export function rebuildSchema(root: unknown, hook: SchemaHook, options: RebuildOptions = {}): { value: unknown; lossy: boolean } {
  const freeze = options.freeze === true;
  if (!isObject(root)) {
    const info = newInfo("", undefined);
    const value = hook(root, info);
    return { value, lossy: info.lossy };
  }
  const rootFrame = open(root, SCHEMA, "", undefined);
  if (options.skipRootKeys) rootFrame.keys = (rootFrame.keys as string[]).filter((k) => !options.skipRootKeys?.has(k));
  const stack: Frame[] = [rootFrame];
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
        stack.push(open(child as Record<string, unknown>, kind, key, childProperty(frame, key)));
      } else if (kind === SCHEMA) {
        // A boolean schema (`true`/`false`) is a schema node too.
        const info = newInfo(key, childProperty(frame, key));
        attach(frame, key, hook(child, info), info.lossy);
      } else if (child !== undefined) {
        attach(frame, key, child, false);
      }
      continue;
    }
    stack.pop();
    let value: unknown = frame.target;
    if (frame.kind === SCHEMA) value = hook(value, frame.info);
    else if (frame.kind !== DATA) options.onSchemaContainer?.(frame.target);
    if (freeze) deepFreeze(value);
    const parent = stack[stack.length - 1];
    if (parent === undefined) {
      result = value;
      resultLossy = frame.info.lossy || frame.info.lossyKeys !== undefined;
    } else {
      attach(parent, frame.key, value, frame.info.lossy || frame.info.lossyKeys !== undefined);
    }
  }
  return { value: result, lossy: resultLossy };
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
    info: newInfo(key, property),
  };
}

function attach(frame: Frame, key: string | number, value: unknown, lossy: boolean): void {
  if (Array.isArray(frame.target)) frame.target.push(value);
  else setOwn(frame.target, key as string, value);
  if (lossy) {
    // Lists and maps pass lossiness up under their own key; schemas record the child key.
    if (frame.kind === SCHEMA) (frame.info.lossyKeys ??= []).push(String(key));
    else frame.info.lossy = true;
  }
}
