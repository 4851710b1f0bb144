/**
 * A schema as the generator reads it: its alternatives (each `anyOf`/`oneOf` choice folded
 * into the rest of the schema, then split by JSON type), each one conjunction of keywords,
 * and the shapes of its children (properties, additional properties, items) on demand.
 * Shapes are made once per list of schema nodes and kept.
 */
import { getOwn, isObject } from "../internal/own";
import { conjunction, emptyConj, intersect, JSON_TYPES, type Conj, type Group, type JsonType } from "./conjunction";
import { admits, brokenKeywords, patternRegExp } from "./scalar-check";
import type { SchemaDocument } from "./schema-document";

/** One alternative of one JSON type (`any`: the schema does not restrict the type). */
export interface Facet {
  readonly type: JsonType | "any";
  readonly conj: Conj;
  /** Enum values of this type that pass the other keywords, or undefined without an enum. */
  readonly values: readonly unknown[] | undefined;
  /** `oneOf` branches other than this one's: a value must match none of them. */
  readonly excluded: readonly unknown[];
}

export interface Shape {
  readonly id: number;
  readonly nodes: readonly unknown[];
  readonly facets: readonly Facet[];
  /** Why there is no value, when there are no facets. */
  readonly never: string | undefined;
  readonly where: string | undefined;
  /** No `anyOf`/`oneOf` choice: a value's JSON type says which facet it is of. */
  readonly plain: boolean;
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
}

/** The most alternatives a schema's `anyOf`/`oneOf` choices expand to; the rest are not generated. */
export const MAX_ALTERNATIVES = 64;

const IMPLIED: readonly [JsonType, readonly string[]][] = [
  ["object", ["properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames", "dependentRequired"]],
  ["array", ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"]],
  ["string", ["minLength", "maxLength", "pattern"]],
  ["number", ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]],
];

export class Shapes {
  private readonly byKey = new Map<string, Shape>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;

  constructor(readonly source: SchemaDocument) {}

  /** The shape of the conjunction of `nodes`. */
  of(nodes: readonly unknown[]): Shape {
    const key = nodes.map((node) => this.idOf(node)).join(",");
    let shape = this.byKey.get(key);
    if (shape === undefined) {
      shape = this.build(nodes);
      this.byKey.set(key, shape);
    }
    return shape;
  }

  private idOf(node: unknown): string {
    if (node === null || typeof node !== "object") return JSON.stringify(node) ?? "u";
    let id = this.ids.get(node);
    if (id === undefined) this.ids.set(node, (id = this.nextId++));
    return String(id);
  }

  private build(nodes: readonly unknown[]): Shape {
    const base = conjunction(this.source, nodes);
    const facets: Facet[] = [];
    let never = base.never;
    for (const { conj, excluded } of this.alternatives(base)) {
      if (conj.never !== undefined) {
        never ??= conj.never;
        continue;
      }
      const split = splitByType(conj, excluded);
      for (const facet of split.facets) facets.push(facet);
      never ??= split.reason;
    }
    if (facets.length > 0) never = undefined;
    else never ??= "no value fits every keyword of the schema";
    return { id: this.byKey.size, nodes, facets, never, where: base.where, plain: base.groups.length === 0, readOnly: base.readOnly, writeOnly: base.writeOnly };
  }

  /** Each combination of `anyOf`/`oneOf` branches folded into the rest, breadth first, at most MAX_ALTERNATIVES. */
  private alternatives(base: Conj): { conj: Conj; excluded: unknown[] }[] {
    const done: { conj: Conj; excluded: unknown[] }[] = [];
    const queue = [{ conj: base, excluded: [] as unknown[] }];
    for (let next = queue.shift(); next !== undefined && done.length < MAX_ALTERNATIVES; next = queue.shift()) {
      const [group, ...rest] = next.conj.groups;
      if (group === undefined) {
        done.push(next);
        continue;
      }
      const without = { ...next.conj, groups: rest };
      for (let index = 0; index < group.branches.length && queue.length + done.length < MAX_ALTERNATIVES; index++) {
        const chosen = intersect(without, this.branchConj(group, group.branches[index]));
        const others = group.kind === "oneOf" ? group.branches.filter((_, other) => other !== index) : [];
        queue.push({ conj: chosen, excluded: [...next.excluded, ...others] });
      }
    }
    return done;
  }

