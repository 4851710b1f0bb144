import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { isGenerated, type ImportedSchema } from "./import";
import { ROOT } from "./ref-marks";
import { registeredTwin } from "./registered-twins";
import { rootBody } from "./schema-imports";
import { pascalCase, sanitizeComponentName } from "./names";
import { createComponent, type Component, type DocumentSchemas, type Naming, type SchemaSite } from "./document-schemas";
import type { Side } from "./vendor";

/** Names for an imported schema's root and definitions, fixed at its first use in this document. */
export function namingFor(doc: DocumentSchemas, schema: unknown, side: Side, site: SchemaSite): Naming {
  const isReference = schema !== null && (typeof schema === "object" || typeof schema === "function");
  const known = isReference ? doc.namingsBySchema[side].get(schema) : undefined;
  if (known) return known;
  const registeredName = isReference ? doc.bySchema.get(schema) : undefined;
  // Built only for a message: most uses find their import cached and never need it.
  const location = () => (registeredName === undefined ? site.location : `${site.location} (schema "${registeredName}")`);
  const imported = doc.imports.of(schema, side, location);
  const existing = doc.namings.get(imported);
  if (existing) {
    doc.namingsBySchema[side].set(schema as object, existing);
    return existing;
  }

  const vendorName = imported.rootName === undefined ? undefined : sanitizeComponentName(imported.rootName);
  if (registeredName !== undefined && vendorName !== undefined && vendorName !== registeredName) {
    throw new SpecloomError("DUPLICATE_SCHEMA", location(), `the schema registered as "${registeredName}" also names itself "${vendorName}" (its vendor identifier, such as Zod's .meta({ id })); give it one name`);
  }
  const rootDefGenerated = imported.rootDef !== undefined && isGenerated(imported, imported.rootDef);
  const needsRoot = imported.cyclic.has(ROOT) || (rootDefGenerated && imported.cyclic.has(imported.rootDef as string));
  const schemaObject = schema as StandardJSONSchemaV1;
  // Most schemas have no definitions and a name of their own, or none: no parts to name.
  const { root, defs, adopted } =
    imported.defs.size > 0 || (registeredName === undefined && vendorName === undefined && needsRoot)
      ? nameParts(doc, imported, schemaObject, registeredName ?? vendorName, needsRoot, side, site)
      : { root: registeredName ?? vendorName, defs: NO_DEFINITIONS, adopted: undefined };
  const naming: Naming = {
    schema: schemaObject,
    imported,
    root,
    defs,
    adopted,
    inline: { input: undefined, output: undefined },
    result: { input: undefined, output: undefined },
    matches: { input: undefined, output: undefined },
    properties: { input: undefined, output: undefined },
  };
  doc.namings.set(imported, naming);
  doc.namingsBySchema[side].set(schemaObject, naming);
  return naming;
}

/** The definitions of an import that has none: shared (renameDerived changes only entries that are there). */
const NO_DEFINITIONS = new Map<string, string | undefined>();

/** Names for the root (when it needs one made up) and each definition of an import. */
function nameParts(doc: DocumentSchemas, imported: ImportedSchema, schemaObject: StandardJSONSchemaV1, given: string | undefined, needsRoot: boolean, side: Side, site: SchemaSite): Pick<Naming, "root" | "defs" | "adopted"> {
  let root = given;
  const defs = new Map<string, string | undefined>();
  const nameOf = (key: string) => (key === ROOT ? root : isGenerated(imported, key) ? defs.get(key) : sanitizeComponentName(key));
  const rootKey = imported.rootDef ?? ROOT;
  inProgress.push(imported);
  try {
    // First the registered schemas this tree copies, then names made up for the rest: the
    // library may write a part of a copy (Valibot's `0`) before the copy itself (`1`).
    const { twins, parts } = registeredCopies(doc, imported, root === undefined && needsRoot, nameOf, side);
    let adopted: Set<string> | undefined;
    const partName = (key: string): string | undefined => {
      const part = parts.get(key);
      if (part !== undefined) (adopted ??= new Set()).add(part);
      return part;
    };
    if (root === undefined && needsRoot) root = twins.get(rootKey) ?? partName(rootKey) ?? derivedName(doc, schemaObject, ROOT, site.nameHint);
    for (const key of imported.defs.keys()) {
      if (key === imported.rootDef) defs.set(key, root);
      else if (!isGenerated(imported, key)) defs.set(key, sanitizeComponentName(key));
      else if (imported.cyclic.has(key)) {
        defs.set(key, twins.get(key) ?? partName(key) ?? derivedName(doc, schemaObject, key, (root ?? site.nameHint) + pascalCase(imported.firstProperty.get(key) ?? "Node")));
      } else defs.set(key, undefined);
    }
    return { root, defs, adopted };
  } finally {
    inProgress.pop();
  }
}

