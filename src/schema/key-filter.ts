import { isObject, type JsonObject } from "../internal/own";

/**
 * Which candidates' shape keys may be registered ones, told without building the key (its
 * property names sorted and joined, or its enum values written as JSON and sorted): a key
 * is built only for a candidate with as many property names (or enum values) as some
 * registered shape, all of them names that registered shapes use. It never turns away a
 * registered key; most candidates of a document meet none.
 */
export class KeyFilter {
  private readonly propertyCounts = new Set<number>();
  private readonly propertyNames = new Set<string>();
  private readonly enumCounts = new Set<number>();

  /** Admits the key of a registered shape's body (its root body, as keysOfRegistered reads it). */
  add(body: JsonObject): void {
    const properties = body.properties;
    if (isObject(properties)) {
      const names = Object.keys(properties);
      if (names.length > 0) {
        this.propertyCounts.add(names.length);
        for (const name of names) this.propertyNames.add(name);
        return;
      }
    }
    if (Array.isArray(body.enum) && body.enum.length > 1) this.enumCounts.add(body.enum.length);
  }

  /** False only when the shape's key (shapes.ts shapeKey) is none of the registered keys. */
  admits(node: JsonObject): boolean {
    const properties = node.properties;
    if (isObject(properties)) {
      const names = Object.keys(properties);
      if (names.length > 0) {
        if (!this.propertyCounts.has(names.length)) return false;
        for (const name of names) if (!this.propertyNames.has(name)) return false;
        return true;
      }
    }
    const values = node.enum;
    if (Array.isArray(values) && values.length > 1) return this.enumCounts.has(values.length);
    // A union's key is its size: as cheap to build as to filter.
    return true;
  }
}
