import { isObject, type JsonObject } from "../internal/own";
import { Candidate, DATA_KEYWORDS, isShape } from "./candidates";
import { checkKeyword } from "./keyword-check";
import { KEYWORD_KINDS, copyData, setKey, SCHEMA, SCHEMA_LIST, SCHEMA_MAP } from "./rebuild";
import { DEF_PREFIX, markRefHolder, ROOT } from "./ref-marks";

/**
 * The import of an answer already written in the document's dialect (JSON Schema 2020-12
 * for a 3.1 document, what libraries answer first), in one walk that copies, checks,
 * freezes and marks each node, and lists the candidates for recognition (shapes.ts), as it
 * goes: no hook per node, no key deleted after copying (deleting makes an object slow to
 * read), no second walk. It covers what libraries write; on anything else (a nested
 * `$defs`, an anchor, a file, an empty list, any problem) it gives up, and the converting
 * walk (import.ts) imports the answer instead, with its exact messages. Both give the same
 * trees, marks, edges, first properties and candidates (test/schema/direct-import.test.ts).
 */

/** What the walk gives the import: the trees, and the references each tree makes, in the converting walk's order. */
export interface DirectImport {
  readonly root: unknown;
  readonly defs: Map<string, unknown>;
  readonly edges: Map<string, string[]>;
  readonly firstProperty: Map<string, string | undefined>;
  /** The candidates, in shapes.ts's order; undefined when data values hold objects, which only shapes.ts walks. */
  readonly candidates?: readonly Candidate[];
}

/** Thrown inside the walk to give the answer to the converting walk. */
const GIVE_UP = new Error("not imported directly");

/** What the walk does with a schema node's key: one lookup per key. */
const DROP = 0; // an identifier no document should carry
const CONVERT = 1; // only the converting walk handles it
const REF = 2;
const FILE_HINT = 3; // `format` or `contentEncoding`: "binary" may make a file, which the converting walk rewrites
const DATA = 4; // a data keyword whose value candidates are not looked for in
const KINDS = 5;
const ACTIONS = new Map<string, number>([
  // Kinds of schema-valued keywords, offset past the actions (which take precedence: `$defs` is one).
  ...[...KEYWORD_KINDS].map(([key, kind]) => [key, KINDS + kind] as const),
  ["$schema", DROP],
  ["$id", DROP],
  ...["$defs", "definitions", "$anchor", "$dynamicAnchor", "dependencies"].map((key) => [key, CONVERT] as const),
  ["$ref", REF],
  ["format", FILE_HINT],
  ["contentEncoding", FILE_HINT],
  ...[...DATA_KEYWORDS].map((key) => [key, DATA] as const),
]);

/** Candidates found below a node, in shapes.ts's order: a chain, so joining two costs nothing. */
interface Link {
  readonly candidate: Candidate;
  next: Link | undefined;
}

/** A schema node, list or map of schemas being copied. */
interface Frame {
  readonly source: Record<string, unknown> | unknown[];
  readonly target: Record<string, unknown> | unknown[];
  readonly kind: number;
  readonly keys: string[] | undefined;
  index: number;
  /** The key under which it sits in its parent. */
  readonly key: string | number;
  /** The nearest enclosing property name. */
  readonly property: string | undefined;
  /** Its number in the walk: its subtree holds the numbers from here up to the walk's count when it is done. */
  readonly pre: number;
  /** The target of the node holding it. */
  readonly owner: JsonObject | unknown[] | undefined;
  /** It has a key that can make it a shape (isShape decides when it is done). */
  maybeShape: boolean;
  /** Candidates below it so far. */
  head: Link | undefined;
  tail: Link | undefined;
  /** Some child holds a `$ref`. */
  holds: boolean;
  /** A schema node's `$ref` as the library wrote it, resolved when the node is finished (as the converting walk does). */
  ref: string | undefined;
  fileHint: boolean;
}

interface Walk {
  readonly edges: Map<string, string[]>;
  readonly firstProperty: Map<string, string | undefined>;
  readonly resolve: (ref: string) => string;
  /** The tree being copied: ROOT or a definition key. */
  tree: string;
  count: number;
  /** A data value holds an object, which shapes.ts would look into: it lists the candidates then. */
  objectInData: boolean;
}

