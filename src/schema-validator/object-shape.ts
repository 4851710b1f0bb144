import { hasOwn, type JsonObject } from "../internal/own";
import { markProperty } from "./evaluated";
import { child, fail, kindOf, type Check } from "./types";

/** A declared property: its check, whether it is required, and whether its name is also one of Object.prototype's. */
interface Slot {
  readonly name: string;
  readonly check: Check;
  readonly required: boolean;
  readonly inherited: boolean;
}

/**
 * An object's type, `properties`, `required` and `additionalProperties` (false, a schema or
 * absent) in one pass over the declared names; the value's own keys are listed only when
 * there may be others (`additionalProperties`), and counted first, so a value without
 * extra properties is never looked up key by key.
 */
export function shapeCheck(typed: boolean, properties: readonly (readonly [string, Check])[], required: readonly string[], rest: Check | false | undefined): Check {
  const wanted = new Set(required);
  const slots: Slot[] = properties.map(([name, check]) => ({ name, check, required: wanted.has(name), inherited: name in Object.prototype }));
  const declared = new Set(properties.map(([name]) => name));
  const others = required.filter((name) => !declared.has(name));
  return (value, out, at, ev) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return !typed || fail(out, at, `expected an object, found ${kindOf(value)}`);
    const record = value as JsonObject;
    let ok = true;
    let present = 0;
    for (const slot of slots) {
      // An own property only: a name like "constructor" is read from the value, never from Object.prototype.
      const item = slot.inherited && !hasOwn(record, slot.name) ? undefined : record[slot.name];
      if (item === undefined && !hasOwn(record, slot.name)) {
        if (slot.required) {
          ok = fail(out, child(at, slot.name, out), "required");
          if (out === undefined) return false;
        }
        continue;
      }
      present++;
      if (ev !== undefined) markProperty(ev, slot.name);
      if (slot.check(item, out, out === undefined ? undefined : { parent: at, key: slot.name }, undefined)) continue;
      ok = false;
      if (out === undefined) return false;
    }
    for (const name of others) {
      if (hasOwn(record, name)) continue;
      ok = fail(out, child(at, name, out), "required");
      if (out === undefined) return false;
    }
    if (rest === undefined) return ok;
    if (ev !== undefined) ev.props = true;
    const keys = Object.keys(record);
    if (keys.length === present) return ok;
    for (const key of keys) {
      if (declared.has(key)) continue;
      if (rest === false ? fail(out, child(at, key, out), "is not a property the schema allows") : rest(record[key], out, child(at, key, out), undefined)) continue;
      ok = false;
      if (out === undefined) return false;
    }
    return ok;
  };
}
