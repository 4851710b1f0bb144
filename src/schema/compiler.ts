import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import type { ReferenceObject, SchemaOrRef } from "../types/document";
import { holdsRef, importSchema, isGenerated, isRefNode, refTarget, ROOT, type ImportedSchema } from "./import";
import { isValidComponentName, pascalCase, sanitizeComponentName } from "./names";
import { candidatesOf, fingerprint, registeredShapeKey, shapeHash } from "./shapes";
import { callVendor, explainNotASchema, isStandardJSONSchema, vendorOf, type Dialect, type Side } from "./vendor";

/** Where a schema is used: `location` for messages, `nameHint` for names derived from it. */
export interface SchemaSite {
  location: string;
  nameHint: string;
}

/** How one imported schema's references resolve in this document: a component name, or inline. */
interface Naming {
  /** The schema object whose JSON Schema this is. */
  readonly schema: StandardJSONSchemaV1;
  readonly imported: ImportedSchema;
  /** Mutable only so a made-up name can step aside for a name a user chose (`renameDerived`). */
  root: string | undefined;
  readonly defs: Map<string, string | undefined>;
  /** Materialised inline definition bodies, per side. */
  readonly inline: Record<Side, Map<string, unknown> | undefined>;
  /** Materialised root, per side. */
  readonly result: Record<Side, unknown>;
  /** Registered schemas this tree contains inline, per side (`null`: none). */
  readonly matches: Record<Side, Matches | null | undefined>;
}

/** Inline copies of registered schemas in one tree: what replaces each, and the nodes that lead there. */
interface Matches {
  readonly replace: ReadonlyMap<object, { name: string; naming: Naming }>;
  readonly descend: ReadonlySet<object>;
}

/** One side's form of a component: its imported body, and how that body's references resolve. */
interface Form {
  readonly source: unknown;
  readonly naming: Naming;
  readonly origin: string;
  body: unknown;
}

interface Component {
  name: string;
  /** Set when Specloom made the name up for this schema object (a recursive schema without one). */
  derivedFor?: object;
  /** `byPlugin`: contributed by a plugin's `schemas`, so written only where something uses it. */
  registered?: { schema: StandardJSONSchemaV1; location: string; byPlugin?: boolean };
  forms: Partial<Record<Side, Form>>;
  refs: Record<Side, ReferenceObject[]>;
}

/** Every schema object's import, per dialect and side, for as long as the object lives. */
const importCache = new WeakMap<object, Map<string, ImportedSchema>>();


/**
 * Turns the schemas of one document into Schema Objects and `components.schemas`.
 * A named schema (registered, vendor-identified, or a cycle's anchor) is a `$ref`
 * wherever it is used; everything else is inlined. References are placeholder objects
 * until `finalize()`, which knows whether a component needs separate input and output forms.
 */
export class SchemaCompiler {
  private readonly components = new Map<string, Component>();
  private readonly bySchema = new Map<object, string>();
  private readonly namings = new Map<ImportedSchema, Naming>();
  private readonly pending: { form: Form; side: Side }[] = [];
  private readonly refNames = new Map<object, string>();
  private readonly refSides = new Map<object, Side>();
  private registeredKeys: Map<string, Component[]> | undefined;
  /**
   * Per side, registered bodies by structural hash, filled per key as candidates need them.
   * A hash, not the JSON text: a candidate's text is written only on a hash hit, so nested
   * candidates do not each serialise their whole subtree (quadratic in a schema's depth).
   */
  private readonly registeredHashes: Record<Side, Map<number, { name: string; naming: Naming; body: object }[]>> = { input: new Map(), output: new Map() };
  private readonly hashedKeys: Record<Side, Set<string>> = { input: new Set(), output: new Set() };
  /** Names made up per schema object and definition key, so both sides of one schema share them. */
  private readonly derivedNames = new Map<object, Map<string, string>>();

  private readonly keys: Record<Side, string>;

  constructor(private readonly dialect: Dialect) {
    this.keys = { input: `${dialect}:input`, output: `${dialect}:output` };
  }

