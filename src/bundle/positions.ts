import { COMPONENT_KINDS, Kind, childKind } from "../merge/object-kinds";

/**
 * What a value is, by where it sits in the OpenAPI object model: a `$ref` is bundled into the
 * components section of what its position holds (a parameter list's item is a parameter, a
 * responses map's value a response, a schema keyword's value a schema). The object kinds of
 * merge cover everything below an operation; the document's own levels are added here.
 */
export const Position = {
  Document: 100,
  Paths: 101,
  Webhooks: 102,
  Components: 103,
  /**
   * A value under an `x-` key of an OpenAPI object, and everything inside it: a `$ref` there
   * to another file is replaced by that file's content (or text), as Redocly's bundle does.
   */
  Extension: 104,
  /** A literal value (`example`, `default`, `enum`, `const`, an Example's `value`...): a `$ref` there is data. */
  Literal: 105,
  /** A `components.<section>` map; the section's kind is `position - Section`. */
  Section: 200,
} as const;

/** A Kind, a document level, or a components section (`Position.Section + kind`). */
export type Where = number;

/** The components map each kind of object is bundled into. */
const SECTIONS: ReadonlyMap<Kind, string> = new Map([...COMPONENT_KINDS].map(([section, kind]) => [kind, section] as const));

/** Kinds an external `$ref` may stand for (a Reference Object, or a schema's `$ref`). */
export function isReferable(where: Where): boolean {
  return where < Position.Document && SECTIONS.has(where as Kind);
}

/** The components section for a kind; `pathItems` exists from 3.1 on. */
export function sectionOf(kind: Where, version30: boolean): string | undefined {
  const section = SECTIONS.get(kind as Kind);
  return section === "pathItems" && version30 ? undefined : section;
}

/**
 * Fields whose value is a literal wherever the object model has no other use for the name:
 * a schema's `example`, `examples`, `default`, `enum` and `const`, an Example's `value` and
 * `dataValue`, a Link's `parameters` and `requestBody`.
 */
const LITERALS: ReadonlySet<string> = new Set(["example", "examples", "default", "enum", "const", "value", "dataValue", "serializedValue", "parameters", "requestBody"]);

/** The kind of `value` under `key` of a value at `parent`. */
export function childOf(parent: Where, key: string | number, value: unknown, version30: boolean): Where {
  if (parent === Position.Extension || parent === Position.Literal) return parent;
  const where = structuralChild(parent, key, value, version30);
  if (where !== Kind.Data || typeof key !== "string") return where;
  if (key.startsWith("x-")) return Position.Extension;
  return LITERALS.has(key) ? Position.Literal : Kind.Data;
}

/** The kind by the object model alone: Data for anything it does not look into. */
function structuralChild(parent: Where, key: string | number, value: unknown, version30: boolean): Where {
  if (parent === Position.Document) {
    if (key === "paths") return Position.Paths;
    if (key === "webhooks") return Position.Webhooks;
    if (key === "components") return Position.Components;
    return Kind.Data;
  }
  if (parent === Position.Paths) return typeof key === "string" && key.startsWith("x-") ? Kind.Data : Kind.PathItem;
  if (parent === Position.Webhooks) return Kind.PathItem;
  if (parent === Position.Components) {
    const kind = typeof key === "string" ? COMPONENT_KINDS.get(key) : undefined;
    if (kind === undefined || (kind === Kind.PathItem && version30)) return Kind.Data;
    return Position.Section + kind;
  }
  if (parent >= Position.Section) return parent - Position.Section;
  return childKind(parent as Kind, key, value);
}

/** True for the kinds inlined where they are referenced: path items under `paths` and `webhooks`. */
export function inlinesPathItems(parent: Where): boolean {
  return parent === Position.Paths || parent === Position.Webhooks;
}

export { Kind };