/**
 * The answer's root (without `skipRootKeys`) and definitions (`rawDefs`, to which `resolve`
 * may add the nodes pointers reach), or undefined when the converting walk must import it.
 */
export function directImport(raw: JsonObject, rawDefs: Map<string, unknown>, skipRootKeys: ReadonlySet<string>, resolve: (ref: string) => string): DirectImport | undefined {
  const edges = new Map<string, string[]>();
  const firstProperty = new Map<string, string | undefined>();
  const defs = new Map<string, unknown>();
  const walk: Walk = { edges, firstProperty, resolve, tree: ROOT, count: 0, objectInData: false };
  const candidates: Candidate[] = [];
  try {
    const root = copyTree(raw, walk, skipRootKeys, candidates);
    for (const [key, body] of rawDefs) {
      walk.tree = key;
      defs.set(key, copyTree(body, walk, undefined, candidates));
    }
    return { root, defs, edges, firstProperty, ...(walk.objectInData ? {} : { candidates }) };
  } catch {
    return undefined;
  }
}

/** One tree (the root or a definition), iteratively; its candidates are added to `candidates`. */
function copyTree(top: unknown, walk: Walk, skip: ReadonlySet<string> | undefined, candidates: Candidate[]): unknown {
  if (typeof top === "boolean") return top;
  if (!isObject(top)) throw GIVE_UP;
  const stack: Frame[] = [open(top, SCHEMA, "", undefined, undefined, walk, skip)];
  while (true) {
    const frame = stack[stack.length - 1] as Frame;
    const child = next(frame, walk);
    if (child !== undefined) {
      stack.push(child);
      continue;
    }
    stack.pop();
    const parent = stack[stack.length - 1];
    const value = finish(frame, parent, walk);
    if (parent === undefined) {
      for (let link = frame.head; link !== undefined; link = link.next) candidates.push(link.candidate);
      return value;
    }
    attach(parent, frame, value);
  }
}

function open(source: JsonObject | unknown[], kind: number, key: string | number, property: string | undefined, owner: JsonObject | unknown[] | undefined, walk: Walk, skip?: ReadonlySet<string>): Frame {
  let keys: string[] | undefined;
  if (!Array.isArray(source)) {
    keys = Object.keys(source);
    if (skip) keys = keys.filter((k) => !skip.has(k));
  }
  const target = Array.isArray(source) ? [] : {};
  return { source, target, kind, keys, index: 0, key, property, pre: walk.count++, owner, maybeShape: false, head: undefined, tail: undefined, holds: false, ref: undefined, fileHint: false };
}

/**
 * Copies the frame's children up to the next one that is a schema object (which gets a frame
 * of its own), and returns that one's frame; undefined when the frame is done.
 */
function next(frame: Frame, walk: Walk): Frame | undefined {
  const keys = frame.keys;
  if (keys === undefined) {
    // A list of schemas.
    const list = frame.source as unknown[];
    while (frame.index < list.length) {
      const index = frame.index++;
      const item = list[index];
      if (typeof item === "boolean") (frame.target as unknown[]).push(item);
      else if (isObject(item)) return open(item, SCHEMA, index, frame.property, frame.target, walk);
      else throw GIVE_UP;
    }
    return undefined;
  }
  const source = frame.source as JsonObject;
  const target = frame.target as JsonObject;
  while (frame.index < keys.length) {
    const key = keys[frame.index++] as string;
    const value = source[key];
    if (key === "properties" || key === "enum" || key === "anyOf" || key === "oneOf") frame.maybeShape = true;
    if (frame.kind === SCHEMA_MAP) {
      // shapes.ts does not look below a property named like a data keyword.
      if (value === undefined || DATA_KEYWORDS.has(key)) throw GIVE_UP;
      if (typeof value === "boolean") setKey(target, key, value);
      else if (isObject(value)) return open(value, SCHEMA, key, frame.key === "properties" ? key : frame.property, target, walk);
      else throw GIVE_UP;
      continue;
    }
    const action = ACTIONS.get(key);
    if (action === undefined || action < KINDS) {
      if (action === DROP) continue;
      if (action === CONVERT) throw GIVE_UP;
      if (value === undefined) continue;
      if (action === REF && typeof value === "string") frame.ref = value;
      else if (action === FILE_HINT && value === "binary") frame.fileHint = true;
      if (value !== null && typeof value === "object") {
        const copy = copyValue(value);
        if (action !== DATA && copy === undefined) walk.objectInData = true;
        put(target, key, copy ?? copyData(value, true));
      } else {
        put(target, key, value);
      }
      continue;
    }
    const kind = action - KINDS;
    if (kind === SCHEMA) {
      // The walk itself holds a schema keyword to its form (an object or a boolean), as checkKeyword would.
      if (typeof value === "boolean") setKey(target, key, value);
      else if (isObject(value)) return open(value, SCHEMA, key, frame.property, target, walk);
      else throw GIVE_UP;
      continue;
    }
    if (value === undefined) continue;
    if (kind === SCHEMA_LIST ? !Array.isArray(value) || value.length === 0 : !isObject(value)) throw GIVE_UP;
    return open(value as JsonObject | unknown[], kind, key, frame.property, target, walk);
  }
  return undefined;
}

