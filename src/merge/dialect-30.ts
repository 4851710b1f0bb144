import { getOwn, isObject, type JsonObject } from "../internal/own";
import { pushAll } from "../internal/push-all";
import { childKind, Kind } from "./object-kinds";
import type { Part } from "./part";
import { encodeSegment } from "../internal/json-pointer";
import type { SchemaMoves } from "./references";

/**
 * What a 3.1 document needs on its way into a 3.0 base beyond the schema engine's conversion
 * (rewrite-tree.ts runs that). The 3.0 Schema Object has neither `$defs` nor `$anchor`, and
 * the conversion drops both, so references to them would point nowhere:
 *
 * - each `$defs` (or `definitions`) entry becomes a schema component of its own, named after
 *   the component it sat in and its key (`D` with `$defs.X` gives `D_X`, made unique in the
 *   document), and references into it (`#/components/schemas/D/$defs/X/...`) follow it;
 * - a `#name` reference goes to the schema that declares `$anchor: "name"` (or
 *   `$dynamicAnchor`): its component, its hoisted `$defs` entry, or, for a schema nested
 *   anywhere else, a copy of it hoisted the same way (the schema stays where it is too).
 *
 * The walk visits only parts whose copy saw one of those keys (ingest.ts), or parts of a
 * produced document, which were not copied.
 */

/** Keys whose presence in a part makes it worth a walk here. */
export const SCHEMA_MOVE_KEYS: readonly string[] = ["$defs", "definitions", "$anchor", "$dynamicAnchor"];

/** One part of the document to look through: its pointer in the document and the component it is, if any. */
export interface MoveSite {
  /** `#/components/schemas/D`, `#/paths/~1a`: segments in canonical form. */
  readonly pointer: string;
  readonly kind: Kind;
  readonly part: Part;
  /** The component name, for names of what is hoisted out of it; undefined outside components. */
  readonly component: string | undefined;
  /** The part is a schema component: its own anchor resolves to it. */
  readonly isSchemaComponent: boolean;
}

export interface SchemaMovePlan {
  readonly moves: SchemaMoves;
  /** New schema components, in the order they were found. */
  readonly hoisted: readonly (readonly [string, Part])[];
}

interface Frame {
  readonly node: unknown;
  readonly kind: Kind;
  readonly pointer: string;
  /** The name hoisted schemas below take their stem from. */
  readonly owner: string | undefined;
  /** Where the node will be in the document after the moves, when it is the top of a component. */
  readonly self: string | undefined;
}

const SCHEMAS = "#/components/schemas/";

/**
 * The moves of one document, or undefined when it has nothing to move. `taken` holds the
 * document's own schema names: hoisted names are made unique against them.
 */
export function planSchemaMoves(sites: readonly MoveSite[], taken: ReadonlySet<string>): SchemaMovePlan | undefined {
  const pointers = new Map<string, string>();
  const anchors = new Map<string, string>();
  const hoisted: [string, Part][] = [];
  const names = new Set(taken);
  const hoist = (stem: string, value: unknown): string => {
    let name = stem.replace(/[^A-Za-z0-9._-]/g, "_");
    for (let n = 2; names.has(name); n++) name = `${stem.replace(/[^A-Za-z0-9._-]/g, "_")}${n}`;
    names.add(name);
    hoisted.push([name, { value, facts: undefined }]);
    return SCHEMAS + encodeSegment(name);
  };

  for (const site of sites) {
    const facts = site.part.facts;
    if (facts !== undefined && !facts.schemaMoves) continue;
    const self = site.isSchemaComponent ? site.pointer : undefined;
    const stack: Frame[] = [{ node: site.part.value, kind: site.kind, pointer: site.pointer, owner: site.component, self }];
    while (stack.length > 0) {
      const frame = stack.pop() as Frame;
      const node = frame.node as JsonObject | unknown[];
      const schema = frame.kind === Kind.Schema && !Array.isArray(node);
      if (schema) {
        for (const keyword of ["$anchor", "$dynamicAnchor"]) {
          const anchor = getOwn(node, keyword);
          if (typeof anchor !== "string" || anchors.has(anchor)) continue;
          anchors.set(anchor, frame.self ?? hoist(frame.owner === undefined ? anchor : `${frame.owner}_${anchor}`, node));
        }
      }
      const keys = Array.isArray(node) ? undefined : Object.keys(node);
      const length = keys ? keys.length : (node as unknown[]).length;
      // Children in reverse, so they are visited (and hoisted, and named) in document order.
      for (let index = length - 1; index >= 0; index--) {
        const key = keys ? (keys[index] as string) : index;
        const child = (node as Record<string | number, unknown>)[key];
        if (child === null || typeof child !== "object") continue;
        const pointer = `${frame.pointer}/${encodeSegment(String(key))}`;
        if (schema && (key === "$defs" || key === "definitions") && isObject(child)) {
          const entries: Frame[] = [];
          for (const name of Object.keys(child)) {
            const definition = child[name];
            if (typeof definition !== "boolean" && !isObject(definition)) continue;
            const from = `${pointer}/${encodeSegment(name)}`;
            const to = hoist(frame.owner === undefined ? name : `${frame.owner}_${name}`, definition);
            pointers.set(from, to);
            if (isObject(definition)) entries.push({ node: definition, kind: Kind.Schema, pointer: from, owner: decodeName(to), self: to });
          }
          pushAll(stack, entries.reverse());
          continue;
        }
        const kind = childKind(frame.kind, key, child);
        if (kind === Kind.Data || kind === Kind.Ref || kind === Kind.OperationId || kind === Kind.SecurityList) continue;
        stack.push({ node: child, kind, pointer, owner: frame.owner, self: undefined });
      }
    }
  }
  if (pointers.size === 0 && anchors.size === 0) return undefined;
  return { moves: { pointers, anchors }, hoisted };
}

/** The component name a hoisted schema's pointer ends with. */
function decodeName(pointer: string): string {
  return pointer.slice(SCHEMAS.length).replace(/~1/g, "/").replace(/~0/g, "~");
}
