/**
 * "Your objects stay yours": a snapshot of every object reachable from a call's arguments
 * (its prototype, extensibility, frozenness and every own property descriptor, in order),
 * compared after the call. Stricter than a deep-equal against a copy: it also sees a
 * property turned into a getter, a key reordered or an object made non-extensible.
 *
 * Schema library objects (anything with a `~standard` of another vendor) are compared by
 * identity only: the libraries fill lazy caches of their own when asked for JSON Schema.
 */

interface ObjectState {
  proto: object | null;
  extensible: boolean;
  frozen: boolean;
  keys: PropertyKey[];
  descriptors: PropertyDescriptor[];
}

export type InputsSnapshot = Map<object, ObjectState>;

/** The vendor name of the fuzzer's own Standard Schema objects, whose insides are checked too. */
export const FUZZ_VENDOR = "fuzz";

function isForeignSchema(value: object): boolean {
  const standard = Object.getOwnPropertyDescriptor(value, "~standard");
  if (standard === undefined) return typeof value === "function" || "~standard" in value;
  const vendor = (standard.value as { vendor?: unknown } | undefined)?.vendor;
  return vendor !== FUZZ_VENDOR;
}

export function snapshotInputs(root: unknown): InputsSnapshot {
  const states: InputsSnapshot = new Map();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || (typeof node !== "object" && typeof node !== "function") || states.has(node as object)) continue;
    const target = node as object;
    const keys = Reflect.ownKeys(target);
    const descriptors = keys.map((key) => Object.getOwnPropertyDescriptor(target, key) as PropertyDescriptor);
    states.set(target, { proto: Object.getPrototypeOf(target) as object | null, extensible: Object.isExtensible(target), frozen: Object.isFrozen(target), keys, descriptors });
    if (typeof target === "function" || isForeignSchema(target)) continue;
    for (const descriptor of descriptors) if ("value" in descriptor) stack.push(descriptor.value);
  }
  return states;
}

function sameDescriptor(a: PropertyDescriptor | undefined, b: PropertyDescriptor): boolean {
  return a !== undefined && Object.is(a.value, b.value) && a.get === b.get && a.set === b.set && a.writable === b.writable && a.enumerable === b.enumerable && a.configurable === b.configurable;
}

/** Every difference between the objects now and the snapshot; [] when the call left them alone. */
export function inputChanges(before: InputsSnapshot): string[] {
  const changes: string[] = [];
  let index = 0;
  for (const [target, state] of before) {
    const where = `input object #${index++} (keys: ${state.keys.map(String).slice(0, 6).join(", ")})`;
    if (typeof target === "function" || isForeignSchema(target)) continue;
    if (!state.frozen && Object.isFrozen(target)) changes.push(`${where} was frozen`);
    if (Object.isExtensible(target) !== state.extensible) changes.push(`${where} changed extensibility`);
    if (Object.getPrototypeOf(target) !== state.proto) changes.push(`${where} changed prototype`);
    const keys = Reflect.ownKeys(target);
    if (keys.length !== state.keys.length || keys.some((key, i) => key !== state.keys[i])) {
      changes.push(`${where} keys changed to ${keys.map(String).slice(0, 6).join(", ")}`);
      continue;
    }
    keys.forEach((key, i) => {
      if (!sameDescriptor(Object.getOwnPropertyDescriptor(target, key), state.descriptors[i] as PropertyDescriptor)) changes.push(`${where}.${String(key)} changed`);
    });
  }
  return changes;
}
