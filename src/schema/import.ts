import { SpecloomError, describeValue } from "../errors";
import { hasOwn, isObject, type JsonObject } from "../internal/own";
import { toOpenAPI30Node } from "./dialect-30";
import { toOpenAPI31Node, type SourceDialect } from "./dialect-31";
import { isGeneratedName } from "./names";
import { ANCHOR_REF, anchorPointers } from "./anchors";
import { checkedRebuild, type NodeCheck } from "./checked-rebuild";
import type { Candidate } from "./candidates";
import { directImport, type DirectImport } from "./direct-import";
import type { SchemaNodeInfo } from "./rebuild";
import type { Dialect } from "./vendor";
import { DEF_PREFIX, holdsRef, markRefHolder, refTarget, ROOT } from "./ref-marks";
import { sameUnfolded } from "./unfolded-equal";

/**
 * One vendor output, normalised once and cached for the life of its schema object: the
 * dialect converted, `$schema`/`$id`/`id` gone, every definition extracted and every
 * `$ref` checked and made canonical. All of it is frozen, so documents share it.
 */
export interface ImportedSchema {
  readonly vendor: string;
  readonly root: unknown;
  readonly defs: ReadonlyMap<string, unknown>;
  /** The name the vendor gives the root: Zod's `id`, or a user-named root `$defs` entry. */
  readonly rootName: string | undefined;
  /** The root is a bare `$ref` to this definition. */
  readonly rootDef: string | undefined;
  /** Definitions (and ROOT) that must stay components, because a cycle runs through them. */
  readonly cyclic: ReadonlySet<string>;
  /** Generated definitions in dependency order (each after those it inlines). */
  readonly inlineOrder: readonly string[];
  /** The property name where each definition is first referenced, for derived names. */
  readonly firstProperty: ReadonlyMap<string, string | undefined>;
  /** The nodes that could be registered schemas written inline, when the direct import listed them (else shapes.ts finds them). */
  readonly candidates: readonly Candidate[] | undefined;
}

/** The imported body of a definition, or of the root (`ROOT`). */
export function bodyOf(imported: ImportedSchema, key: string): unknown {
  return key === ROOT ? imported.root : imported.defs.get(key);
}

export function isGenerated(imported: ImportedSchema, key: string): boolean {
  return key !== ROOT && isGeneratedName(imported.vendor, key);
}

/** The answer's root definitions (draft-07's `definitions`, 2020-12's `$defs`), by name. */
function definitionsOf(raw: JsonObject, vendor: string, location: string): Map<string, unknown> {
  const rawDefs = new Map<string, unknown>();
  for (const container of ["definitions", "$defs"]) {
    const defs = raw[container];
    if (defs !== undefined && !isObject(defs)) {
      throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", location, `the ${vendor} schema's JSON Schema is not valid at /${container}: expected an object whose values are schemas, found ${describeValue(defs)}`);
    }
    if (isObject(defs)) for (const key of Object.keys(defs)) rawDefs.set(key, defs[key]);
  }
  return rawDefs;
}

export function importSchema(raw: JsonObject, from: SourceDialect, to: Dialect, vendor: string, location: string): ImportedSchema {
  const vendorId = typeof raw.id === "string" ? raw.id : undefined;
  const skip = new Set(["$schema", "$id", "$defs", "definitions", ...(vendorId === undefined ? [] : ["id"])]);
  const direct = from === "draft-2020-12" && to === "3.1" ? directImportOf(raw, skip, vendor, location) : undefined;
  const { root: imported, defs, edges, firstProperty, candidates } = direct ?? convertingImport(raw, skip, from, to, vendor, location);
  const root = rootAsItsOwnDefinition(imported, defs, edges, vendor);
  const rootDef = isObject(root) && Object.keys(root).length === 1 && typeof root.$ref === "string" && root.$ref !== ROOT ? refTarget(root.$ref) : undefined;
  const isGen = (key: string) => key !== ROOT && isGeneratedName(vendor, key);
  const rootName = vendorId ?? (rootDef !== undefined && !isGen(rootDef) ? rootDef : undefined);
  const { cyclic, order } = analyseCycles(edges, defs, isGen);
  // A root that became a reference to its definition has none of the candidates listed for it.
  return { vendor, root, defs, rootName, rootDef, cyclic, inlineOrder: order, firstProperty, candidates: root === imported ? candidates : undefined };
}