  /** Registers a schema under a component name (`schemas` map, `.schema()`). */
  register(name: string, schema: unknown, location: string, byPlugin = false): void {
    if (!isValidComponentName(name)) {
      throw new SpecloomError("INVALID_DEFINITION", location, `"${name}" is not a valid component name (letters, digits, ".", "-" and "_" only)`);
    }
    if (!isStandardJSONSchema(schema)) throw new SpecloomError("INVALID_DEFINITION", location, explainNotASchema(schema));
    const existing = this.components.get(name);
    if (existing?.registered) {
      if (existing.registered.schema === schema) return;
      throw new SpecloomError("DUPLICATE_SCHEMA", location, `the name "${name}" is already registered to a different schema at ${existing.registered.location}`);
    }
    const other = this.bySchema.get(schema);
    if (other !== undefined) {
      const first = this.components.get(other)?.registered?.location ?? other;
      throw new SpecloomError("DUPLICATE_SCHEMA", location, `this schema object is already registered as "${other}" at ${first}; one schema has one name`);
    }
    const component = existing ?? this.createComponent(name);
    component.registered = byPlugin ? { schema, location, byPlugin } : { schema, location };
    this.bySchema.set(schema, name);
  }

  /**
   * A top-level copy of a node this compiler returned, for callers that reshape it before
   * `finalize()` (parameters lift `description` out of their schema). A copied reference
   * is filled in like the original.
   */
  copyTop(node: SchemaOrRef, omit: readonly string[]): SchemaOrRef {
    const copy: JsonObject = {};
    for (const key of Object.keys(node)) if (!omit.includes(key)) setOwn(copy, key, (node as JsonObject)[key]);
    const name = this.refNames.get(node);
    if (name !== undefined && typeof copy.$ref === "string") {
      const side = this.refSides.get(node) as Side;
      (this.components.get(name) as Component).refs[side].push(copy as unknown as ReferenceObject);
      this.refNames.set(copy, name);
      this.refSides.set(copy, side);
    }
    return copy as SchemaOrRef;
  }

  /**
   * Registers a schema a plugin contributes: `name` is a default, so a schema already
   * registered keeps its name and a schema that names itself (Zod's `.meta({ id })`) is
   * registered under that name instead.
   */
  registerDefault(name: string, schema: unknown, location: string): void {
    if (isStandardJSONSchema(schema) && this.bySchema.has(schema)) return;
    this.register(this.vendorNameOf(schema, location) ?? name, schema, location, true);
  }

  /** The name a schema gives itself, read from whichever side it can produce. */
  private vendorNameOf(schema: unknown, location: string): string | undefined {
    if (!isStandardJSONSchema(schema)) return undefined;
    for (const side of ["output", "input"] as const) {
      try {
        const rootName = this.imported(schema, side, location).rootName;
        return rootName === undefined ? undefined : sanitizeComponentName(rootName);
      } catch {
        // This side cannot be written as JSON Schema; the other may say.
      }
    }
    return undefined;
  }

  hasRegistered(): boolean {
    return this.bySchema.size > 0;
  }

  /** The name a schema object is registered under, if any. */
  nameOf(schema: unknown): string | undefined {
    return schema !== null && (typeof schema === "object" || typeof schema === "function") ? this.bySchema.get(schema) : undefined;
  }

  isRegistered(name: string): boolean {
    return this.components.get(name)?.registered !== undefined;
  }

  registeredNames(): string[] {
    return [...this.components.values()].filter((c) => c.registered).map((c) => c.name);
  }

  /**
   * Asks the library for a schema's side ahead of use, so that recognising registered
   * schemas later finds each already converted on a side the document needs, instead of
   * converting a side nobody uses. Failures are left for the real use to report.
   */
  prefetch(schema: unknown, side: Side): void {
    try {
      this.imported(schema, side, "");
    } catch {
      // Reported, with its location, where the schema is used.
    }
  }

  /** The Schema Object (or `$ref`) for a schema position. */
  schema(schema: unknown, side: Side, site: SchemaSite): SchemaOrRef {
    const naming = this.namingFor(schema, side, site);
    const result = this.materialiseRoot(naming, side, site.location);
    this.drain();
    return result as SchemaOrRef;
  }

  /**
   * A `$ref` to a registered schema, for a status code whose value is a schema name. A
   * failure names the place that used the name (`paths["GET /a"][200] (schema "Thing")`).
   */
  refTo(name: string, side: Side, site: SchemaSite): ReferenceObject | undefined {
    const component = this.components.get(name);
    if (!component?.registered) return undefined;
    const naming = this.namingFor(component.registered.schema, side, { location: site.location, nameHint: name });
    const ref = this.materialiseRoot(naming, side, site.location) as ReferenceObject;
    this.drain();
    return ref;
  }

