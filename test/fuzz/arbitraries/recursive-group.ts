/**
 * A group of mutually recursive object schemas whose root is unnamed (`RecursiveGroup`),
 * and the same group as real Zod, ArkType and Valibot schemas or a custom Standard schema
 * whose JSON Schema refers to its root as `#`. Member 0 is the root; the others may be
 * named (Zod's `.meta({ id })`, a registered name, or a custom `$defs` key chosen by hand).
 * Every member refers to the next, the last back to the root, and a few more references
 * run anywhere. A reference to a member of a lower index may be required (`plain`); one to
 * the same or a higher index is optional, nullable or a list, so every cycle can end and
 * every member has finite values (./recursive-values.ts writes them).
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { scope } from "arktype";
import fc from "fast-check";
import * as v from "valibot";
import { z } from "zod";
import type { StandardJSONSchemaV1 } from "specloom";

export type Scalar = "string" | "number" | "boolean";
export type Wrap = "plain" | "optional" | "nullable" | "array";
export type GroupLibrary = "zod" | "arktype" | "valibot" | "custom";

export interface GroupMember {
  scalars: [string, Scalar][];
  refs: { name: string; target: number; wrap: Wrap }[];
  /** The member's own name; never for the root. */
  named: boolean;
}

export interface RecursiveGroup {
  members: GroupMember[];
  library: GroupLibrary;
  /** Zod names a member by `.meta({ id })` or by registering it; the others register it. */
  zodNaming: "meta" | "registered";
  /** Custom only: a `description` beside every `$ref`. */
  sibling: boolean;
  /** Custom only: a named member's root is a bare `$ref` to its own `$defs` entry (how such a schema names its root). */
  rootByRef: boolean;
  /** Members used by a route of their own, besides the root's routes. */
  ownRoutes: number[];
  version: "3.0.3" | "3.1.0" | "3.2.0";
}

const SCALARS: readonly Scalar[] = ["string", "number", "boolean"];

function memberArbitrary(index: number, size: number): fc.Arbitrary<GroupMember> {
  // No `__proto__`: Valibot and ArkType drop that property from their own JSON Schema.
  const scalars = fc.uniqueArray(fc.tuple(fc.constantFrom("id", "name", "size", "constructor"), fc.constantFrom(...SCALARS)), { minLength: 1, maxLength: 2, selector: ([name]) => name });
  const wrapTo = (target: number): fc.Arbitrary<Wrap> => (target < index ? fc.constantFrom<Wrap>("plain", "optional", "nullable", "array") : fc.constantFrom<Wrap>("optional", "nullable", "array"));
  const ring = (index + 1) % size;
  const extra = fc.array(fc.integer({ min: 0, max: size - 1 }).chain((target) => wrapTo(target).map((wrap) => ({ target, wrap }))), { maxLength: 2 });
  return fc.record({ scalars, ringWrap: wrapTo(ring), extra, named: index === 0 ? fc.constant(false) : fc.boolean() }).map(({ scalars: s, ringWrap, extra: more, named }) => ({
    scalars: s,
    refs: [{ target: ring, wrap: ringWrap }, ...more].map((ref, i) => ({ ...ref, name: `link${i}` })),
    named,
  }));
}

export const recursiveGroup: fc.Arbitrary<RecursiveGroup> = fc.integer({ min: 2, max: 4 }).chain((size) =>
  fc.record({
    members: fc.tuple(...Array.from({ length: size }, (_, i) => memberArbitrary(i, size))),
    library: fc.constantFrom<GroupLibrary>("zod", "arktype", "valibot", "custom"),
    zodNaming: fc.constantFrom("meta" as const, "registered" as const),
    sibling: fc.boolean(),
    rootByRef: fc.boolean(),
    ownRoutes: fc.uniqueArray(fc.integer({ min: 1, max: size - 1 }), { maxLength: 2 }),
    version: fc.constantFrom("3.0.3" as const, "3.1.0" as const, "3.2.0" as const),
  }),
);

export function memberName(index: number): string {
  return `Member${index}`;
}

/** The group's schemas by member, and the names registered for the definition's `schemas`. */
export interface GroupSchemas {
  members: StandardJSONSchemaV1[];
  registered: Record<string, StandardJSONSchemaV1>;
}

export function groupSchemas(group: RecursiveGroup): GroupSchemas {
  const members = group.library === "zod" ? zodMembers(group) : group.library === "arktype" ? arkMembers(group) : group.library === "valibot" ? valibotMembers(group) : customMembers(group);
  const registered: Record<string, StandardJSONSchemaV1> = {};
  const byRegistration = group.library === "arktype" || group.library === "valibot" || (group.library === "zod" && group.zodNaming === "registered");
  if (byRegistration) group.members.forEach((m, i) => m.named && (registered[memberName(i)] = members[i] as StandardJSONSchemaV1));
  return { members, registered };
}

