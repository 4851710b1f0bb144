/**
 * The built-in prototypes a hostile key could reach. A snapshot holds each one's own
 * property names and descriptors; any difference after a call means the call wrote to a
 * global, which affects every object in the process.
 */

const WATCHED: [string, object][] = [
  ["Object.prototype", Object.prototype],
  ["Array.prototype", Array.prototype],
  ["Function.prototype", Function.prototype],
  ["String.prototype", String.prototype],
];

type Descriptors = Map<PropertyKey, PropertyDescriptor>;

export interface GlobalsSnapshot {
  readonly entries: [string, object, Descriptors, boolean][];
}

function describe(target: object): Descriptors {
  const map: Descriptors = new Map();
  for (const key of Reflect.ownKeys(target)) map.set(key, Object.getOwnPropertyDescriptor(target, key) as PropertyDescriptor);
  return map;
}

export function snapshotGlobals(): GlobalsSnapshot {
  return { entries: WATCHED.map(([name, target]) => [name, target, describe(target), Object.isExtensible(target)]) };
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable && a.enumerable === b.enumerable && a.configurable === b.configurable;
}

/** What changed on a watched prototype since the snapshot, as readable lines; [] when nothing did. */
export function globalChanges(before: GlobalsSnapshot): string[] {
  const changes: string[] = [];
  for (const [name, target, descriptors, extensible] of before.entries) {
    const now = describe(target);
    if (Object.isExtensible(target) !== extensible) changes.push(`${name} is no longer extensible`);
    for (const [key, descriptor] of now) {
      const old = descriptors.get(key);
      if (!old) changes.push(`${name}.${String(key)} was added`);
      else if (!sameDescriptor(old, descriptor)) changes.push(`${name}.${String(key)} was changed`);
    }
    for (const key of descriptors.keys()) if (!now.has(key)) changes.push(`${name}.${String(key)} was deleted`);
  }
  return changes;
}

/** Puts the watched prototypes back as they were, so one polluting case does not fail every later one. */
export function restoreGlobals(before: GlobalsSnapshot): void {
  for (const [, target, descriptors] of before.entries) {
    for (const key of Reflect.ownKeys(target)) if (!descriptors.has(key)) Reflect.deleteProperty(target, key);
    for (const [key, descriptor] of descriptors) Object.defineProperty(target, key, descriptor);
  }
}