  /**
   * The properties of an object schema, for parameters: each property's Schema Object and
   * whether it is required. Anything but an object schema is INVALID_DEFINITION.
   */
  properties(schema: unknown, side: Side, site: SchemaSite): { name: string; schema: SchemaOrRef; required: boolean; imported: unknown }[] {
    const naming = this.namingFor(schema, side, site);
    const imported = naming.imported;
    this.materialiseInline(naming, side, site.location);
    const body = rootBody(imported);
    const branches = isObject(body) && Array.isArray(body.allOf) && !hasOwn(body, "properties") ? body.allOf : [body];
    const result: { name: string; schema: SchemaOrRef; required: boolean; imported: unknown }[] = [];
    for (const branch of branches) {
      if (!isObject(branch) || (branch.type !== "object" && !isObject(branch.properties))) {
        throw new SpecloomError("INVALID_DEFINITION", site.location, `expected an object schema whose properties become parameters, found a schema of type ${JSON.stringify(isObject(branch) ? (branch.type ?? "unknown") : branch)}`);
      }
      const properties = isObject(branch.properties) ? branch.properties : {};
      const required = Array.isArray(branch.required) ? branch.required : [];
      for (const name of Object.keys(properties)) {
        // `imported`: the shared node before this document's copy, for what the import noted about it.
        result.push({ name, schema: this.materialise(properties[name], naming, side, site.location) as SchemaOrRef, required: required.includes(name), imported: properties[name] });
      }
    }
    this.drain();
    return result;
  }

  /**
   * Decides each component's forms and names, fills in every `$ref`, and returns
   * `components.schemas` in registration and first-use order.
   */
  finalize(): Record<string, SchemaOrRef> {
    for (const component of [...this.components.values()]) {
      if (!component.registered || component.registered.byPlugin || component.forms.input || component.forms.output) continue;
      this.emitUnused(component);
    }
    this.drain();
    this.checkForeignForms();
    const twoForms = this.componentsWithTwoForms();
    const schemas: Record<string, SchemaOrRef> = {};
    for (const component of this.components.values()) {
      const { input, output } = component.forms;
      const main = output ?? input;
      if (!main) continue;
      setOwn(schemas, component.name, main.body);
      if (input && twoForms.has(component)) setOwn(schemas, `${component.name}Input`, input.body);
    }
    for (const component of this.components.values()) {
      const inputName = twoForms.has(component) ? `${component.name}Input` : component.name;
      for (const ref of component.refs.output) ref.$ref = `#/components/schemas/${component.name}`;
      for (const ref of component.refs.input) ref.$ref = `#/components/schemas/${inputName}`;
    }
    return schemas;
  }

  /**
   * Components written twice (output form as `Name`, input form as `NameInput`), with every
   * `NameInput` free. A made-up name steps aside (`renameDerived`) when it is the one in the
   * way, or when its own `NameInput` is a name a schema chose; two chosen names that clash
   * are DUPLICATE_SCHEMA naming both places.
   */
  private componentsWithTwoForms(): Set<Component> {
    let differs = this.formsThatDiffer();
    for (let renamed = true; renamed; ) {
      renamed = false;
      for (const component of this.components.values()) {
        if (!component.forms.input || !component.forms.output || !differs.has(component.name)) continue;
        const inputName = `${component.name}Input`;
        const clash = this.components.get(inputName);
        if (!clash || (!clash.forms.input && !clash.forms.output)) continue;
        if (clash.derivedFor !== undefined) this.renameDerived(clash);
        else if (component.derivedFor !== undefined) this.renameDerived(component);
        else {
          const other = clash.registered?.location ?? (clash.forms.output ?? clash.forms.input)?.origin;
          throw new SpecloomError("DUPLICATE_SCHEMA", component.forms.input.origin, `the input form of "${component.name}" needs the name "${inputName}", which the schema used at ${other} already has; rename one of them`);
        }
        renamed = true;
        break;
      }
      // A rename moves names, and which forms differ is keyed by name.
      if (renamed) differs = this.formsThatDiffer();
    }
    return new Set([...this.components.values()].filter((c) => c.forms.input && c.forms.output && differs.has(c.name)));
  }

  private createComponent(name: string): Component {
    const component: Component = { name, forms: {}, refs: { input: [], output: [] } };
    this.components.set(name, component);
    return component;
  }

