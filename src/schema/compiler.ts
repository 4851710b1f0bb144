import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { SpecloomError } from "../errors";
import { hasOwn, isObject, setOwn } from "../internal/own";
import type { ReferenceObject, SchemaOrRef } from "../types/document";
import { namingFor } from "./component-names";
import { createDocumentSchemas, type Component, type DocumentSchemas, type ObjectProperty, type SchemaSite } from "./document-schemas";
import { checkForeignForms, componentsWithTwoForms } from "./input-output-forms";
import { writeDiscriminators } from "./discriminators";
import { drain, materialise, materialiseInline, materialiseRoot } from "./materialise";
import { copyTop, fillReferences } from "./references";
import { register, registerDefault } from "./registration";
import { rootBody } from "./schema-imports";
import type { Dialect, Side } from "./vendor";

export type { ObjectProperty, SchemaSite } from "./document-schemas";


/**
 * Turns the schemas of one document into Schema Objects and `components.schemas`.
 * A named schema (registered, vendor-identified, or a cycle's anchor) is a `$ref`
 * wherever it is used; everything else is inlined. References are placeholder objects
 * until `finalize()`, which knows whether a component needs separate input and output forms.
 *
 * The work lives beside it, one step per file: component-names.ts (naming), registration.ts,
 * recognise-registered.ts (inline copies of registered schemas), materialise.ts (uses),
 * input-output-forms.ts (one form or two), references.ts (the `$ref` placeholders).
 */
export class SchemaCompiler {
  private readonly doc: DocumentSchemas;

  constructor(dialect: Dialect) {
    this.doc = createDocumentSchemas(dialect);
  }

  /** Registers a schema under a component name (`schemas` map, `.schema()`). */
  register(name: string, schema: unknown, location: string): void {
    register(this.doc, name, schema, location);
  }

  /** A top-level copy of a returned node whose reference, if it is one, is filled in like the original's. */
  copyTop(node: SchemaOrRef, omit: readonly string[]): SchemaOrRef {
    return copyTop(this.doc, node, omit);
  }

  /** Registers a schema a plugin contributes under `name`, unless it has a name already. */
  registerDefault(name: string, schema: unknown, location: string): void {
    registerDefault(this.doc, name, schema, location);
  }

  hasRegistered(): boolean {
    return this.doc.bySchema.size > 0;
  }

  /** The name a schema object is registered under, if any. */
  nameOf(schema: unknown): string | undefined {
    return schema !== null && (typeof schema === "object" || typeof schema === "function") ? this.doc.bySchema.get(schema) : undefined;
  }

  isRegistered(name: string): boolean {
    return this.doc.components.get(name)?.registered !== undefined;
  }

  registeredNames(): string[] {
    return [...this.doc.components.values()].filter((c) => c.registered).map((c) => c.name);
  }

  /**
   * Asks the library for a schema's side ahead of use, so that recognising registered
   * schemas later finds each already converted on a side the document needs, instead of
   * converting a side nobody uses. Failures are left for the real use to report.
   */
  prefetch(schema: unknown, side: Side): void {
    try {
      this.doc.imports.of(schema, side, "");
    } catch {
      // Reported, with its location, where the schema is used.
    }
  }

  /** The Schema Object (or `$ref`) for a schema position. */
  schema(schema: unknown, side: Side, site: SchemaSite): SchemaOrRef {
    const naming = namingFor(this.doc, schema, side, site);
    const result = materialiseRoot(this.doc, naming, side, site.location);
    drain(this.doc);
    return result as SchemaOrRef;
  }

  /**
   * A `$ref` to a registered schema, for a status code whose value is a schema name. A
   * failure names the place that used the name (`paths["GET /a"][200] (schema "Thing")`).
   */
  refTo(name: string, side: Side, site: SchemaSite): ReferenceObject | undefined {
    const component = this.doc.components.get(name);
    if (!component?.registered) return undefined;
    const naming = namingFor(this.doc, component.registered.schema, side, { location: site.location, nameHint: name });
    const ref = materialiseRoot(this.doc, naming, side, site.location) as ReferenceObject;
    drain(this.doc);
    return ref;
  }

  /**
   * The properties of an object schema, for parameters: each property's Schema Object and
   * whether it is required. Anything but an object schema is INVALID_DEFINITION.
   */
  properties(schema: unknown, side: Side, site: SchemaSite): readonly ObjectProperty[] {
    const naming = namingFor(this.doc, schema, side, site);
    const known = naming.properties[side];
    if (known) return known;
    const imported = naming.imported;
    // One location for every property: a message needs it, most uses never do.
    const origin = site.location;
    materialiseInline(this.doc, naming, side, origin);
    const body = rootBody(imported);
    const branches = isObject(body) && Array.isArray(body.allOf) && !hasOwn(body, "properties") ? body.allOf : [body];
    const result: ObjectProperty[] = [];
    // Kept for the next use in this document when no property was copied: then nothing was defined or referenced.
    let shared = true;
    for (const branch of branches) {
      if (!isObject(branch) || (branch.type !== "object" && !isObject(branch.properties))) {
        throw new SpecloomError("INVALID_DEFINITION", site.location, `expected an object schema whose properties become parameters (or headers), found a schema of type ${JSON.stringify(isObject(branch) ? (branch.type ?? "unknown") : branch)}`);
      }
      const properties = isObject(branch.properties) ? branch.properties : {};
      const required = Array.isArray(branch.required) ? branch.required : [];
      for (const name of Object.keys(properties)) {
        const property = properties[name];
        const used = materialise(this.doc, property, naming, side, origin) as SchemaOrRef;
        if (used !== property) shared = false;
        result.push({ name, schema: used, required: required.includes(name), imported: property });
      }
    }
    drain(this.doc);
    if (shared) naming.properties[side] = result;
    return result;
  }

  /**
   * Decides each component's forms and names, fills in every `$ref`, and returns
   * `components.schemas` in registration and first-use order.
   */
  finalize(): Record<string, SchemaOrRef> {
    const doc = this.doc;
    for (const component of [...doc.components.values()]) {
      if (!component.registered || component.registered.byPlugin || component.forms.input || component.forms.output) continue;
      emitUnused(doc, component);
    }
    drain(doc);
    checkForeignForms(doc);
    const twoForms = componentsWithTwoForms(doc);
    const schemas: Record<string, SchemaOrRef> = {};
    for (const component of doc.components.values()) {
      const { input, output } = component.forms;
      const main = output ?? input;
      if (!main) continue;
      setOwn(schemas, component.name, main.body);
      if (input && twoForms.has(component)) setOwn(schemas, `${component.name}Input`, input.body);
    }
    fillReferences(doc, twoForms);
    writeDiscriminators(doc);
    return schemas;
  }
}

/** A registered schema no route uses still appears (you asked for it): its output form, else its input form. */
function emitUnused(doc: DocumentSchemas, component: Component): void {
  const { schema, location } = component.registered as { schema: StandardJSONSchemaV1; location: string };
  const site = { location, nameHint: component.name };
  try {
    materialiseRoot(doc, namingFor(doc, schema, "output", site), "output", location);
  } catch (outputError) {
    try {
      materialiseRoot(doc, namingFor(doc, schema, "input", site), "input", location);
    } catch {
      throw outputError;
    }
  }
}
