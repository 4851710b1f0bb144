import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { namingFor } from "./component-names";
import { isObject, type JsonObject } from "../internal/own";
import { addedAnnotations, withoutAnnotations } from "./annotations";
import type { DocumentSchemas, Match, Matches, Naming, RegisteredBody } from "./document-schemas";
import type { RegistrySignature } from "./registry-signature";
import { bodyOf } from "./import";
import { holdsRef, ROOT } from "./ref-marks";
import { keysOfRegistered } from "./registered-keys";
import { sameSchema } from "./same-schema";
import { rootBody } from "./schema-imports";
import { fingerprint, shallowHash, shapeHash } from "./shape-hash";
import { candidatesOf, frozenShapeKey, type Candidate } from "./shapes";
import type { Side } from "./vendor";

/**
 * The inline copies of registered schemas in one imported tree, for one side; null when
 * there are none (then materialising follows references only). A registered schema's
 * other side is asked for only when a candidate's key meets its key.
 */
export function matchesIn(doc: DocumentSchemas, naming: Naming, side: Side): Matches | null {
  const known = naming.matches[side];
  if (known !== undefined) return known;
  naming.matches[side] = null;
  const byKey = keysOfRegistered(doc);
  if (byKey.size === 0) return null;
  const signature = doc.registrySignature;
  const found = signature && kept.get(signature)?.[side].get(naming.imported);
  if (found) {
    // The same registered schemas asked for in the same order: the same names made up.
    for (const key of found.keys) registeredWithHash(doc, key, side);
    return (naming.matches[side] = found.matches);
  }
  const search: Search = { byReference: false, keys: [] };
  const result = findMatches(doc, naming, side, byKey, search);
  naming.matches[side] = result;
  // Kept unless a comparison followed references: those resolve by this document's names.
  if (signature && !search.byReference) keep(naming.imported, side, signature, { matches: result, keys: search.keys });
  return result;
}

/** What one search did besides finding matches: whether it resolved references, which keys' registered bodies it asked for. */
interface Search {
  byReference: boolean;
  readonly keys: string[];
}

/**
 * Matches kept across documents, per imported schema (one per schema object, dialect and
 * side) and registered set: a second document of the same registered schemas finds each
 * tree's inline copies without comparing anything. With them, the keys whose registered
 * bodies the search asked for, in order: asking makes each registered schema's naming in
 * the document (and any name it makes up), which a later document must do at the same point.
 */
interface Kept {
  readonly matches: Matches | null;
  readonly keys: readonly string[];
}

const kept = new WeakMap<RegistrySignature, Record<Side, WeakMap<object, Kept>>>();

function keep(imported: object, side: Side, signature: RegistrySignature, value: Kept): void {
  let bySide = kept.get(signature);
  // Two weak maps per registered set, not one per imported schema: thousands of small maps weigh on every collection.
  if (!bySide) kept.set(signature, (bySide = { input: new WeakMap(), output: new WeakMap() }));
  bySide[side].set(imported, value);
}

/** `byReference`: set when a comparison had to resolve references. */
function findMatches(doc: DocumentSchemas, naming: Naming, side: Side, byKey: ReadonlyMap<string, unknown>, search: Search): Matches | null {
  const candidates = candidatesOf(naming.imported, ROOT);
  if (!anyComparable(doc, naming, candidates, byKey)) return null;
  const nested = comparedBelow(candidates, (candidate) => mayCompare(doc, candidate, byKey));
  // Made at the first match: most trees that have comparable candidates match none.
  let replace: Map<object, Match> | undefined;
  let descend: Set<object> | undefined;
  for (const candidate of candidates) {
    if (isOwnComponent(naming, candidate)) continue;
    const deep = nested(candidate);
    const direct = byKey.has(candidate.key) ? findRegistered(doc, candidate.node, candidate.key, naming, side, false, deep, search) : undefined;
    const found: Match | undefined = direct ? { name: direct.name, schema: direct.naming.schema } : annotatedMatch(doc, candidate, naming, side, byKey, deep, search);
    if (!found) continue;
    replace ??= new Map();
    descend ??= new Set();
    replace.set(candidate.node, found);
    let node: unknown = bodyOf(naming.imported, candidate.tree);
    descend.add(node as object);
    for (const key of candidate.path) {
      node = (node as Record<string | number, unknown>)[key];
      descend.add(node as object);
    }
  }
  return replace && descend ? { replace, descend } : null;
}

/** The top of a tree that is a component of its own is that component, never a reference to another. */
function isOwnComponent(naming: Naming, candidate: Candidate): boolean {
  return candidate.isTop && (candidate.tree === ROOT ? naming.root : naming.defs.get(candidate.tree)) !== undefined;
}

/** Whether any candidate may be compared: most trees have none, and then need no tables at all. */
function anyComparable(doc: DocumentSchemas, naming: Naming, candidates: readonly Candidate[], byKey: ReadonlyMap<string, unknown>): boolean {
  for (const candidate of candidates) if (mayCompare(doc, candidate, byKey) && !isOwnComponent(naming, candidate)) return true;
  return false;
}

/**
 * Whether a candidate may be compared with a registered body: its key is a registered one
 * (taking annotations away keeps the key, but for 3.0's nullable `enum`).
 */
