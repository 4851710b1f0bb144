import { setOwn, type JsonObject } from "../internal/own";
import { pushAll } from "../internal/push-all";
import type { ReferenceObject, SchemaOrRef } from "../types/document";
import type { Component, DocumentSchemas } from "./document-schemas";
import type { Side } from "./vendor";

/** A `$ref` placeholder to a component on one side, filled in by `fillReferences`. */
export function reference(doc: DocumentSchemas, name: string, side: Side): ReferenceObject {
  const ref: ReferenceObject = { $ref: "" };
  const component = doc.components.get(name) as Component;
  component.refs[side].push(ref);
  doc.refTargets[side].set(ref, component);
  return ref;
}

/** The component and side a `$ref` placeholder stands for, if `node` is one. */
export function placeholderTarget(doc: DocumentSchemas, node: object): { component: Component; side: Side } | undefined {
  const output = doc.refTargets.output.get(node);
  if (output) return { component: output, side: "output" };
  const input = doc.refTargets.input.get(node);
  return input && { component: input, side: "input" };
}

/**
 * A top-level copy of a node the compiler returned, for callers that reshape it before
 * `finalize()` (parameters lift `description` out of their schema). A copied reference
 * is filled in like the original.
 */
export function copyTop(doc: DocumentSchemas, node: SchemaOrRef, omit: readonly string[]): SchemaOrRef {
  const copy: JsonObject = {};
  for (const key of Object.keys(node)) if (!omit.includes(key)) setOwn(copy, key, (node as JsonObject)[key]);
  const target = placeholderTarget(doc, node);
  if (target !== undefined && typeof copy.$ref === "string") {
    target.component.refs[target.side].push(copy as unknown as ReferenceObject);
    doc.refTargets[target.side].set(copy, target.component);
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
    const target = placeholderTarget(doc, node);
    if (target !== undefined) names.add(target.component.name);
    pushAll(stack, Array.isArray(node) ? node : Object.values(node));
  }
  return names;
}

/** Points every placeholder at its component: the input form's name for components written twice. */
export function fillReferences(doc: DocumentSchemas, twoForms: ReadonlySet<Component>): void {
  for (const component of doc.components.values()) {
    // One string per component and form, shared by its references.
    const output = `#/components/schemas/${component.name}`;
    const input = twoForms.has(component) ? `${output}Input` : output;
    for (const ref of component.refs.output) ref.$ref = output;
    for (const ref of component.refs.input) ref.$ref = input;
  }
}
