import { SpecloomError } from "../errors";
import type { JsonObject } from "../internal/own";
import { annotatedReference } from "./annotations";
import { noteUnion } from "./discriminators";
import { namingFor, renameDerived } from "./component-names";
import { copyNode } from "./copy-node";
import { createComponent, type DocumentSchemas, type Form, type Naming } from "./document-schemas";
import { holdsRef, refTarget, ROOT } from "./ref-marks";
import { matchesIn } from "./recognise-registered";
import { reference } from "./references";
import { sameNamedForms } from "./same-schema";
import { rootBody } from "./schema-imports";
import type { Side } from "./vendor";

/** A schema's use on one side: a `$ref` when its root has a name, else its materialised root. */
export function materialiseRoot(doc: DocumentSchemas, naming: Naming, side: Side, origin: string): unknown {
  const done = naming.result[side];
  if (done !== undefined) return done;
  const imported = naming.imported;
  materialiseInline(doc, naming, side, origin);
  let result: unknown;
  if (naming.root !== undefined) {
    define(doc, naming.root, side, rootBody(imported), naming, origin);
    result = reference(doc, naming.root, side);
  } else {
    result = materialise(doc, imported.root, naming, side, origin);
  }
  naming.result[side] = result;
  return result;
}

/** Materialises, leaves first, the generated definitions this document inlines. */
export function materialiseInline(doc: DocumentSchemas, naming: Naming, side: Side, origin: string): void {
  if (naming.inline[side]) return;
  const inline = new Map<string, unknown>();
  naming.inline[side] = inline;
  for (const key of naming.imported.inlineOrder) {
    if (naming.defs.get(key) === undefined) inline.set(key, materialise(doc, naming.imported.defs.get(key), naming, side, origin));
  }
}

/** Registers one side's form of a component; the same name with a different schema is DUPLICATE_SCHEMA. */
function define(doc: DocumentSchemas, name: string, side: Side, source: unknown, naming: Naming, origin: string): void {
  const component = doc.components.get(name) ?? createComponent(doc, name);
  if (component.derivedFor !== undefined && component.derivedFor !== naming.schema && !naming.adopted?.has(name)) {
    // A name Specloom made up steps aside for one a schema chose.
    renameDerived(doc, component);
    define(doc, name, side, source, naming, origin);
    return;
  }
  const form = component.forms[side];
  if (form) {
    if (form.source === source || sameNamedForms(doc, form.source, form.naming, source, naming)) return;
    throw new SpecloomError("DUPLICATE_SCHEMA", origin, `two different schemas are named "${name}": one used at ${form.origin}, another here`);
  }
  const created: Form = { source, naming, origin, body: undefined };
  component.forms[side] = created;
  doc.pending.push({ form: created, side });
}

/** Materialises pending component bodies; each may define more (a queue, not recursion). */
export function drain(doc: DocumentSchemas): void {
  while (doc.pending.length > 0) {
    const { form, side } = doc.pending.shift() as { form: Form; side: Side };
    materialiseInline(doc, form.naming, side, form.origin);
    form.body = materialise(doc, form.source, form.naming, side, form.origin, true);
  }
}

/**
 * Copies the parts of an imported tree that hold references (everything else is shared,
 * frozen), turning each reference into a component `$ref` or the inlined definition,
 * and each inline copy of a registered schema into a `$ref` to it. `isComponent`: the
 * tree is a component's own body, so its top is not replaced by a reference to itself.
 */
export function materialise(doc: DocumentSchemas, node: unknown, naming: Naming, side: Side, origin: string, isComponent = false): unknown {
  const matches = matchesIn(doc, naming, side);
  if (!holdsRef(node) && !(matches !== null && matches.descend.has(node as object))) return node;
  const resolve = (ref: JsonObject): unknown => {
    const key = refTarget(ref.$ref as string);
    const name = key === ROOT ? naming.root : naming.defs.get(key);
    if (name === undefined) {
      const inlined = naming.inline[side]?.get(key);
      // Never a hole where a schema was: a reference nothing stands for is an error, not a dropped property.
      if (inlined === undefined) throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", origin, `the ${naming.imported.vendor} schema's reference ${JSON.stringify(ref.$ref)} has neither a component nor a body to stand for it here`);
      return inlined;
    }
    const imported = naming.imported;
    const body = key === ROOT || key === imported.rootDef ? rootBody(imported) : imported.defs.get(key);
    define(doc, name, side, body, naming, origin);
    return reference(doc, name, side);
  };
  const recognise = (candidate: object, isTop: boolean): unknown => {
    const match = matches?.replace.get(candidate);
    if (!match || (isTop && isComponent)) return undefined;
    // The registered schema's naming in this document (matches are kept across documents).
    const location = doc.components.get(match.name)?.registered?.location ?? origin;
    materialiseRoot(doc, namingFor(doc, match.schema, side, { location, nameHint: match.name }), side, origin);
    const ref = reference(doc, match.name, side);
    return match.annotations ? annotatedReference(ref, match.annotations, match.nullable === true, doc.dialect) : ref;
  };
  const descend = (child: unknown) => holdsRef(child) || (matches !== null && matches.descend.has(child as object));
  return copyNode(node as object, doc.refTargets, resolve, recognise, descend, (source, copy) => noteUnion(doc, source, copy));
}