function zodMembers(group: RecursiveGroup): StandardJSONSchemaV1[] {
  const built: z.ZodType[] = [];
  const wrap = (inner: z.ZodType, how: Wrap): z.ZodType => (how === "optional" ? inner.optional() : how === "nullable" ? inner.nullable() : how === "array" ? z.array(inner) : inner);
  group.members.forEach((member, i) => {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, scalar] of member.scalars) Object.defineProperty(shape, name, { value: zodScalar(scalar), enumerable: true, writable: true, configurable: true });
    for (const ref of member.refs) {
      // A getter, as Zod's documentation writes recursion: the target exists by the time it is read.
      Object.defineProperty(shape, ref.name, { get: () => wrap(built[ref.target] as z.ZodType, ref.wrap), enumerable: true, configurable: true });
    }
    const object = z.object(shape);
    built[i] = member.named && group.zodNaming === "meta" ? object.meta({ id: memberName(i) }) : object;
  });
  return built as unknown as StandardJSONSchemaV1[];
}

function zodScalar(scalar: Scalar): z.ZodType {
  return scalar === "string" ? z.string() : scalar === "number" ? z.number() : z.boolean();
}

function arkMembers(group: RecursiveGroup): StandardJSONSchemaV1[] {
  const definitions: Record<string, Record<string, string>> = {};
  group.members.forEach((member, i) => {
    const fields: Record<string, string> = {};
    for (const [name, scalar] of member.scalars) Object.defineProperty(fields, name, { value: scalar, enumerable: true, writable: true, configurable: true });
    for (const ref of member.refs) {
      const target = `m${ref.target}`;
      const key = ref.wrap === "optional" ? `${ref.name}?` : ref.name;
      fields[key] = ref.wrap === "nullable" ? `${target} | null` : ref.wrap === "array" ? `${target}[]` : target;
    }
    definitions[`m${i}`] = fields;
  });
  const exported = scope(definitions as never).export() as unknown as Record<string, StandardJSONSchemaV1>;
  return group.members.map((_, i) => exported[`m${i}`] as StandardJSONSchemaV1);
}

function valibotMembers(group: RecursiveGroup): StandardJSONSchemaV1[] {
  const built: v.GenericSchema[] = [];
  group.members.forEach((member, i) => {
    const entries: Record<string, v.GenericSchema> = {};
    for (const [name, scalar] of member.scalars) Object.defineProperty(entries, name, { value: scalar === "string" ? v.string() : scalar === "number" ? v.number() : v.boolean(), enumerable: true, writable: true, configurable: true });
    for (const ref of member.refs) {
      const self: v.GenericSchema = v.lazy(() => built[ref.target] as v.GenericSchema);
      entries[ref.name] = ref.wrap === "optional" ? v.optional(self) : ref.wrap === "nullable" ? v.nullable(self) : ref.wrap === "array" ? v.array(self) : self;
    }
    built[i] = v.object(entries);
  });
  return built.map((schema) => toStandardJsonSchema(schema) as unknown as StandardJSONSchemaV1);
}

/** Custom: member `i`'s JSON Schema, its own body at the root and the others as `$defs` (named or numbered). */
function customMembers(group: RecursiveGroup): StandardJSONSchemaV1[] {
  const key = (i: number) => (group.members[i]?.named ? memberName(i) : String(i));
  const body = (i: number, root: number): Record<string, unknown> => {
    const member = group.members[i] as GroupMember;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const [name, scalar] of member.scalars) {
      Object.defineProperty(properties, name, { value: { type: scalar }, enumerable: true, writable: true, configurable: true });
      required.push(name);
    }
    for (const ref of member.refs) {
      const target = { $ref: ref.target === root ? "#" : `#/$defs/${key(ref.target)}`, ...(group.sibling ? { description: `${ref.name} of ${key(i)}` } : {}) };
      properties[ref.name] = ref.wrap === "nullable" ? { anyOf: [target, { type: "null" }] } : ref.wrap === "array" ? { type: "array", items: target } : target;
      if (ref.wrap !== "optional") required.push(ref.name);
    }
    return { type: "object", properties, required };
  };
  return group.members.map((_, root) => {
    const json = () => {
      const $defs: Record<string, unknown> = {};
      const byRef = group.rootByRef && group.members[root]?.named === true;
      group.members.forEach((__, i) => (i !== root || byRef) && ($defs[key(i)] = body(i, root)));
      const top = byRef ? { $ref: `#/$defs/${key(root)}` } : body(root, root);
      return { $schema: "https://json-schema.org/draft/2020-12/schema", ...top, $defs };
    };
    const convert = (options: { target: string }) => {
      if (options.target !== "draft-2020-12") throw new Error(`only draft-2020-12, not ${options.target}`);
      return json();
    };
    return { "~standard": { version: 1, vendor: "custom", validate: (value: unknown) => ({ value }), jsonSchema: { input: convert, output: convert } } } as unknown as StandardJSONSchemaV1;
  });
}