/** An answer in the document's dialect, imported in one walk, unless it needs the converting walk. */
export function directImportOf(raw: JsonObject, skip: ReadonlySet<string>, vendor: string, location: string): DirectImport | undefined {
  const rawDefs = definitionsOf(raw, vendor, location);
  return directImport(raw, rawDefs, skip, (ref) => resolveRef(ref, rawDefs, raw, vendor, location));
}

/** Any answer, converted node by node to the document's dialect, each node checked. */
export function convertingImport(raw: JsonObject, skip: ReadonlySet<string>, from: SourceDialect, to: Dialect, vendor: string, location: string): DirectImport {
  const rawDefs = definitionsOf(raw, vendor, location);
  const edges = new Map<string, string[]>();
  const firstProperty = new Map<string, string | undefined>();
  const convert = to === "3.0" ? toOpenAPI30Node : toOpenAPI31Node(from);
  let current = ROOT;
  const hook = (node: unknown, info: SchemaNodeInfo): unknown => {
    let isRef = false;
    if (isObject(node)) {
      // Nested definitions are reached through the pointers that use them, as definitions of their own.
      if (node.$defs !== undefined) delete node.$defs;
      if (node.definitions !== undefined) delete node.definitions;
      // Every `#name` reference is resolved here, and an inlined copy would repeat the name.
      if (node.$anchor !== undefined) delete node.$anchor;
      if (node.$dynamicAnchor !== undefined) delete node.$dynamicAnchor;
    }
    if (isObject(node) && typeof node.$ref === "string") {
      isRef = true;
      const target = resolveRef(node.$ref, rawDefs, raw, vendor, location);
      node.$ref = target === ROOT ? ROOT : DEF_PREFIX + target;
      const list = edges.get(current) ?? [];
      list.push(target);
      edges.set(current, list);
      if (!firstProperty.has(target)) firstProperty.set(target, info.property);
    }
    const converted = convert(node, info);
    // Most nodes neither are a $ref nor hold one: only the others need marking.
    if (isRef || info.flagged) markHolders(converted);
    return converted;
  };
  const onSchemaContainer = (node: unknown, info: SchemaNodeInfo) => {
    if (info.flagged) markRefHolder(node as object);
  };
  // Only the 3.0 dialect and draft-07 conversions build new objects around children.
  const freeze = to === "3.0" || from !== "draft-2020-12" ? "deep" : "shallow";
  const options = { freeze, onSchemaContainer, flag: holdsRef } as const;

  const check: NodeCheck = {
    from,
    // A $ref in data reaches only a 3.1 document: 3.0 drops unknown keywords.
    refsInData: to === "3.1",
    fail: (where, problem, cause) => new SpecloomError("SCHEMA_RESOLUTION_FAILED", location, `the ${vendor} schema's JSON Schema is not valid at ${where}: ${problem}`, { cause }),
  };
  const root = checkedRebuild(raw, hook, check, [], { ...options, skipRootKeys: skip });
  const defs = new Map<string, unknown>();
  for (const [key, body] of rawDefs) {
    current = key;
    defs.set(key, checkedRebuild(body, hook, check, definitionPath(key, raw), options));
  }
  return { root, defs, edges, firstProperty };
}

/** The definition key of a canonical `$ref` (`#/$defs/key`), or undefined for the root's `#`. */
function definitionKey(ref: string): string | undefined {
  return ref.startsWith(DEF_PREFIX) ? ref.slice(DEF_PREFIX.length) : undefined;
}

/**
 * Valibot writes a recursive root twice: inline, and again as a generated definition its
 * children refer to. The root is then that definition, so it becomes one component. The two
 * may differ in how they write a recursive part of the root (inline at the root's first
 * level, a reference in the definition): they are compared with references unfolded.
 */
function rootAsItsOwnDefinition(root: unknown, defs: Map<string, unknown>, edges: Map<string, string[]>, vendor: string): unknown {
  if (!isObject(root) || typeof root.$ref === "string") return root;
  for (const [key, body] of defs) {
    if (!isGeneratedName(vendor, key) || !sameUnfolded(root, body, defs, definitionKey)) continue;
    edges.set(ROOT, [key]);
    const ref = Object.freeze({ $ref: DEF_PREFIX + key });
    markRefHolder(ref);
    return ref;
  }
  return root;
}

/**
 * The definition a `$ref` names: ROOT for `#`, a root `$defs`/`definitions` entry by key, or
 * any other node of the vendor's output by JSON pointer or `$anchor`, which then becomes a
 * definition of its own (keyed by the pointer, so it is inlined unless a cycle needs it named).
 */
