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

/** A node being rebuilt; it is also the `SchemaNodeInfo` its hook receives. */
interface Frame extends SchemaNodeInfo {
  source: Record<string, unknown> | unknown[];
  target: Record<string, unknown> | unknown[];
  kind: Kind;
  keys: string[] | undefined;
  index: number;
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

/** The property name a child of `frame` sits under, if `frame` is a `properties` map. */
function childProperty(frame: Frame, key: string | number): string | undefined {
  return frame.kind === SCHEMA_MAP && frame.key === "properties" ? String(key) : frame.property;
}

function leafInfo(key: string | number, property: string | undefined): SchemaNodeInfo {
  return { lossyKeys: undefined, lossy: false, key, property, flagged: false };
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
  const { freeze, flag, onSchemaContainer } = options;
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
        const info = leafInfo(key, childProperty(frame, key));
        attach(frame, key, hook(child, info), info.lossy, flag);
      } else if (child !== undefined) {
        attach(frame, key, child, false, undefined);
      }
      continue;
    }
    stack.pop();
    let value: unknown = frame.target;
    if (frame.kind === SCHEMA) value = hook(value, frame);
    else if (frame.kind !== DATA) onSchemaContainer?.(frame.target, frame);
    if (freeze === "deep" || freeze === true) deepFreeze(value);
    else if (freeze === "shallow") Object.freeze(value);
    const parent = stack[stack.length - 1];
    const lossy = frame.lossy || frame.lossyKeys !== undefined;
    if (parent === undefined) {
      result = value;
      resultLossy = lossy;
    } else {
      attach(parent, frame.key, value, lossy, flag);
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
    property,
    lossyKeys: undefined,
    lossy: false,
    flagged: false,
  };
}

function attach(frame: Frame, key: string | number, value: unknown, lossy: boolean, flag: ((value: object) => boolean) | undefined): void {
  if (Array.isArray(frame.target)) frame.target.push(value);
  else setOwn(frame.target, key as string, value);
  if (lossy) {
    // Lists and maps pass lossiness up under their own key; schemas record the child key.
    if (frame.kind === SCHEMA) (frame.lossyKeys ??= []).push(String(key));
    else frame.lossy = true;
  }
  if (flag !== undefined && value !== null && typeof value === "object" && flag(value)) frame.flagged = true;
}
