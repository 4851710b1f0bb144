import { setOwn, type JsonObject } from "../internal/own";
import { pushAll } from "../internal/push-all";
import type { ReferenceObject, SchemaOrRef } from "../types/document";
import type { Component, DocumentSchemas } from "./document-schemas";
import type { Side } from "./vendor";

/** A `$ref` placeholder to a component on one side, filled in by `fillReferences`. */
export function reference(doc: DocumentSchemas, name: string, side: Side): ReferenceObject {
  const ref: ReferenceObject = { $ref: "" };
  (doc.components.get(name) as Component).refs[side].push(ref);
  doc.refNames.set(ref, name);
  doc.refSides.set(ref, side);
  return ref;
}

/**
 * A top-level copy of a node the compiler returned, for callers that reshape it before
 * `finalize()` (parameters lift `description` out of their schema). A copied reference
 * is filled in like the original.
 */
export function copyTop(doc: DocumentSchemas, node: SchemaOrRef, omit: readonly string[]): SchemaOrRef {
  const copy: JsonObject = {};
  for (const key of Object.keys(node)) if (!omit.includes(key)) setOwn(copy, key, (node as JsonObject)[key]);
  const name = doc.refNames.get(node);
  if (name !== undefined && typeof copy.$ref === "string") {
    const side = doc.refSides.get(node) as Side;
    (doc.components.get(name) as Component).refs[side].push(copy as unknown as ReferenceObject);
    doc.refNames.set(copy, name);
    doc.refSides.set(copy, side);
  }
  return copy as SchemaOrRef;
}

/** Component names a materialised body refers to; only its copied (unfrozen) parts can hold references. */
export function referencedNames(doc: DocumentSchemas, body: unknown): Set<string> {
  const names = new Set<string>();
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object" || Object.isFrozen(node)) continue;
    const name = doc.refNames.get(node);
    if (name !== undefined) names.add(name);
    pushAll(stack, Array.isArray(node) ? node : Object.values(node));
  }
  return names;
}

/** Points every placeholder at its component: the input form's name for components written twice. */
export function fillReferences(doc: DocumentSchemas, twoForms: ReadonlySet<Component>): void {
  for (const component of doc.components.values()) {
    const inputName = twoForms.has(component) ? `${component.name}Input` : component.name;
    for (const ref of component.refs.output) ref.$ref = `#/components/schemas/${component.name}`;
    for (const ref of component.refs.input) ref.$ref = `#/components/schemas/${inputName}`;
  }
}