/** A schema node's keyword, checked as the converting walk checks each node's (a problem gives the answer up). */
function put(target: JsonObject, key: string, value: unknown): void {
  checkKeyword(key, value, "draft-2020-12", true);
  setKey(target, key, value);
}

/**
 * A frozen copy of a data value that is a list of plain values (`required`, `enum`, a
 * `type` list), without copyData's work list; undefined for any other value (which may
 * hold objects: then shapes.ts lists the candidates, as it looks into data).
 */
function copyValue(value: object): readonly unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const copy: unknown[] = [];
  for (const item of value) {
    if (item !== null && typeof item === "object") return undefined;
    // copyData leaves `undefined` out, as JSON does.
    if (item !== undefined) copy.push(item);
  }
  return Object.freeze(copy);
}

/** Checks and freezes a finished node; a schema node with a `$ref` records its edge; a shape becomes a candidate. */
function finish(frame: Frame, parent: Frame | undefined, walk: Walk): unknown {
  const target = frame.target;
  if (frame.kind === SCHEMA) {
    if (frame.fileHint && (target as JsonObject).type === "string") throw GIVE_UP;
    if (frame.ref !== undefined) {
      const key = walk.resolve(frame.ref);
      (target as JsonObject).$ref = key === ROOT ? ROOT : DEF_PREFIX + key;
      const list = walk.edges.get(walk.tree);
      if (list) list.push(key);
      else walk.edges.set(walk.tree, [key]);
      if (!walk.firstProperty.has(key)) walk.firstProperty.set(key, frame.property);
    }
  }
  if (frame.maybeShape && isShape(target)) {
    // A branch of a union: its parent sits under `anyOf`/`oneOf` in the union.
    const union = parent !== undefined && (parent.key === "anyOf" || parent.key === "oneOf") && isObject(parent.owner) ? parent.owner : undefined;
    const link: Link = { candidate: new Candidate(target, walk.tree, parent === undefined, frame.pre, walk.count, union), next: frame.head };
    frame.head = link;
    frame.tail ??= link;
  }
  if (frame.holds || frame.ref !== undefined) markRefHolder(target);
  return Object.freeze(target);
}

/**
 * Puts a finished child into its parent, with its candidates: after those of earlier items
 * in a list, before those of earlier keys in an object (shapes.ts's walk takes an object's
 * keys last first).
 */
function attach(parent: Frame, child: Frame, value: unknown): void {
  if (Array.isArray(parent.target)) parent.target.push(value);
  // Of the keywords holding schemas, only `patternProperties` has more to check than its form (its keys).
  else if (child.key === "patternProperties" && parent.kind === SCHEMA) put(parent.target, child.key, value);
  else setKey(parent.target, child.key as string, value);
  if (child.holds || child.ref !== undefined) parent.holds = true;
  const head = child.head;
  const tail = child.tail;
  if (head === undefined || tail === undefined) return;
  if (parent.tail === undefined) {
    parent.head = head;
    parent.tail = tail;
  } else if (parent.keys === undefined) {
    parent.tail.next = head;
    parent.tail = tail;
  } else {
    tail.next = parent.head;
    parent.head = head;
  }
}
