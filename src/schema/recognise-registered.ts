import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { namingFor } from "./component-names";
import type { Component, DocumentSchemas, Match, Matches, Naming, RegisteredBody } from "./document-schemas";
import { holdsRef, ROOT } from "./import";
import { sameSchema } from "./same-schema";
import { rootBody } from "./schema-imports";
import { candidatesOf, fingerprint, registeredShapeKey, shapeHash } from "./shapes";
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
  const replace = new Map<object, Match>();
  const descend = new Set<object>();
  for (const candidate of candidatesOf(naming.imported, ROOT)) {
    if (!byKey.has(candidate.key)) continue;
    // The top of a tree that is a component of its own is that component, never a reference to another.
    if (candidate.isTop && (candidate.tree === ROOT ? naming.root : naming.defs.get(candidate.tree)) !== undefined) continue;
    const hits = registeredWithHash(doc, candidate.key, side).get(shapeHash(candidate.node)) ?? [];
    const matches = hits.filter((hit) => fingerprint(hit.body) === fingerprint(candidate.node));
    let found: Match | undefined;
    let ambiguous = false;
    for (const match of matches) {
      // Equal text is an equal tree; only a $ref may still resolve differently in the two.
      const body = rootBody(match.naming.imported);
      if ((holdsRef(candidate.node) || holdsRef(body)) && !sameSchema(candidate.node, naming, body, match.naming)) continue;
      // Two registered schemas with one JSON Schema: which was meant is unknown, so neither.
      if (found && found.name !== match.name) ambiguous = true;
      found = match;
    }
    if (!found || ambiguous) continue;
    replace.set(candidate.node, found);
    let node: unknown = candidate.tree === ROOT ? naming.imported.root : naming.imported.defs.get(candidate.tree);
    descend.add(node as object);
    for (const key of candidate.path) {
      node = (node as Record<string | number, unknown>)[key];
      descend.add(node as object);
    }
  }
  const result = replace.size > 0 ? { replace, descend } : null;
  naming.matches[side] = result;
  return result;
}

/**
 * The registered schemas of one shape key, on one side, by structural hash. The side is asked
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
    const hash = shapeHash(body);
    const list = table.get(hash) ?? [];
    list.push({ name: component.name, naming, body });
    table.set(hash, list);
  }
  return table;
}

/** Registered schemas by the key of their shape, from whichever side is at hand; built on first need. */
function keysOfRegistered(doc: DocumentSchemas): Map<string, Component[]> {
  if (doc.registeredKeys) return doc.registeredKeys;
  const byKey = new Map<string, Component[]>();
  doc.registeredKeys = byKey;
  for (const component of [...doc.components.values()]) {
    const registered = component.registered;
    if (!registered) continue;
    const imported = doc.imports.any(registered.schema, registered.location);
    const key = imported && registeredShapeKey(rootBody(imported));
    if (key === undefined) continue;
    const list = byKey.get(key) ?? [];
    list.push(component);
    byKey.set(key, list);
  }
  return byKey;
}
