/**
 * Prototype-safe property access. Input data may carry keys such as `__proto__`,
 * `constructor` and `prototype`; they are data here, never a way to reach
 * `Object.prototype` (DESIGN.md).
 */

export type JsonObject = Record<string, unknown>;

const hasOwnProperty = Object.prototype.hasOwnProperty;

export function hasOwn(target: object, key: PropertyKey): boolean {
  return hasOwnProperty.call(target, key);
}

/** Reads an own property only: inherited `constructor` or `toString` are never returned. */
export function getOwn(target: object, key: string): unknown {
  return hasOwnProperty.call(target, key) ? (target as JsonObject)[key] : undefined;
}

/** Writes an own, enumerable property; `__proto__` becomes an ordinary key instead of a prototype switch. */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    (target as JsonObject)[key] = value;
  }
}

/** A plain object: `{}` literal, JSON.parse result or `Object.create(null)`. */
export function isPlainObject(value: unknown): value is JsonObject {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Any non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A property name as it appears in a location: `.title` or `["GET /a"]`. */
export function propertyLabel(key: string | number): string {
  if (typeof key === "number") return `[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
