import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import type { JsonObject } from "../internal/own";
import type { Component, DocumentSchemas } from "./document-schemas";
import { registrySignature } from "./registry-signature";
import { rootBody } from "./schema-imports";
import { frozenShapeKey } from "./shapes";

/**
 * Registered schemas by the key of their shape (shapes.ts), from whichever side is at
 * hand; built on first need. Both ways of finding a registered schema a library wrote
 * again (recognise-registered.ts inline, registered-twins.ts as a recursive definition)
 * look candidates up here first.
 */
export function keysOfRegistered(doc: DocumentSchemas): Map<string, Component[]> {
  if (doc.registeredKeys) return doc.registeredKeys;
  const byKey = new Map<string, Component[]>();
  doc.registeredKeys = byKey;
  const components: Component[] = [];
  for (const component of doc.components.values()) if (component.registered) components.push(component);
  // The same snapshot as the keys: what recognition keeps across documents is keyed by it.
  doc.registrySignature = registrySignature(components);
  for (const component of components) {
    const registered = component.registered as { schema: StandardJSONSchemaV1; location: string };
    const imported = doc.imports.any(registered.schema, registered.location);
    const body = imported && rootBody(imported);
    const key = frozenShapeKey(body);
    if (key === undefined) continue;
    doc.registeredKeyFilter.add(body as JsonObject);
    const list = byKey.get(key) ?? [];
    list.push(component);
    byKey.set(key, list);
  }
  return byKey;
}
