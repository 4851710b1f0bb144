import { isObject, type JsonObject } from "../internal/own";

/**
 * Which candidates' shape keys may be registered ones, told without building the key (its
 * property names sorted and joined, or its enum values written as JSON and sorted): a key
 * is built only for a candidate with as many property names (or enum values, or union
 * branches) as some registered shape of its kind, its names all names that registered
 * shapes use. It never turns away a registered key; most candidates of a document meet none.
 */
export class KeyFilter {
  private readonly propertyCounts = new Set<number>();
  private readonly propertyNames = new Set<string>();
  private readonly enumCounts = new Set<number>();
  private readonly anyOfCounts = new Set<number>();
  private readonly oneOfCounts = new Set<number>();
  /** A registered property name holds the key's separator, so keys of other name counts may equal its. */
  private ambiguous = false;

  /** Admits the key of a registered shape's body (its root body, as keysOfRegistered reads it). */
  add(body: JsonObject): void {
    const properties = body.properties;
    if (isObject(properties)) {
      const names = Object.keys(properties);
      if (names.length > 0) {
        this.propertyCounts.add(names.length);
        for (const name of names) {
          this.propertyNames.add(name);
          if (name.includes(SEPARATOR)) this.ambiguous = true;
        }
        return;
      }
    }
    if (Array.isArray(body.enum) && body.enum.length > 1) this.enumCounts.add(body.enum.length);
    else if (Array.isArray(body.anyOf)) this.anyOfCounts.add(body.anyOf.length);
    else if (Array.isArray(body.oneOf)) this.oneOfCounts.add(body.oneOf.length);
  }

  /** False only when the shape's key (shapes.ts shapeKey) is none of the registered keys. */
  admits(node: JsonObject): boolean {
    const properties = node.properties;
    if (isObject(properties)) {
      const names = Object.keys(properties);
      if (names.length > 0) return this.admitsNames(names);
    }
    const values = node.enum;
    if (Array.isArray(values) && values.length > 1) return this.enumCounts.has(values.length);
    // A union's key is its size.
    if (Array.isArray(node.anyOf)) return this.anyOfCounts.has(node.anyOf.length);
    return Array.isArray(node.oneOf) && this.oneOfCounts.has(node.oneOf.length);
  }

  private admitsNames(names: readonly string[]): boolean {
    let known = this.propertyCounts.has(names.length);
    for (let i = 0; known && i < names.length; i++) known = this.propertyNames.has(names[i] as string);
    if (known || this.ambiguous) return true;
    // Names are joined by the separator: a name holding it may make the same key as other names.
    for (const name of names) if (name.includes(SEPARATOR)) return true;
    return false;
  }
}

/** What shapeKey joins property names with. */
const SEPARATOR = "\u0000";