  /** A registered schema no route uses still appears (you asked for it): its output form, else its input form. */
  private emitUnused(component: Component): void {
    const { schema, location } = component.registered as { schema: StandardJSONSchemaV1; location: string };
    const site = { location, nameHint: component.name };
    try {
      this.materialiseRoot(this.namingFor(schema, "output", site), "output", location);
    } catch (outputError) {
      try {
        this.materialiseRoot(this.namingFor(schema, "input", site), "input", location);
      } catch {
        throw outputError;
      }
    }
  }

  private imported(schema: unknown, side: Side, at: string | (() => string)): ImportedSchema {
    const key = this.keys[side];
    // A cache hit proves the value is a schema: check (and read `~standard`, which ArkType builds on every read) only on a miss.
    let perSchema = schema !== null && (typeof schema === "object" || typeof schema === "function") ? importCache.get(schema) : undefined;
    const cached = perSchema?.get(key);
    if (cached) return cached;
    const location = typeof at === "string" ? at : at();
    if (!isStandardJSONSchema(schema)) throw new SpecloomError("INVALID_DEFINITION", location, explainNotASchema(schema));
    const { json, dialect } = callVendor(schema, side, this.dialect, location);
    const imported = importSchema(json, dialect, this.dialect, vendorOf(schema), location);
    if (!perSchema) importCache.set(schema, (perSchema = new Map()));
    perSchema.set(key, imported);
    return imported;
  }

  /** Names for an imported schema's root and definitions, fixed at its first use in this document. */
  private namingFor(schema: unknown, side: Side, site: SchemaSite): Naming {
    const registeredName = schema !== null && (typeof schema === "object" || typeof schema === "function") ? this.bySchema.get(schema) : undefined;
    // Built only for a message: most uses find their import cached and never need it.
    const location = () => (registeredName === undefined ? site.location : `${site.location} (schema "${registeredName}")`);
    const imported = this.imported(schema, side, location);
    const existing = this.namings.get(imported);
    if (existing) return existing;

    const vendorName = imported.rootName === undefined ? undefined : sanitizeComponentName(imported.rootName);
    if (registeredName !== undefined && vendorName !== undefined && vendorName !== registeredName) {
      throw new SpecloomError("DUPLICATE_SCHEMA", location(), `the schema registered as "${registeredName}" also names itself "${vendorName}" (its vendor identifier, such as Zod's .meta({ id })); give it one name`);
    }
    const rootDefGenerated = imported.rootDef !== undefined && isGenerated(imported, imported.rootDef);
    const needsRoot = imported.cyclic.has(ROOT) || (rootDefGenerated && imported.cyclic.has(imported.rootDef as string));
    let root = registeredName ?? vendorName;
    const schemaObject = schema as StandardJSONSchemaV1;
    if (root === undefined && needsRoot) root = this.derivedName(schemaObject, ROOT, site.nameHint);
    const defs = new Map<string, string | undefined>();
    for (const key of imported.defs.keys()) {
      if (key === imported.rootDef) defs.set(key, root);
      else if (!isGenerated(imported, key)) defs.set(key, sanitizeComponentName(key));
      else if (imported.cyclic.has(key)) defs.set(key, this.derivedName(schemaObject, key, (root ?? site.nameHint) + pascalCase(imported.firstProperty.get(key) ?? "Node")));
      else defs.set(key, undefined);
    }
    const naming: Naming = {
      schema: schemaObject,
      imported,
      root,
      defs,
      inline: { input: undefined, output: undefined },
      result: { input: undefined, output: undefined },
      matches: { input: undefined, output: undefined },
    };
    this.namings.set(imported, naming);
    return naming;
  }

  /**
   * A made-up name for a schema object's root or definition: the hint, else the hint with a
   * number. Kept per schema object, so its input and output forms share the name.
   */
  private derivedName(schema: object, key: string, hint: string): string {
    let names = this.derivedNames.get(schema);
    if (!names) this.derivedNames.set(schema, (names = new Map()));
    const known = names.get(key);
    if (known !== undefined) return known;
    const base = sanitizeComponentName(hint);
    let name = base;
    for (let n = 2; this.components.has(name); n++) name = `${base}${n}`;
    this.createComponent(name).derivedFor = schema;
    names.set(key, name);
    return name;
  }