  /**
   * A branch's conjunction; under a discriminator, its property holds the value that names
   * the branch: the mapping's key for it, else (when the branch does not fix the property
   * itself) the component's name, as OpenAPI's implicit mapping reads it.
   */
  private branchConj(group: Group, branch: unknown): Conj {
    const conj = conjunction(this.source, [branch]);
    const discriminator = group.discriminator;
    const ref = isObject(branch) ? getOwn(branch, "$ref") : undefined;
    if (discriminator === undefined || typeof ref !== "string") return conj;
    const name = lastName(ref);
    let value: string | undefined;
    for (const [key, target] of discriminator.mapping) if (value === undefined && (target === ref || lastName(target) === name)) value = key;
    if (value === undefined && conjunction(this.source, conj.properties.get(discriminator.property) ?? []).enum !== undefined) return conj;
    const named = emptyConj();
    named.properties.set(discriminator.property, [{ const: value ?? name }]);
    named.required.add(discriminator.property);
    const chosen = intersect(conj, named);
    return chosen.never === undefined && conjunction(this.source, chosen.properties.get(discriminator.property) ?? []).never === undefined ? chosen : conj;
  }
}

/** A component's name from a `$ref` or a mapping target: `#/components/schemas/Cat`, `Cat`, `./Cat.yaml` are all `Cat`. */
function lastName(reference: string): string {
  const last = reference.slice(reference.lastIndexOf("/") + 1);
  return last.replace(/\.(ya?ml|json)$/, "");
}

/** The JSON types a conjunction allows: its `type`, else the types its keywords are about, else any. */
function typesOf(conj: Conj): JsonType[] | undefined {
  if (conj.types !== undefined) return JSON_TYPES.filter((type) => conj.types?.has(type) && !(type === "integer" && conj.types.has("number")));
  const implied = IMPLIED.filter(([, keywords]) => keywords.some((keyword) => keywordPresent(conj, keyword))).map(([type]) => type);
  return implied.length > 0 ? implied : undefined;
}

function keywordPresent(conj: Conj, keyword: string): boolean {
  switch (keyword) {
    case "properties":
      return conj.properties.size > 0;
    case "required":
      return conj.required.size > 0;
    case "additionalProperties":
      return conj.additional.length > 0;
    case "patternProperties":
      return conj.patternProperties.length > 0;
    case "minProperties":
      return conj.minProperties > 0;
    case "maxProperties":
      return conj.maxProperties !== undefined;
    case "propertyNames":
      return conj.propertyNames.length > 0;
    case "dependentRequired":
      return conj.dependentRequired.size > 0;
    case "items":
    case "prefixItems":
      return conj.items.length > 0;
    case "minItems":
      return conj.minItems > 0;
    case "maxItems":
      return conj.maxItems !== undefined;
    case "uniqueItems":
      return conj.uniqueItems;
    case "contains":
      return conj.contains.length > 0;
    case "minLength":
      return conj.minLength > 0;
    case "maxLength":
      return conj.maxLength !== undefined;
    case "pattern":
      return conj.patterns.length > 0;
    case "multipleOf":
      return conj.multipleOf.length > 0;
    default:
      return conj.minimum !== undefined || conj.maximum !== undefined;
  }
}

/** The facets of a conjunction, one per type it allows, and why a type has none. */
function splitByType(conj: Conj, excluded: unknown[]): { facets: Facet[]; reason: string | undefined } {
  const closed = closedConj(conj);
  const types = typesOf(closed);
  const noEnumValue = "no value of the enum meets the schema's other keywords";
  if (types === undefined) {
    if (closed.enum === undefined) return { facets: [{ type: "any", conj: closed, values: undefined, excluded }], reason: undefined };
    const values = closed.enum.filter((value) => brokenKeywords(value, closed, undefined).length === 0);
    return values.length === 0 ? { facets: [], reason: noEnumValue } : { facets: [{ type: "any", conj: closed, values, excluded }], reason: undefined };
  }
  const facets: Facet[] = [];
  let reason: string | undefined;
  for (const type of types) {
    let values: unknown[] | undefined;
    if (closed.enum !== undefined) {
      values = closed.enum.filter((value) => admits(type, value) && brokenKeywords(value, closed, undefined).length === 0);
      if (values.length === 0) {
        reason ??= noEnumValue;
        continue;
      }
    }
    const impossibility = values === undefined ? impossible(type, closed) : undefined;
    if (impossibility !== undefined) reason ??= impossibility;
    else facets.push({ type, conj: closed, values, excluded });
  }
  return { facets, reason };
}

