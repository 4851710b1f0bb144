import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { namingFor } from "./component-names";
import type { JsonObject } from "../internal/own";
import { addedAnnotations, withoutAnnotations } from "./annotations";
import type { DocumentSchemas, Match, Matches, Naming, RegisteredBody } from "./document-schemas";
import type { RegistrySignature } from "./registry-signature";
import { bodyOf } from "./import";
import { holdsRef, ROOT } from "./ref-marks";
import { keysOfRegistered } from "./registered-keys";
import { sameSchema } from "./same-schema";
import { rootBody } from "./schema-imports";
import { sameText, shallowHash, shapeHash } from "./shape-hash";
import { DATA_KEYWORDS, type Candidate } from "./candidates";
import type { ImportedSchema } from "./import";
import type { KeyFilter } from "./key-filter";
import { candidatesOf, frozenShapeKey } from "./shapes";
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
  const candidates = candidatesOf(naming.imported);
  const filter = doc.registeredKeyFilter;
  const compared = comparable(doc, naming, candidates, byKey, filter);
  if (compared === undefined) return null;
  const nested = comparedBelow(candidates, compared);
  // Made at the first match: most trees that have comparable candidates match none.
  let replace: Map<object, Match> | undefined;
  for (const [index, candidate] of candidates.entries()) {
    if (compared[index] === 0) continue;
    const deep = nested[index] === 1;
    const key = candidate.key as string;
    const direct = byKey.has(key) ? findRegistered(doc, candidate.node, key, naming, side, false, deep, search) : undefined;
    const found: Match | undefined = direct ? { name: direct.name, schema: direct.naming.schema } : annotatedMatch(doc, candidate, naming, side, byKey, filter, deep, search);
    if (!found) continue;
    replace ??= new Map();
    replace.set(candidate.node, found);
  }
  return replace ? { replace, descend: pathsTo(naming.imported, candidates, replace) } : null;
}

/** The top of a tree that is a component of its own is that component, never a reference to another. */
function isOwnComponent(naming: Naming, candidate: Candidate): boolean {
  return candidate.isTop && (candidate.tree === ROOT ? naming.root : naming.defs.get(candidate.tree)) !== undefined;
}

/**
 * Which candidates may be compared (1) and which not (0), or undefined when none may be:
 * most trees have none, and then need no tables at all.
 */
function comparable(doc: DocumentSchemas, naming: Naming, candidates: readonly Candidate[], byKey: ReadonlyMap<string, unknown>, filter: KeyFilter): Uint8Array | undefined {
  let compared: Uint8Array | undefined;
  for (const [index, candidate] of candidates.entries()) {
    // A tree's own top is never compared, and has nothing above it to mark.
    if (isOwnComponent(naming, candidate) || !mayCompare(doc, candidate, byKey, filter)) continue;
    compared ??= new Uint8Array(candidates.length);
    compared[index] = 1;
  }
  return compared;
}

/**
 * Whether a candidate may be compared with a registered body: its key is a registered one
 * (taking annotations away keeps the key, but for 3.0's nullable `enum`). The filter
 * rejects most candidates before their key is built.
 */
function mayCompare(doc: DocumentSchemas, candidate: Candidate, byKey: ReadonlyMap<string, unknown>, filter: KeyFilter): boolean {
  if (doc.dialect === "3.0" && Array.isArray((candidate.node as JsonObject).enum)) return true;
  return filter.admits(candidate.node as JsonObject) && byKey.has(candidate.key as string);
}

/**
 * Which candidates have another candidate that may be compared below them (1). Those that
 * have none have disjoint subtrees, so comparing each one's JSON text costs linear work in
 * all; the others first compare structural hashes (computed once per subtree). Candidates
 * come in depth-first order, so the ones open above a candidate are a stack; each is
 * marked at most once, walking down that stack from each compared candidate until a mark.
 */
function comparedBelow(candidates: readonly Candidate[], compared: Uint8Array): Uint8Array {
  const marked = new Uint8Array(candidates.length);
  const open: number[] = [];
  for (const [index, candidate] of candidates.entries()) {
    while (open.length > 0 && !contains(candidates[open[open.length - 1] as number] as Candidate, candidate)) open.pop();
    if (compared[index] === 1) {
      for (let i = open.length - 1; i >= 0 && marked[open[i] as number] === 0; i--) marked[open[i] as number] = 1;
    }
    open.push(index);
  }
  return marked;
}

function contains(outer: Candidate, inner: Candidate): boolean {
  return outer.pre < inner.pre && inner.pre < outer.end;
}

/**
 * The nodes from each tree's top down to each replaced candidate (materialise copies
 * them), by one walk of each tree that holds one. A node already added stops the way up.
 */
function pathsTo(imported: ImportedSchema, candidates: readonly Candidate[], replace: ReadonlyMap<object, Match>): Set<object> {
  const descend = new Set<object>();
  const trees = new Set<string>();
  for (const candidate of candidates) if (replace.has(candidate.node)) trees.add(candidate.tree);
  for (const tree of trees) {
    const top = bodyOf(imported, tree) as object;
    const path: object[] = [];
    walkObjects(top, (node, depth) => {
      path.length = depth;
      path.push(node);
      if (!replace.has(node)) return;
      for (let i = path.length - 1; i >= 0 && !descend.has(path[i] as object); i--) descend.add(path[i] as object);
    });
  }
  return descend;
}

/** Every object under `top` (values of data keywords left out), depth-first, with its depth. Iterative. */
function walkObjects(top: object, visit: (node: object, depth: number) => void): void {
  const nodes: object[] = [top];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = depths.pop() as number;
    visit(node, depth);
    const isArray = Array.isArray(node);
    for (const key of Object.keys(node)) {
      if (!isArray && DATA_KEYWORDS.has(key)) continue;
      const child = (node as Record<string, unknown>)[key];
      if (child === null || typeof child !== "object") continue;
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
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
    if ((deep && shapeHash(hit.body) !== shapeHash(node)) || !sameText(hit.body, node)) continue;
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
function annotatedMatch(doc: DocumentSchemas, candidate: Candidate, naming: Naming, side: Side, byKey: ReadonlyMap<string, unknown>, filter: KeyFilter, deep: boolean, search: Search): Match | undefined {
  // Taking annotations away keeps a node's property names and union length, so its key; only
  // 3.0's `nullable`, taken out of an `enum`, can change it. Most candidates stop here.
  if (!mayCompare(doc, candidate, byKey, filter)) return undefined;
  const stripped = withoutAnnotations(candidate.node, doc.dialect === "3.0");
  const key = stripped && frozenShapeKey(stripped.core);
  if (!stripped || key === undefined || !byKey.has(key)) return undefined;
  const found = findRegistered(doc, stripped.core, key, naming, side, true, deep, search);
  if (!found) return undefined;
  const annotations = addedAnnotations(stripped.annotations, rootBody(found.naming.imported), candidate.union);
  return annotations && { name: found.name, schema: found.naming.schema, annotations, nullable: stripped.nullable };
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