  private materialiseRoot(naming: Naming, side: Side, origin: string): unknown {
    const done = naming.result[side];
    if (done !== undefined) return done;
    const imported = naming.imported;
    this.materialiseInline(naming, side, origin);
    let result: unknown;
    if (naming.root !== undefined) {
      this.define(naming.root, side, rootBody(imported), naming, origin);
      result = this.reference(naming.root, side);
    } else {
      result = this.materialise(imported.root, naming, side, origin);
    }
    naming.result[side] = result;
    return result;
  }

  /** Materialises, leaves first, the generated definitions this document inlines. */
  private materialiseInline(naming: Naming, side: Side, origin: string): void {
    if (naming.inline[side]) return;
    const inline = new Map<string, unknown>();
    naming.inline[side] = inline;
    for (const key of naming.imported.inlineOrder) {
      if (naming.defs.get(key) === undefined) inline.set(key, this.materialise(naming.imported.defs.get(key), naming, side, origin));
    }
  }

  /** Registers one side's form of a component; the same name with a different schema is DUPLICATE_SCHEMA. */
  private define(name: string, side: Side, source: unknown, naming: Naming, origin: string): void {
    const component = this.components.get(name) ?? this.createComponent(name);
    if (component.derivedFor !== undefined && component.derivedFor !== naming.schema) {
      // A name Specloom made up steps aside for one a schema chose.
      this.renameDerived(component);
      this.define(name, side, source, naming, origin);
      return;
    }
    const form = component.forms[side];
    if (form) {
      if (form.source === source || this.sameSchema(form.source, form.naming, source, naming)) return;
      throw new SpecloomError("DUPLICATE_SCHEMA", origin, `two different schemas are named "${name}": one used at ${form.origin}, another here`);
    }
    const created: Form = { source, naming, origin, body: undefined };
    component.forms[side] = created;
    this.pending.push({ form: created, side });
  }

  /**
   * Moves a made-up component name to the next free one (`PostTreesBody2`): its references
   * are filled in from the component at the end, so only the maps that name it change.
   */
  private renameDerived(component: Component): void {
    const old = component.name;
    let name = old;
    for (let n = 2; this.components.has(name); n++) name = `${old}${n}`;
    this.components.delete(old);
    component.name = name;
    this.components.set(name, component);
    for (const naming of this.namings.values()) {
      if (naming.schema !== component.derivedFor) continue;
      if (naming.root === old) naming.root = name;
      for (const [key, value] of naming.defs) if (value === old) naming.defs.set(key, name);
    }
    const names = this.derivedNames.get(component.derivedFor as object);
    for (const [key, value] of names ?? []) if (value === old) names?.set(key, name);
    for (const ref of [...component.refs.input, ...component.refs.output]) this.refNames.set(ref, name);
  }

  /** Materialises pending component bodies; each may define more (a queue, not recursion). */
  private drain(): void {
    while (this.pending.length > 0) {
      const { form, side } = this.pending.shift() as { form: Form; side: Side };
      this.materialiseInline(form.naming, side, form.origin);
      form.body = this.materialise(form.source, form.naming, side, form.origin, true);
    }
  }

  private reference(name: string, side: Side): ReferenceObject {
    const ref: ReferenceObject = { $ref: "" };
    (this.components.get(name) as Component).refs[side].push(ref);
    this.refNames.set(ref, name);
    this.refSides.set(ref, side);
    return ref;
  }

  /**
   * Copies the parts of an imported tree that hold references (everything else is shared,
   * frozen), turning each reference into a component `$ref` or the inlined definition,
   * and each inline copy of a registered schema into a `$ref` to it. `isComponent`: the
   * tree is a component's own body, so its top is not replaced by a reference to itself.
   */
  private materialise(node: unknown, naming: Naming, side: Side, origin: string, isComponent = false): unknown {
    const matches = this.matchesIn(naming, side);
    if (!holdsRef(node) && !(matches !== null && matches.descend.has(node as object))) return node;
    const resolve = (ref: JsonObject): unknown => {
      const key = refTarget(ref.$ref as string);
      const name = key === ROOT ? naming.root : naming.defs.get(key);
      if (name === undefined) return naming.inline[side]?.get(key);
      const imported = naming.imported;
      const body = key === ROOT || key === imported.rootDef ? rootBody(imported) : imported.defs.get(key);
      this.define(name, side, body, naming, origin);
      return this.reference(name, side);
    };
    const recognise = (candidate: object, isTop: boolean): ReferenceObject | undefined => {
      const match = matches?.replace.get(candidate);
      if (!match || (isTop && isComponent)) return undefined;
      this.materialiseRoot(match.naming, side, origin);
      return this.reference(match.name, side);
    };
    const descend = (child: unknown) => holdsRef(child) || (matches !== null && matches.descend.has(child as object));
    return this.copyNode(node as object, resolve, recognise, descend);
  }