function mayCompare(doc: DocumentSchemas, candidate: Candidate, byKey: ReadonlyMap<string, unknown>): boolean {
  return byKey.has(candidate.key) || (doc.dialect === "3.0" && Array.isArray((candidate.node as JsonObject).enum));
}

/**
 * Which candidates have another candidate that may be compared below them. Those that have
 * none have disjoint subtrees, so writing each one's JSON text costs linear work in all;
 * the others first compare structural hashes (computed once per subtree). Each node is
 * marked at most once, walking up from each compared candidate until a marked ancestor.
 */
function comparedBelow(candidates: readonly Candidate[], compared: (candidate: Candidate) => boolean): (candidate: Candidate) => boolean {
  const marks = new Map<readonly number[], Uint8Array>();
  for (const candidate of candidates) {
    if (!compared(candidate)) continue;
    const parents = candidate.parents;
    let marked = marks.get(parents);
    if (!marked) marks.set(parents, (marked = new Uint8Array(parents.length)));
    for (let i = parents[candidate.index] as number; i !== -1 && marked[i] === 0; i = parents[i] as number) marked[i] = 1;
  }
  return (candidate) => marks.get(candidate.parents)?.[candidate.index] === 1;
}

/**
 * The one registered schema whose body is `node` (`core`: whose body without annotations
 * is), or undefined: none, or two (which was meant is unknown, so neither).
 */
function findRegistered(doc: DocumentSchemas, node: object, key: string, naming: Naming, side: Side, core: boolean, deep: boolean, search: Search): RegisteredBody | undefined {
  let found: RegisteredBody | undefined;
  if (!search.keys.includes(key)) search.keys.push(key);
  for (const hit of registeredWithHash(doc, key, side).get(shallowHash(node)) ?? []) {
    if (hit.core && !core) continue;
    // `deep`: compared candidates lie below this one. The structural hash first, so nested
    // candidates that look alike at their top do not each write their whole subtree (quadratic in depth).
    if ((deep && shapeHash(hit.body) !== shapeHash(node)) || fingerprint(hit.body) !== fingerprint(node)) continue;
    // Equal text is an equal tree; only a $ref may still resolve differently in the two.
    if (holdsRef(node) || holdsRef(hit.body)) {
      search.byReference = true;
      if (!sameSchema(node, naming, hit.body, hit.naming)) continue;
    }
    if (found && found.name !== hit.name) return undefined;
    found = hit;
  }
  return found;
}

/**
 * A registered schema written with annotations added (a default, a description, 3.0's
 * `nullable`): the match carries what to write beside the `$ref`.
 */
function annotatedMatch(doc: DocumentSchemas, candidate: Candidate, naming: Naming, side: Side, byKey: ReadonlyMap<string, unknown>, deep: boolean, search: Search): Match | undefined {
  // Taking annotations away keeps a node's property names and union length, so its key; only
  // 3.0's `nullable`, taken out of an `enum`, can change it. Most candidates stop here.
  if (!mayCompare(doc, candidate, byKey)) return undefined;
  const stripped = withoutAnnotations(candidate.node, doc.dialect === "3.0");
  const key = stripped && frozenShapeKey(stripped.core);
  if (!stripped || key === undefined || !byKey.has(key)) return undefined;
  const found = findRegistered(doc, stripped.core, key, naming, side, true, deep, search);
  if (!found) return undefined;
  const annotations = addedAnnotations(stripped.annotations, rootBody(found.naming.imported), enclosingUnion(naming, candidate));
  return annotations && { name: found.name, schema: found.naming.schema, annotations, nullable: stripped.nullable };
}

/** The union a candidate is a branch of, if it is one. */
function enclosingUnion(naming: Naming, candidate: Candidate): JsonObject | undefined {
  const path = candidate.path;
  if (path.length < 2 || (path[path.length - 2] !== "anyOf" && path[path.length - 2] !== "oneOf")) return undefined;
  let node: unknown = bodyOf(naming.imported, candidate.tree);
  for (let i = 0; i < path.length - 2; i++) node = (node as Record<string | number, unknown>)[path[i] as string | number];
  return isObject(node) ? node : undefined;
}

/**
 * The registered schemas of one shape key, on one side, by the hash of their top level. The side is asked
 * of the library only here, when a candidate of that side has the key.
 */
function registeredWithHash(doc: DocumentSchemas, key: string, side: Side): Map<number, RegisteredBody[]> {
  const table = doc.registeredHashes[side];
  if (doc.hashedKeys[side].has(key)) return table;
  doc.hashedKeys[side].add(key);
  for (const component of keysOfRegistered(doc).get(key) ?? []) {
    const registered = component.registered as { schema: StandardJSONSchemaV1; location: string };
    let naming: Naming;
    try {
      naming = namingFor(doc, registered.schema, side, { location: registered.location, nameHint: component.name });
    } catch {
      continue; // Not expressible on this side (a Zod transform's output): nothing to recognise.
    }
    const body = rootBody(naming.imported);
    if (body === null || typeof body !== "object") continue;
    add(table, { name: component.name, naming, body });
    // Also by its body without annotations, for uses that add some.
    const core = withoutAnnotations(body, false)?.core;
    if (core) add(table, { name: component.name, naming, body: core, core: true });
  }
  return table;
}

function add(table: Map<number, RegisteredBody[]>, entry: RegisteredBody): void {
  const hash = shallowHash(entry.body);
  const list = table.get(hash) ?? [];
  list.push(entry);
  table.set(hash, list);
}
