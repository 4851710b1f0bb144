/**
 * Objects keyed by status codes ("200", "404") and other numbers. V8 keeps such keys (array
 * indices) in an array as long as the largest one, when that is within about a thousand of
 * the array's end: `{}` given "200" and "404" holds a 5 kB array for two entries, is slow to
 * fill, and weighs on every garbage collection while it lives. An index beyond that reach,
 * removed again, makes the object keep its index keys in a table sized to them (about
 * 200 bytes). Nothing else changes: the keys, their order and JSON are the same.
 */
const FAR = 4_000;

/**
 * Sets `key` on a plain object (`__proto__` as a key, as `setOwn` does). A first index key
 * worth a table switches the object to one; the ones after it find it switched. Keys arrive in own-key order, indices first and ascending, so
 * the object holds no index at or above `key` (and none at `FAR`) when the switch is made.
 */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  if (target !== switched && isWideIndex(key) && !hasOwnProperty.call(target, FAR)) {
    target[FAR] = undefined;
    delete target[FAR];
    switched = target;
  }
  target[key] = value;
}

/** The object switched last: its next index keys, which follow at once, need no switch. */
let switched: object | undefined;

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** An array index from 32 to just below `FAR`: a key the engine would keep in a long array. */
function isWideIndex(key: string): boolean {
  const length = key.length;
  if (length < 2 || length > 4) return false;
  const first = key.charCodeAt(0);
  if (first < 49 || first > 57) return false;
  for (let i = 1; i < length; i++) {
    const code = key.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  const index = Number(key);
  return index >= 32 && index < FAR;
}