  /**
   * The inline copies of registered schemas in one imported tree, for one side; null when
   * there are none (then materialising follows references only). A registered schema's
   * other side is asked for only when a candidate's key meets its key.
   */
  private matchesIn(naming: Naming, side: Side): Matches | null {
    const known = naming.matches[side];
    if (known !== undefined) return known;
    naming.matches[side] = null;
    const byKey = this.keysOfRegistered();
    if (byKey.size === 0) return null;
    const replace = new Map<object, { name: string; naming: Naming }>();
    const descend = new Set<object>();
    for (const candidate of candidatesOf(naming.imported, ROOT)) {
      if (!byKey.has(candidate.key)) continue;
      // The top of a tree that is a component of its own is that component, never a reference to another.
      if (candidate.isTop && (candidate.tree === ROOT ? naming.root : naming.defs.get(candidate.tree)) !== undefined) continue;
      const hits = this.registeredWithHash(candidate.key, side).get(shapeHash(candidate.node)) ?? [];
      const matches = hits.filter((hit) => fingerprint(hit.body) === fingerprint(candidate.node));
      let found: { name: string; naming: Naming } | undefined;
      let ambiguous = false;
      for (const match of matches) {
        // Equal text is an equal tree; only a $ref may still resolve differently in the two.
        const body = rootBody(match.naming.imported);
        if ((holdsRef(candidate.node) || holdsRef(body)) && !this.sameSchema(candidate.node, naming, body, match.naming)) continue;
        // Two registered schemas with one JSON Schema: which was meant is unknown, so neither.
        if (found && found.name !== match.name) ambiguous = true;
        found = match;
      }
      if (!found || ambiguous) continue;
      replace.set(candidate.node, found);
      let node: unknown = candidate.tree === ROOT ? naming.imported.root : naming.imported.defs.get(candidate.tree);
      descend.add(node as object);
      for (const key of candidate.path) {
        node = (node as Record<string | number, unknown>)[key];
        descend.add(node as object);
      }
    }
    const result = replace.size > 0 ? { replace, descend } : null;
    naming.matches[side] = result;
    return result;
  }

  /**
   * The registered schemas of one shape key, on one side, by structural hash. The side is asked
   * of the library only here, when a candidate of that side has the key.
   */
  private registeredWithHash(key: string, side: Side): Map<number, { name: string; naming: Naming; body: object }[]> {
    const table = this.registeredHashes[side];
    if (this.hashedKeys[side].has(key)) return table;
    this.hashedKeys[side].add(key);
    for (const component of this.keysOfRegistered().get(key) ?? []) {
      const registered = component.registered as { schema: StandardJSONSchemaV1; location: string };
      let naming: Naming;
      try {
        naming = this.namingFor(registered.schema, side, { location: registered.location, nameHint: component.name });
      } catch {
        continue; // Not expressible on this side (a Zod transform's output): nothing to recognise.
      }
      const body = rootBody(naming.imported);
      if (body === null || typeof body !== "object") continue;
      const hash = shapeHash(body);
      const list = table.get(hash) ?? [];
      list.push({ name: component.name, naming, body });
      table.set(hash, list);
    }
    return table;
  }

  /** Registered schemas by the key of their shape, from whichever side is at hand; built on first need. */
  private keysOfRegistered(): Map<string, Component[]> {
    if (this.registeredKeys) return this.registeredKeys;
    const byKey = new Map<string, Component[]>();
    this.registeredKeys = byKey;
    for (const component of [...this.components.values()]) {
      const registered = component.registered;
      if (!registered) continue;
      const imported = this.anyImport(registered.schema, registered.location);
      const key = imported && registeredShapeKey(rootBody(imported));
      if (key === undefined) continue;
      const list = byKey.get(key) ?? [];
      list.push(component);
      byKey.set(key, list);
    }
    return byKey;
  }