/** `unevaluatedProperties: false` once every part is in: no name but those the parts declare. */
function closedConj(conj: Conj): Conj {
  if (!conj.closed) return conj;
  const declared = new Set(conj.properties.keys());
  return { ...conj, closed: false, additional: [...conj.additional, { declared, patterns: conj.patternProperties.map((entry) => entry.pattern), schema: false }] };
}

/** Why no value of `type` meets the keywords, seen without generating; undefined when some may. */
function impossible(type: JsonType, conj: Conj): string | undefined {
  const { minimum, maximum } = conj;
  switch (type) {
    case "integer":
    case "number":
      if (minimum === undefined || maximum === undefined) return undefined;
      if (minimum.value > maximum.value || (minimum.value === maximum.value && (minimum.exclusive || maximum.exclusive))) return `no number lies between the minimum ${minimum.value} and the maximum ${maximum.value}`;
      return undefined;
    case "string": {
      if (conj.maxLength !== undefined && conj.minLength > conj.maxLength) return `minLength ${conj.minLength} is more than maxLength ${conj.maxLength}`;
      const unreadable = conj.patterns.find((pattern) => patternRegExp(pattern) === null);
      return unreadable === undefined ? undefined : `the pattern ${JSON.stringify(unreadable)} is not a regular expression JavaScript reads`;
    }
    case "array":
      return conj.maxItems !== undefined && conj.minItems > conj.maxItems ? `minItems ${conj.minItems} is more than maxItems ${conj.maxItems}` : undefined;
    case "object": {
      const refused = [...conj.required].find((name) => blocked(conj, name));
      if (refused !== undefined) return `the required property ${JSON.stringify(refused)} is refused by additionalProperties: false`;
      if (conj.maxProperties !== undefined && (conj.minProperties > conj.maxProperties || conj.required.size > conj.maxProperties)) return `maxProperties ${conj.maxProperties} is less than the properties required`;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** A property name some part's `additionalProperties: false` (or `propertyNames` enum) refuses. */
export function blocked(conj: Conj, name: string): boolean {
  return conj.additional.some((rule) => rule.schema === false && !rule.declared.has(name) && !rule.patterns.some((pattern) => patternRegExp(pattern)?.test(name)));
}

/** The schemas a property of this name must match: its declarations, matching patterns, and the parts' additional schemas. */
export function propertyNodes(conj: Conj, name: string): unknown[] {
  const nodes: unknown[] = [...(conj.properties.get(name) ?? [])];
  for (const { pattern, schema } of conj.patternProperties) if (patternRegExp(pattern)?.test(name)) nodes.push(schema);
  for (const rule of conj.additional) {
    if (rule.schema === false || rule.declared.has(name) || rule.patterns.some((pattern) => patternRegExp(pattern)?.test(name))) continue;
    nodes.push(rule.schema);
  }
  return nodes;
}

/** The schemas item `index` must match, or false when no item may be there. */
export function itemNodes(conj: Conj, index: number): unknown[] | false {
  const nodes: unknown[] = [];
  for (const rule of conj.items) {
    const node = index < rule.prefix.length ? rule.prefix[index] : rule.rest;
    if (node === false) return false;
    if (node !== undefined) nodes.push(node);
  }
  return nodes;
}

/** How many items the longest `prefixItems` of the parts describes. */
export function prefixLength(conj: Conj): number {
  let length = 0;
  for (const rule of conj.items) length = Math.max(length, rule.prefix.length);
  return length;
}

/** The most items an array may have: past a prefix whose `items` is false, none. */
export function itemLimit(conj: Conj): number | undefined {
  let limit = conj.maxItems;
  for (const rule of conj.items) if (rule.rest === false) limit = Math.min(limit ?? Infinity, rule.prefix.length);
  return limit;
}