function resolveRef(ref: string, defs: Map<string, unknown>, raw: JsonObject, vendor: string, location: string): string {
  if (ref === "#" || ref === "") return ROOT;
  // `#name` is the schema declaring `$anchor: "name"`: found by its pointer, and used as one.
  if (ANCHOR_REF.test(ref)) ref = anchorsOf(raw).get(ref.slice(1)) ?? ref;
  for (const prefix of ["#/$defs/", "#/definitions/"]) {
    if (!ref.startsWith(prefix)) continue;
    const key = decodePointerSegment(ref.slice(prefix.length));
    if (key !== undefined && defs.has(key)) return key;
  }
  if (defs.has(ref)) return ref;
  const target = ref.startsWith("#/") ? resolvePointer(raw, ref) : undefined;
  if (target !== undefined) {
    // Imported with the other definitions: the loop over `defs` also visits entries added now.
    defs.set(ref, target);
    return ref;
  }
  throw new SpecloomError(
    "SCHEMA_RESOLUTION_FAILED",
    location,
    `the ${vendor} schema's JSON Schema has a $ref "${ref}" that points to none of its definitions`,
  );
}

/** Anchors of one answer, found on the first `#name` reference to it. */
const anchorCache = new WeakMap<object, Map<string, string>>();

function anchorsOf(raw: JsonObject): Map<string, string> {
  let anchors = anchorCache.get(raw);
  if (anchors === undefined) anchorCache.set(raw, (anchors = anchorPointers(raw)));
  return anchors;
}

/** The path of a definition in the library's output: `$defs/Pet`, `definitions/Pet`, or the pointer it was found by. */
function definitionPath(key: string, raw: JsonObject): string[] {
  if (key.startsWith("#/")) return key.slice(2).split("/").map((part) => decodePointerSegment(part) ?? part);
  return [isObject(raw.$defs) && hasOwn(raw.$defs, key) ? "$defs" : "definitions", key];
}

/** The object or boolean a `#/a/b` pointer reaches in the vendor's output, if any. */
function resolvePointer(root: JsonObject, ref: string): unknown {
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodePointerSegment(raw);
    if (key === undefined) return undefined;
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isObject(node) && hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return isObject(node) || typeof node === "boolean" ? node : undefined;
}

function decodePointerSegment(segment: string): string | undefined {
  if (segment.includes("/")) return undefined;
  try {
    return decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
  } catch {
    return undefined;
  }
}

/** Marks a finished node, and any new wrapper a dialect hook built around children, as holding a $ref. */
function markHolders(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Object.isFrozen(node)) return holdsRef(node);
  let holds = !Array.isArray(node) && typeof (node as JsonObject).$ref === "string";
  for (const child of Array.isArray(node) ? node : Object.values(node)) {
    if (markHolders(child)) holds = true;
  }
  if (holds) markRefHolder(node);
  return holds;
}

/**
 * Which generated definitions a cycle runs through. A depth-first walk from the root and
 * from every user-named definition (named ones are components anyway, so they cut cycles)
 * marks the target of each back edge; every cycle has one, and the root is marked whenever
 * anything refers to it (a cycle through a named definition, which the walk does not follow,
 * returns to the root without a back edge). The rest of the generated
 * definitions can be inlined, in the post-order this walk also yields.
 */
function analyseCycles(
  edges: Map<string, string[]>,
  defs: Map<string, unknown>,
  isGen: (key: string) => boolean,
): { cyclic: Set<string>; order: string[] } {
  const cyclic = new Set<string>();
  const order: string[] = [];
  const state = new Map<string, 1 | 2>(); // 1: on the stack, 2: done
  const starts = [ROOT, ...[...defs.keys()].filter((k) => !isGen(k))];
  for (const start of starts) {
    if (state.has(start)) continue;
    const stack: { key: string; next: number }[] = [{ key: start, next: 0 }];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { key: string; next: number };
      const targets = edges.get(top.key) ?? [];
      if (top.next < targets.length) {
        const target = targets[top.next] as string;
        top.next += 1;
        const seen = state.get(target);
        // The root is inlined only where it is used: a reference to it from a named
        // definition (walked after the root is done) has nothing else to point to.
        if (seen === 1 || target === ROOT) cyclic.add(target);
        else if (seen === undefined && (target === ROOT || isGen(target))) {
          state.set(target, 1);
          stack.push({ key: target, next: 0 });
        }
        continue;
      }
      stack.pop();
      state.set(top.key, 2);
      if (top.key !== ROOT && isGen(top.key)) order.push(top.key);
    }
  }
  return { cyclic, order };
}