  /** An import of the schema on either side: a cached one if there is one, else output, else input. */
  private anyImport(schema: StandardJSONSchemaV1, location: string): ImportedSchema | undefined {
    const cached = importCache.get(schema);
    const hit = cached?.get(this.keys.output) ?? cached?.get(this.keys.input);
    if (hit) return hit;
    for (const side of ["output", "input"] as const) {
      try {
        return this.imported(schema, side, location);
      } catch {
        // This side cannot be written as JSON Schema; the other may.
      }
    }
    return undefined;
  }

  /** Path-copies `node` over the nodes `descend` selects, iteratively. */
  private copyNode(
    node: object,
    resolve: (ref: JsonObject) => unknown,
    recognise: (node: object, isTop: boolean) => ReferenceObject | undefined = () => undefined,
    descend: (child: unknown) => boolean = holdsRef,
  ): unknown {
    const convertRef = (ref: JsonObject, siblings: JsonObject | undefined): unknown => {
      const target = resolve(ref);
      if (!siblings) return target;
      // 3.1 allows keywords beside $ref; beside an inlined body they join through allOf.
      if (this.refNames.has(target as object)) {
        for (const key of Object.keys(siblings)) setOwn(target as object, key, siblings[key]);
        return target;
      }
      const allOf = Array.isArray(siblings.allOf) ? [target, ...(siblings.allOf as unknown[])] : [target];
      return { ...siblings, allOf };
    };
    const recognised = recognise(node, true);
    const start = recognised ? { value: recognised, done: true } : this.shallowRef(node, convertRef);
    if (start.done) return start.value;
    const stack: { source: object; target: JsonObject | unknown[] }[] = [{ source: node, target: start.value as JsonObject | unknown[] }];
    while (stack.length > 0) {
      const { source, target } = stack.pop() as { source: object; target: JsonObject | unknown[] };
      const keys = Array.isArray(source) ? undefined : Object.keys(source);
      const length = keys ? keys.length : (source as unknown[]).length;
      for (let i = 0; i < length; i++) {
        const key = keys ? (keys[i] as string) : i;
        const child = (source as Record<string | number, unknown>)[key];
        let value: unknown = child;
        if (descend(child)) {
          const known = recognise(child as object, false);
          const step = known ? { value: known, done: true } : this.shallowRef(child as object, convertRef);
          value = step.value;
          if (!step.done) stack.push({ source: child as object, target: step.value as JsonObject | unknown[] });
        }
        if (Array.isArray(target)) target[i] = value;
        else setOwn(target, key as string, value);
      }
    }
    return start.value;
  }

  /** One ref-holding node: a reference resolves now; any other node gets an empty copy to fill. */
  private shallowRef(node: object, convertRef: (ref: JsonObject, siblings: JsonObject | undefined) => unknown): { value: unknown; done: boolean } {
    if (isRefNode(node)) {
      const keys = Object.keys(node).filter((k) => k !== "$ref");
      if (keys.length === 0) return { value: convertRef(node, undefined), done: true };
      const rest: JsonObject = {};
      for (const key of keys) setOwn(rest, key, node[key]);
      // Siblings of a 3.1 $ref may hold references themselves.
      const siblings = holdsRef(rest) ? (this.copyNode(rest, (ref) => convertRef(ref, undefined)) as JsonObject) : rest;
      return { value: convertRef(node, siblings), done: true };
    }
    return { value: Array.isArray(node) ? new Array(node.length) : {}, done: false };
  }

  /**
   * Two imported bodies mean the same schema when they are equal with every reference
   * resolved: to the same component name, or to inlined definitions that are equal.
   */
  private sameSchema(a: unknown, aNaming: Naming, b: unknown, bNaming: Naming): boolean {
    const stack: [unknown, Naming, unknown, Naming][] = [[a, aNaming, b, bNaming]];
    while (stack.length > 0) {
      const [x, xn, y, yn] = stack.pop() as [unknown, Naming, unknown, Naming];
      if (x === y && (xn === yn || !holdsRef(x))) continue;
      if (x === null || y === null || typeof x !== "object" || typeof y !== "object") {
        if (x !== y) return false;
        continue;
      }
      if (Array.isArray(x) !== Array.isArray(y)) return false;
      if (isRefNode(x) && isRefNode(y)) {
        const xt = this.refResolution(x, xn);
        const yt = this.refResolution(y, yn);
        if (typeof xt === "string" || typeof yt === "string") {
          if (xt !== yt) return false;
        } else {
          stack.push([xt.body, xn, yt.body, yn]);
        }
        const xs = Object.keys(x).filter((k) => k !== "$ref");
        const ys = Object.keys(y).filter((k) => k !== "$ref");
        if (xs.length !== ys.length) return false;
        for (const key of xs) {
          if (!hasOwn(y, key)) return false;
          stack.push([x[key], xn, y[key], yn]);
        }
        continue;
      }
      const xKeys = Object.keys(x);
      if (xKeys.length !== Object.keys(y).length) return false;
      for (const key of xKeys) {
        if (!hasOwn(y, key)) return false;
        stack.push([(x as JsonObject)[key], xn, (y as JsonObject)[key], yn]);
      }
    }
    return true;
  }

