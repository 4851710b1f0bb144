import { hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import type { DocumentSchemas } from "./document-schemas";
import { placeholderTarget } from "./references";

/**
 * A `discriminator` for each union whose branches are components that each fix one
 * shared, required property to a distinct string constant (Zod's discriminatedUnion,
 * Valibot's variant, an ArkType union of objects with literal `kind`s), with a `mapping`
 * from each value to its component. Both 3.0.3 and 3.1.0 say "inline schemas will not be
 * considered", so a union with any branch that is not a `$ref` gets none; nor does one where
 * a branch lacks the property, does not require it, or shares its value with another.
 */

/** Remembers a copied union node (`copyNode`'s `onCopy`): only copied nodes can hold `$ref` branches. */
export function noteUnion(doc: DocumentSchemas, source: object, copy: object): void {
  if (isObject(source) && (Array.isArray(source.oneOf) || Array.isArray(source.anyOf)) && !Array.isArray(copy)) doc.unions.push(copy as JsonObject);
}

/** Writes the discriminators that hold; after `fillReferences`, so each mapping names the `$ref` its branch has. */
export function writeDiscriminators(doc: DocumentSchemas): void {
  for (const union of doc.unions) {
    if (union.discriminator !== undefined || (Array.isArray(union.oneOf) && Array.isArray(union.anyOf))) continue;
    const branches = (Array.isArray(union.oneOf) ? union.oneOf : union.anyOf) as unknown[];
    const bodies = branchBodies(doc, branches);
    const propertyName = bodies && discriminatingProperty(bodies);
    if (propertyName === undefined) continue;
    const mapping: JsonObject = {};
    for (let i = 0; i < branches.length; i++) setOwn(mapping, constantOf((bodies as JsonObject[])[i] as JsonObject, propertyName) as string, (branches[i] as JsonObject).$ref);
    union.discriminator = { propertyName, mapping };
  }
}

/** The component body each branch refers to, or undefined when a branch is not a component `$ref`. */
function branchBodies(doc: DocumentSchemas, branches: readonly unknown[]): JsonObject[] | undefined {
  if (branches.length < 2) return undefined;
  const bodies: JsonObject[] = [];
  for (const branch of branches) {
    const target = isObject(branch) ? placeholderTarget(doc, branch) : undefined;
    const body = target?.component.forms[target.side]?.body;
    if (!isObject(body)) return undefined;
    bodies.push(body);
  }
  return bodies;
}

/** The first property of the first branch that every branch requires and fixes to its own string. */
function discriminatingProperty(bodies: readonly JsonObject[]): string | undefined {
  const first = bodies[0] as JsonObject;
  if (!isObject(first.properties)) return undefined;
  for (const name of Object.keys(first.properties)) {
    const seen = new Set<string>();
    let holds = true;
    for (const body of bodies) {
      const value = constantOf(body, name);
      if (value === undefined || seen.has(value) || !Array.isArray(body.required) || !body.required.includes(name)) {
        holds = false;
        break;
      }
      seen.add(value);
    }
    if (holds) return name;
  }
  return undefined;
}

/** The string a body's property is fixed to (`const`, or a one-value `enum`), if it is. */
function constantOf(body: JsonObject, name: string): string | undefined {
  const properties = body.properties;
  const property = isObject(properties) && hasOwn(properties, name) ? properties[name] : undefined;
  if (!isObject(property)) return undefined;
  if (typeof property.const === "string") return property.const;
  if (Array.isArray(property.enum) && property.enum.length === 1 && typeof property.enum[0] === "string") return property.enum[0];
  return undefined;
}
