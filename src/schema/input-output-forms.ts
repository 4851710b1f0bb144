/**
 * Whether a component is written once or twice: its output form as `Name` and its input
 * form as `NameInput` when the two differ, and the checks that one name means one schema.
 */
import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { namingFor, renameDerived } from "./component-names";
import type { Component, DocumentSchemas, Naming } from "./document-schemas";
import { referencedNames } from "./references";
import { sameNamedForms, sameSchema } from "./same-schema";
import { rootBody } from "./schema-imports";
import type { Side } from "./vendor";

/**
 * A name means one schema. A form that another schema defined under a registered name must
 * equal the registered schema's own; and when a component's two forms come from two schema
 * objects, the input form's schema must give the output form too. Otherwise two different
 * schemas share the name: DUPLICATE_SCHEMA. (Only names and comparisons: nothing is emitted.)
 */
export function checkForeignForms(doc: DocumentSchemas): void {
  for (const component of doc.components.values()) {
    const { input, output } = component.forms;
    const registered = component.registered;
    for (const side of ["input", "output"] as const) {
      const form = component.forms[side];
      if (!registered || !form || form.naming.schema === registered.schema) continue;
      const own = formOf(doc, registered.schema, component.name, side);
      if (own && !sameNamedForms(doc, own.body, own.naming, form.source, form.naming)) {
        throw new SpecloomError("DUPLICATE_SCHEMA", form.origin, `two different schemas are named "${component.name}": the one registered at ${registered.location}, and another used here`);
      }
    }
    if (!input || !output || input.naming.schema === output.naming.schema) continue;
    const other = formOf(doc, input.naming.schema, component.name, "output");
    if (other && !sameNamedForms(doc, other.body, other.naming, output.source, output.naming)) {
      throw new SpecloomError("DUPLICATE_SCHEMA", input.origin, `two different schemas are named "${component.name}": one used at ${output.origin}, another here`);
    }
  }
}

/** What `schema` gives as the component `name` on `side`: undefined if it cannot say (or has no such part). */
function formOf(doc: DocumentSchemas, schema: StandardJSONSchemaV1, name: string, side: Side): { body: unknown; naming: Naming } | undefined {
  let naming: Naming;
  try {
    naming = namingFor(doc, schema, side, { location: name, nameHint: name });
  } catch {
    return undefined;
  }
  if (naming.root === name) return { body: rootBody(naming.imported), naming };
  for (const [key, defName] of naming.defs) if (defName === name) return { body: naming.imported.defs.get(key), naming };
  return undefined;
}

/**
 * Components written twice (output form as `Name`, input form as `NameInput`), with every
 * `NameInput` free. A made-up name steps aside (`renameDerived`) when it is the one in the
 * way, or when its own `NameInput` is a name a schema chose; two chosen names that clash
 * are DUPLICATE_SCHEMA naming both places.
 */
export function componentsWithTwoForms(doc: DocumentSchemas): Set<Component> {
  let differs = formsThatDiffer(doc);
  for (let renamed = true; renamed; ) {
    renamed = false;
    for (const component of doc.components.values()) {
      if (!component.forms.input || !component.forms.output || !differs.has(component.name)) continue;
      const inputName = `${component.name}Input`;
      const clash = doc.components.get(inputName);
      if (!clash || (!clash.forms.input && !clash.forms.output)) continue;
      if (clash.derivedFor !== undefined) renameDerived(doc, clash);
      else if (component.derivedFor !== undefined) renameDerived(doc, component);
      else {
        const other = clash.registered?.location ?? (clash.forms.output ?? clash.forms.input)?.origin;
        throw new SpecloomError("DUPLICATE_SCHEMA", component.forms.input.origin, `the input form of "${component.name}" needs the name "${inputName}", which the schema used at ${other} already has; rename one of them`);
      }
      renamed = true;
      break;
    }
    // A rename moves names, and which forms differ is keyed by name.
    if (renamed) differs = formsThatDiffer(doc);
  }
  return new Set([...doc.components.values()].filter((c) => c.forms.input && c.forms.output && differs.has(c.name)));
}

/**
 * Components whose input and output forms differ: their own bodies differ, or they refer
 * (on the input side) to a component that differs. Propagated to a fixed point.
 */
function formsThatDiffer(doc: DocumentSchemas): Set<string> {
  const differs = new Set<string>();
  const dependents = new Map<string, string[]>();
  for (const component of doc.components.values()) {
    const { input, output } = component.forms;
    if (!input || !output) continue;
    if (!sameSchema(input.source, input.naming, output.source, output.naming)) differs.add(component.name);
    for (const dep of referencedNames(doc, input.body)) {
      const list = dependents.get(dep) ?? [];
      list.push(component.name);
      dependents.set(dep, list);
    }
  }
  const queue = [...differs];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    for (const dependent of dependents.get(name) ?? []) {
      if (differs.has(dependent)) continue;
      differs.add(dependent);
      queue.push(dependent);
    }
  }
  return differs;
}
