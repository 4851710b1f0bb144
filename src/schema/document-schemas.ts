import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import type { JsonObject } from "../internal/own";
import type { ReferenceObject, SchemaOrRef } from "../types/document";
import type { ImportedSchema } from "./import";
import { KeyFilter } from "./key-filter";
import type { RegistrySignature } from "./registry-signature";
import { SchemaImports } from "./schema-imports";
import type { Dialect, Side } from "./vendor";

/** Where a schema is used: `location` for messages, `nameHint` for names derived from it. */
export interface SchemaSite {
  location: string;
  nameHint: string;
}

/** A property of an object schema, as parameters use it. `imported`: its node as imported (shared), for what the import noted about it. */
export interface ObjectProperty {
  readonly name: string;
  readonly schema: SchemaOrRef;
  readonly required: boolean;
  readonly imported: unknown;
}

/** How one imported schema's references resolve in this document: a component name, or inline. */
export interface Naming {
  /** The schema object whose JSON Schema this is. */
  readonly schema: StandardJSONSchemaV1;
  readonly imported: ImportedSchema;
  /** Mutable only so a made-up name can step aside for a name a user chose (`renameDerived`). */
  root: string | undefined;
  readonly defs: Map<string, string | undefined>;
  /**
   * Names this tree took for recursive parts of a registered schema it copies
   * (registered-twins.ts): made up for that schema, and the same component here.
   */
  readonly adopted: Set<string> | undefined;
  /** Materialised inline definition bodies, per side. */
  readonly inline: Record<Side, Map<string, unknown> | undefined>;
  /** Materialised root, per side. */
  readonly result: Record<Side, unknown>;
  /** Registered schemas this tree contains inline, per side (`null`: none). */
  readonly matches: Record<Side, Matches | null | undefined>;
  /** The root's properties for parameters, per side, when none needed a copy (compiler.ts). */
  readonly properties: Record<Side, readonly ObjectProperty[] | undefined>;
}

/**
 * A registered schema an inline copy is recognised as: its component name and schema object
 * (not its naming, which is one document's: matches are kept across documents).
 */
export interface Match {
  readonly name: string;
  readonly schema: StandardJSONSchemaV1;
  /** A use's annotations beside the `$ref`, and whether it was nullable (3.0). */
  readonly annotations?: JsonObject;
  readonly nullable?: boolean;
}

/** A registered schema's body on one side, as candidates are compared with it. */
export interface RegisteredBody {
  name: string;
  naming: Naming;
  body: object;
  /** Indexed by its body without annotations (annotations.ts), for uses that add some. */
  core?: boolean;
}

/** Inline copies of registered schemas in one tree: what replaces each, and the nodes that lead there. */
export interface Matches {
  readonly replace: ReadonlyMap<object, Match>;
  readonly descend: ReadonlySet<object>;
}

/** One side's form of a component: its imported body, and how that body's references resolve. */
export interface Form {
  readonly source: unknown;
  readonly naming: Naming;
  readonly origin: string;
  body: unknown;
}

export interface Component {
  name: string;
  /** Set when Specloom made the name up for this schema object (a recursive schema without one). */
  derivedFor?: object;
  /** `byPlugin`: contributed by a plugin's `schemas`, so written only where something uses it. */
  registered?: { schema: StandardJSONSchemaV1; location: string; byPlugin?: boolean };
  forms: Partial<Record<Side, Form>>;
  refs: Record<Side, ReferenceObject[]>;
}

/** The schemas of one document while it is built: its components, names and references. */
export interface DocumentSchemas {
  readonly dialect: Dialect;
  readonly imports: SchemaImports;
  readonly components: Map<string, Component>;
  /** The component name of each registered schema object. */
  readonly bySchema: Map<object, string>;
  readonly namings: Map<ImportedSchema, Naming>;
  /** The same namings by schema object and side: a use's one lookup, instead of three. */
  readonly namingsBySchema: Record<Side, Map<object, Naming>>;
  /** Names made up per schema object and definition key, so both sides of one schema share them. */
  readonly derivedNames: Map<object, Map<string, string>>;
  /** Component forms defined but not yet materialised (a queue, not recursion). */
  readonly pending: { form: Form; side: Side }[];
  /**
   * Every `$ref` placeholder handed out, by side, with its component (whose name, read at
   * the end, survives a rename): one entry per use, filled in at the end.
   */
  readonly refTargets: Record<Side, Map<object, Component>>;
  /** Registered schemas by shape key, built on first need (recognise-registered.ts). */
  registeredKeys: Map<string, Component[]> | undefined;
  /** Tells candidates whose key is none of those apart cheaply; filled with them. */
  readonly registeredKeyFilter: KeyFilter;
  /** The token of the registered set those keys were built from (registry-signature.ts). */
  registrySignature: RegistrySignature | undefined;
  /**
   * Per side, registered bodies by the hash of their top level (shape-hash.ts), filled per
   * key as candidates need them. Hashes, not the JSON text: a candidate's text is written
   * only when its structural hash meets a body's too, so nested candidates do not each
   * serialise their whole subtree (quadratic in a schema's depth).
   */
  readonly registeredHashes: Record<Side, Map<number, RegisteredBody[]>>;
  readonly hashedKeys: Record<Side, Set<string>>;
  /** Copied `oneOf`/`anyOf` nodes, which may hold branches a discriminator tells apart (discriminators.ts). */
  readonly unions: JsonObject[];
}

export function createDocumentSchemas(dialect: Dialect): DocumentSchemas {
  return {
    dialect,
    imports: new SchemaImports(dialect),
    components: new Map(),
    bySchema: new Map(),
    namings: new Map(),
    namingsBySchema: { input: new Map(), output: new Map() },
    derivedNames: new Map(),
    pending: [],
    refTargets: { input: new Map(), output: new Map() },
    registeredKeys: undefined,
    registeredKeyFilter: new KeyFilter(),
    registrySignature: undefined,
    registeredHashes: { input: new Map(), output: new Map() },
    hashedKeys: { input: new Set(), output: new Set() },
    unions: [],
  };
}

export function createComponent(doc: DocumentSchemas, name: string): Component {
  const component: Component = { name, forms: {}, refs: { input: [], output: [] } };
  doc.components.set(name, component);
  return component;
}