  /** A reference's target: a component name, or the imported body it would inline. */
  private refResolution(ref: JsonObject, naming: Naming): string | { body: unknown } {
    const key = refTarget(ref.$ref as string);
    const name = key === ROOT ? naming.root : naming.defs.get(key);
    if (name !== undefined) return name;
    return { body: naming.imported.defs.get(key) };
  }

  /**
   * A name means one schema. A form that another schema defined under a registered name must
   * equal the registered schema's own; and when a component's two forms come from two schema
   * objects, the input form's schema must give the output form too. Otherwise two different
   * schemas share the name: DUPLICATE_SCHEMA. (Only names and comparisons: nothing is emitted.)
   */
  private checkForeignForms(): void {
    for (const component of this.components.values()) {
      const { input, output } = component.forms;
      const registered = component.registered;
      for (const side of ["input", "output"] as const) {
        const form = component.forms[side];
        if (!registered || !form || form.naming.schema === registered.schema) continue;
        const own = this.formOf(registered.schema, component.name, side);
        if (own && !this.sameSchema(own.body, own.naming, form.source, form.naming)) {
          throw new SpecloomError("DUPLICATE_SCHEMA", form.origin, `two different schemas are named "${component.name}": the one registered at ${registered.location}, and another used here`);
        }
      }
      if (!input || !output || input.naming.schema === output.naming.schema) continue;
      const other = this.formOf(input.naming.schema, component.name, "output");
      if (other && !this.sameSchema(other.body, other.naming, output.source, output.naming)) {
        throw new SpecloomError("DUPLICATE_SCHEMA", input.origin, `two different schemas are named "${component.name}": one used at ${output.origin}, another here`);
      }
    }
  }

  /** What `schema` gives as the component `name` on `side`: undefined if it cannot say (or has no such part). */
  private formOf(schema: StandardJSONSchemaV1, name: string, side: Side): { body: unknown; naming: Naming } | undefined {
    let naming: Naming;
    try {
      naming = this.namingFor(schema, side, { location: name, nameHint: name });
    } catch {
      return undefined;
    }
    if (naming.root === name) return { body: rootBody(naming.imported), naming };
    for (const [key, defName] of naming.defs) if (defName === name) return { body: naming.imported.defs.get(key), naming };
    return undefined;
  }

  /**
   * Components whose input and output forms differ: their own bodies differ, or they refer
   * (on the input side) to a component that differs. Propagated to a fixed point.
   */
  private formsThatDiffer(): Set<string> {
    const differs = new Set<string>();
    const dependents = new Map<string, string[]>();
    for (const component of this.components.values()) {
      const { input, output } = component.forms;
      if (!input || !output) continue;
      if (!this.sameSchema(input.source, input.naming, output.source, output.naming)) differs.add(component.name);
      for (const dep of this.referencedNames(input.body)) {
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

  /** Component names a materialised body refers to; only its copied (unfrozen) parts can hold references. */
  private referencedNames(body: unknown): Set<string> {
    const names = new Set<string>();
    const stack: unknown[] = [body];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== "object" || Object.isFrozen(node)) continue;
      const name = this.refNames.get(node);
      if (name !== undefined) names.add(name);
      stack.push(...(Array.isArray(node) ? node : Object.values(node)));
    }
    return names;
  }
}

/** The body of an imported schema's root: the definition a bare-`$ref` root points to, else the root. */
function rootBody(imported: ImportedSchema): unknown {
  return imported.rootDef !== undefined ? imported.defs.get(imported.rootDef) : imported.root;
}
