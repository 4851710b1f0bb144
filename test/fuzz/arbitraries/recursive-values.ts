/**
 * Values of a member of a `RecursiveGroup`, written from the group itself (not from any
 * library): one valid value that follows each reference a few levels deep, and values each
 * wrong in one place, deep inside (a scalar of the wrong type, or a required reference
 * missing). A document that dropped a property, or left a hole where a reference was,
 * accepts one of the wrong values.
 */
import type { GroupMember, RecursiveGroup, Scalar } from "./recursive-group";

type Value = Record<string, unknown>;

const GOOD: Record<Scalar, unknown> = { string: "x", number: 1, boolean: true };
const BAD: Record<Scalar, unknown> = { string: 1, number: "x", boolean: "x" };

function define(target: Value, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A valid value of member `index`: references followed while `depth` lasts, then ended (omitted, null, []). */
export function validValue(group: RecursiveGroup, index: number, depth: number): Value {
  const member = group.members[index] as GroupMember;
  const value: Value = {};
  for (const [name, scalar] of member.scalars) define(value, name, GOOD[scalar]);
  for (const ref of member.refs) {
    if (depth > 0 || ref.wrap === "plain") {
      // A required reference goes to a lower member, so a chain of them ends at the root.
      const inner = validValue(group, ref.target, Math.max(depth - 1, 0));
      define(value, ref.name, ref.wrap === "array" ? [inner] : inner);
    } else if (ref.wrap === "nullable") define(value, ref.name, null);
    else if (ref.wrap === "array") define(value, ref.name, []);
  }
  return value;
}

/** Each object inside `value` (the top excluded) with the member it is a value of. */
function nested(group: RecursiveGroup, index: number, value: Value): { member: number; object: Value }[] {
  const found: { member: number; object: Value }[] = [];
  const stack = [{ member: index, object: value }];
  while (stack.length > 0) {
    const { member, object } = stack.pop() as { member: number; object: Value };
    for (const ref of (group.members[member] as GroupMember).refs) {
      const child = object[ref.name];
      const inner = Array.isArray(child) ? child[0] : child;
      if (inner === null || typeof inner !== "object") continue;
      found.push({ member: ref.target, object: inner as Value });
      stack.push({ member: ref.target, object: inner as Value });
    }
  }
  return found;
}

/** Copies of `value`, each wrong in one nested object: a scalar of the wrong type, or a required reference removed. */
export function wrongValues(group: RecursiveGroup, index: number, value: Value, limit: number): Value[] {
  const wrong: Value[] = [];
  for (const { member, object } of nested(group, index, value).slice(0, limit)) {
    const { scalars, refs } = group.members[member] as GroupMember;
    const [name, scalar] = scalars[0] as [string, Scalar];
    const saved = object[name];
    define(object, name, BAD[scalar]);
    wrong.push(structuredClone(value));
    define(object, name, saved);
    const required = refs.find((ref) => ref.wrap !== "optional" && Object.prototype.hasOwnProperty.call(object, ref.name));
    if (required) {
      const kept = object[required.name];
      delete object[required.name];
      wrong.push(structuredClone(value));
      define(object, required.name, kept);
    }
  }
  return wrong;
}