/**
 * The registered schemas a tree's root (`withRoot`) and recursive definitions copy, by key,
 * and the names their recursive parts take from them (a recursive part the library wrote
 * again for a registered schema is that schema).
 */
function registeredCopies(doc: DocumentSchemas, imported: ImportedSchema, withRoot: boolean, nameOf: (key: string) => string | undefined, side: Side): { twins: Map<string, string>; parts: Map<string, string> } {
  const twins = new Map<string, string>();
  const parts = new Map<string, string>();
  const find = (key: string, body: unknown) => {
    const found = registeredTwin(doc, imported, key, body, nameOf, (name) => registeredNaming(doc, name, side));
    if (!found) return;
    twins.set(key, found.name);
    for (const [part, name] of found.parts) if (!parts.has(part)) parts.set(part, name);
  };
  if (withRoot) find(imported.rootDef ?? ROOT, rootBody(imported));
  for (const [key, body] of imported.defs) {
    if (key !== imported.rootDef && isGenerated(imported, key) && imported.cyclic.has(key)) find(key, body);
  }
  return { twins, parts };
}

/**
 * Imports whose naming is being decided: a registered schema among them cannot be compared
 * yet. A stack (namings nest), so entering and leaving allocate nothing.
 */
const inProgress: ImportedSchema[] = [];

/** A registered schema's naming on one side, unless it cannot be had now (under way, or not expressible). */
function registeredNaming(doc: DocumentSchemas, name: string, side: Side): Naming | undefined {
  const registered = doc.components.get(name)?.registered;
  if (!registered) return undefined;
  try {
    if (inProgress.includes(doc.imports.of(registered.schema, side, registered.location))) return undefined;
    return namingFor(doc, registered.schema, side, { location: registered.location, nameHint: name });
  } catch {
    return undefined;
  }
}

/**
 * A made-up name for a schema object's root or definition: the hint, else the hint with a
 * number. Kept per schema object, so its input and output forms share the name.
 */
function derivedName(doc: DocumentSchemas, schema: object, key: string, hint: string): string {
  let names = doc.derivedNames.get(schema);
  if (!names) doc.derivedNames.set(schema, (names = new Map()));
  const known = names.get(key);
  if (known !== undefined) return known;
  const base = sanitizeComponentName(hint);
  let name = base;
  for (let n = 2; doc.components.has(name); n++) name = `${base}${n}`;
  createComponent(doc, name).derivedFor = schema;
  names.set(key, name);
  return name;
}

/**
 * Moves a made-up component name to the next free one (`PostTreesBody2`): its references
 * are filled in from the component at the end, so only the maps that name it change.
 */
export function renameDerived(doc: DocumentSchemas, component: Component): void {
  const old = component.name;
  let name = old;
  for (let n = 2; doc.components.has(name); n++) name = `${old}${n}`;
  doc.components.delete(old);
  component.name = name;
  doc.components.set(name, component);
  for (const naming of doc.namings.values()) {
    if (naming.adopted?.has(old)) {
      naming.adopted.delete(old);
      naming.adopted.add(name);
    } else if (naming.schema !== component.derivedFor) continue;
    if (naming.root === old) naming.root = name;
    for (const [key, value] of naming.defs) if (value === old) naming.defs.set(key, name);
  }
  const names = doc.derivedNames.get(component.derivedFor as object);
  for (const [key, value] of names ?? []) if (value === old) names?.set(key, name);
}
