import { SpecloomError, describeValue } from "../errors";
import { isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import { isValidComponentName } from "../schema/names";
import type { ComponentKind } from "../types/definition-forms";

/** A component as registered (definition map entry or builder call), judged when the document is built. */
export interface ComponentEntry {
  readonly kind: ComponentKind;
  readonly name: string;
  readonly value: unknown;
  readonly location: string;
}

/** The component kinds a definition registers, in the order `components` lists them (OpenAPI 3.2). */
export const COMPONENT_KINDS: readonly ComponentKind[] = ["responses", "parameters", "examples", "requestBodies", "headers", "links", "callbacks"];

/** The singular a builder method and a message use: `parameter("PageSize", ...)`. */
export const SINGULAR: Readonly<Record<ComponentKind, string>> = {
  parameters: "parameter", responses: "response", requestBodies: "request body", headers: "header", examples: "example", links: "link", callbacks: "callback",
};

/** The builder method that registers each kind: `parameter("PageSize", ...)`. */
export const BUILDER_METHOD: Readonly<Record<ComponentKind, string>> = {
  parameters: "parameter", responses: "response", requestBodies: "requestBody", headers: "header", examples: "example", links: "link", callbacks: "callback",
};

/**
 * What a message says of the names registered under `kind`: `registered: A, B` (`label`
 * between the two words when a message lists more than one kind), or `no <kind> are registered`.
 */
export function registeredList(kind: string, names: readonly string[], label: string): string {
  return names.length ? `registered${label}: ${names.join(", ")}` : `no ${kind} are registered`;
}

/**
 * The registered components' names, so a route can use one by name: a name becomes a
 * `$ref` to `#/components/<kind>/<name>`, which is known to resolve. Names are data: a
 * component called `__proto__` is a name like any other.
 */
export class ComponentRefs {
  private readonly names = new Map<ComponentKind, Map<string, ComponentEntry>>();

  constructor(entries: readonly ComponentEntry[]) {
    for (const entry of entries) {
      if (!isValidComponentName(entry.name)) {
        throw new SpecloomError("INVALID_DEFINITION", entry.location, `${JSON.stringify(entry.name)} is not a valid component name (letters, digits, ".", "-" and "_" only)`);
      }
      let kind = this.names.get(entry.kind);
      if (kind === undefined) this.names.set(entry.kind, (kind = new Map()));
      const prior = kind.get(entry.name);
      if (prior !== undefined && prior.value !== entry.value) {
        throw new SpecloomError("INVALID_DEFINITION", entry.location, `the ${SINGULAR[entry.kind]} name "${entry.name}" is already registered at ${prior.location}`);
      }
      kind.set(entry.name, entry);
    }
  }

  has(kind: ComponentKind, name: string): boolean {
    return this.names.get(kind)?.has(name) === true;
  }

  /** The registered component, for what a route needs to know of it (a parameter's name and place). */
  entry(kind: ComponentKind, name: string): ComponentEntry | undefined {
    return this.names.get(kind)?.get(name);
  }

  /** Each kind's entries, in registration order. */
  entries(kind: ComponentKind): ComponentEntry[] {
    return [...(this.names.get(kind)?.values() ?? [])];
  }

  /** `{ $ref }` to a registered component, or SCHEMA_RESOLUTION_FAILED listing the registered names. */
  ref(kind: ComponentKind, name: string, location: string): JsonObject {
    if (this.has(kind, name)) return { $ref: `#/components/${kind}/${name}` };
    throw new SpecloomError(
      "SCHEMA_RESOLUTION_FAILED",
      location,
      `"${name}" names no registered ${SINGULAR[kind]} (${registeredList(kind, [...(this.names.get(kind)?.keys() ?? [])], "")}); register it under \`${kind}\` or write it here`,
    );
  }

  /** A map whose string values are registered names, with each name turned into its `$ref` (a copy when any is). */
  withNames(map: unknown, kind: ComponentKind, location: string): unknown {
    if (!isPlainObject(map)) return map;
    const keys = Object.keys(map);
    if (!keys.some((key) => typeof map[key] === "string")) return map;
    const result: JsonObject = {};
    for (const key of keys) {
      const value = map[key];
      setOwn(result, key, typeof value === "string" ? this.ref(kind, value, location + propertyLabel(key)) : value);
    }
    return result;
  }
}

/** A definition's map of one component kind as entries, labelled `parameters["PageSize"]`. */
export function componentEntries(kind: ComponentKind, map: unknown): ComponentEntry[] {
  if (map === undefined) return [];
  if (!isPlainObject(map)) throw new SpecloomError("INVALID_DEFINITION", kind, `expected a map of names to ${kind}, found ${describeValue(map)}`);
  return Object.keys(map).map((name) => ({ kind, name, value: map[name], location: kind + propertyLabel(name) }));
}
