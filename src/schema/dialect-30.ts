import { deepEqual } from "../internal/equal";
import { hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import { ANNOTATION_KEYWORDS } from "./annotations";
import { fileNode, noteFileMediaTypes, soleMediaType } from "./files";
import { OPENAPI_30_KEYWORDS } from "./keywords";
import type { SchemaNodeInfo } from "./rebuild";
import { besideRef, nullBranch, orNull } from "./wrappers-30";

/**
 * JSON Schema (2020-12 or draft-07) to the OpenAPI 3.0 Schema Object dialect, one node at
 * a time (children are already converted). Exact conversions: type arrays and null
 * branches to `nullable`, `const` to a one-value `enum`, numeric exclusive bounds to
 * boolean ones, `examples` to `example`, `$ref` with siblings to `allOf`. Keywords 3.0
 * lacks are dropped only where that widens what the schema accepts; such a drop marks the
 * node lossy, and a lossy child makes `not` go away and `oneOf` become `anyOf`, so a
 * widening below never becomes a narrowing above. docs/schemas.md lists each rule.
 */

/** Keywords 3.0 lacks whose removal widens what a schema accepts. */
const WIDENING_DROPS: ReadonlySet<string> = new Set([
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "minContains",
  "maxContains",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
]);

/**
 * The full `examples` list of a node whose conversion kept only the first as `example`:
 * a schema cannot carry more in 3.0, but a Parameter Object can (`examples` map), so the
 * parameter built from it reads them here.
 */
const foldedExamples = new WeakMap<object, readonly unknown[]>();

export function examplesFoldedInto(node: unknown): readonly unknown[] | undefined {
  return node !== null && typeof node === "object" ? foldedExamples.get(node) : undefined;
}

export function toOpenAPI30Node(node: unknown, info: SchemaNodeInfo): unknown {
  const examples = isObject(node) && Array.isArray(node.examples) && node.examples.length > 1 && !hasOwn(node, "example") ? node.examples : undefined;
  // A `{ contentMediaType }` branch (Zod's list of a file's types) remembers its type once
  // emptied: nodes convert bottom-up, so the file node above meets the branch only after 3.0
  // dropped the keyword. (The table is files.ts's, which multipart encodings read anyway.)
  const sole = isObject(node) ? soleMediaType(node) : undefined;
  const fileTypes = isObject(node) ? (fileNode(node, "3.0") ?? (sole === undefined ? undefined : [sole])) : undefined;
  const converted = convertNode(node, info);
  if (examples !== undefined && isObject(converted)) foldedExamples.set(converted, examples);
  noteFileMediaTypes(converted, fileTypes);
  return converted;
}

function convertNode(node: unknown, info: SchemaNodeInfo): unknown {
  if (typeof node === "boolean") {
    // 3.0 allows booleans only under additionalProperties.
    if (info.key === "additionalProperties") return node;
    return node ? {} : { not: {} };
  }
  if (!isObject(node)) return node;
  const s = node;

  if (hasOwn(s, "const")) {
    const value = s.const;
    delete s.const;
    s.enum = Array.isArray(s.enum) ? (s.enum.some((v) => deepEqual(v, value)) ? [value] : []) : [value];
  }
  if (hasOwn(s, "examples")) {
    if (!hasOwn(s, "example") && Array.isArray(s.examples) && s.examples.length > 0) s.example = s.examples[0];
    delete s.examples;
  }
  exclusiveBound(s, "exclusiveMinimum", "minimum", (bound, exclusive) => bound > exclusive);
  exclusiveBound(s, "exclusiveMaximum", "maximum", (bound, exclusive) => bound < exclusive);
  if (tupleToItems(s)) info.lossy = true;
  if (hasOwn(s, "patternProperties")) {
    patternPropertiesToAdditional(s);
    info.lossy = true;
  }
  if (info.lossyKeys?.includes("not")) {
    delete s.not;
    info.lossy = true;
  }
  if (info.lossyKeys?.includes("oneOf") && Array.isArray(s.oneOf)) {
    addComposition(s, "anyOf", s.oneOf);
    delete s.oneOf;
  }

  // `nullable` is read here and written back only beside a `type` (see `nullableNode`).
  const { nullable, nullOnly } = foldNull(s);
  if (nullOnly) return nullOnlySchema(s);
  if (s.type === "array" && !hasOwn(s, "items")) s.items = {};
  if (Array.isArray(s.required) && s.required.length === 0) delete s.required;
  if (Array.isArray(s.enum) && s.enum.length === 0) return { not: {} };

  for (const key of Object.keys(s)) {
    if (OPENAPI_30_KEYWORDS.has(key) || key.startsWith("x-")) continue;
    if (WIDENING_DROPS.has(key)) info.lossy = true;
    delete s[key];
  }
  if (nullable) return nullableNode(s);
  return refWithSiblings(s);
}

/** 2020-12's null type and null-only branches, as whether the node is nullable or only null. */
function foldNull(s: JsonObject): { nullable: boolean; nullOnly: boolean } {
  let nullable = s.nullable === true;
  delete s.nullable;
  let nullOnly = false;
  if (Array.isArray(s.type) || s.type === "null") {
    const types = Array.isArray(s.type) ? [...new Set(s.type as unknown[])] : ["null"];
    const others = types.filter((t) => t !== "null");
    const hasNull = others.length < types.length;
    if (others.length === 0) nullOnly = true;
    else if (others.length === 1) {
      s.type = others[0];
      if (hasNull) nullable = true;
    } else {
      delete s.type;
      const branches: unknown[] = others.map((type) => ({ type }));
      if (hasNull) branches.push(nullBranch());
      addComposition(s, "anyOf", branches);
    }
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = s[key];
    if (!Array.isArray(branches) || !branches.some(isNullOnly)) continue;
    const others = branches.filter((b) => !isNullOnly(b));
    if (others.length === 0) {
      delete s[key];
      nullOnly = true;
    } else if (others.length === 1 && canFold(s, others[0])) {
      // `anyOf: [{ type: "string" }, { type: "null" }]` is `type: "string", nullable: true`.
      delete s[key];
      for (const k of Object.keys(others[0] as JsonObject)) setOwn(s, k, (others[0] as JsonObject)[k]);
      nullable = true;
    } else {
      // Null stays a branch of its own, which accepts exactly null in 3.0.3.
      s[key] = [...others, nullBranch()];
    }
  }

  return { nullable, nullOnly };
}

/**
 * 3.0.3: `nullable` "adds null to the allowed type specified by the type keyword, only if
 * type is explicitly defined within the same Schema Object". So it is written only beside a
 * `type` (with null added to an `enum`); anything else (a `$ref`, a union) becomes a union
 * with a branch that accepts exactly null.
 */
function nullableNode(s: JsonObject): JsonObject {
  if (typeof s.type === "string") {
    s.nullable = true;
    if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...(s.enum as unknown[]), null];
    return refWithSiblings(s);
  }
  const outer: JsonObject = {};
  const inner: JsonObject = {};
  for (const key of Object.keys(s)) setOwn(describesValue(key) ? outer : inner, key, s[key]);
  let branch: unknown = refWithSiblings(inner);
  if (isObject(branch) && Object.keys(branch).length === 1 && Array.isArray(branch.allOf) && branch.allOf.length === 1) branch = branch.allOf[0];
  return orNull(outer, branch);
}

/**
 * Keywords that describe a schema rather than constrain it: they stay outside a nullable
 * union. The annotations, and also what only an OpenAPI Schema Object has (`externalDocs`,
 * `xml`, extensions): those are not in ANNOTATION_KEYWORDS because a use that adds them is
 * not taken for the named schema it uses (it stays written in full, as it always was).
 */
function describesValue(key: string): boolean {
  return ANNOTATION_KEYWORDS.has(key) || key === "externalDocs" || key === "xml" || key.startsWith("x-");
}

/** 3.0 ignores siblings of `$ref`; `allOf` keeps them meaningful. */
function refWithSiblings(s: JsonObject): JsonObject {
  if (typeof s.$ref !== "string" || Object.keys(s).length === 1) return s;
  const ref = { $ref: s.$ref };
  delete s.$ref;
  return besideRef(s, ref);
}

/** The one non-null branch of a nullable union merges into the node when it has a type and no key clashes. */
function canFold(s: JsonObject, branch: unknown): boolean {
  return isObject(branch) && typeof branch.type === "string" && !hasOwn(branch, "$ref") && Object.keys(branch).every((k) => !hasOwn(s, k));
}

/** `{ exclusiveMinimum: 5 }` becomes `{ minimum: 5, exclusiveMinimum: true }`, unless `minimum` is already stricter. */
function exclusiveBound(s: JsonObject, exclusiveKey: string, boundKey: string, boundIsStricter: (bound: number, exclusive: number) => boolean): void {
  const exclusive = s[exclusiveKey];
  if (typeof exclusive === "number") {
    const bound = s[boundKey];
    if (typeof bound === "number" && boundIsStricter(bound, exclusive)) delete s[exclusiveKey];
    else {
      s[boundKey] = exclusive;
      s[exclusiveKey] = true;
    }
  } else if (exclusive !== undefined && (typeof exclusive !== "boolean" || typeof s[boundKey] !== "number")) {
    delete s[exclusiveKey];
  }
}

/** Tuples (`prefixItems`, draft-07 `items: [...]`) become `items` accepting any member type. Returns true when it widened. */
function tupleToItems(s: JsonObject): boolean {
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
  if (!prefix) return false;
  const rest = Array.isArray(s.prefixItems) ? s.items : s.additionalItems;
  delete s.prefixItems;
  delete s.additionalItems;
  if (rest === undefined || isTrueSchema(rest)) {
    s.items = {};
    return true;
  }
  const branches: unknown[] = [];
  for (const item of isFalseSchema(rest) ? prefix : [...prefix, rest]) {
    if (!branches.some((b) => deepEqual(b, item))) branches.push(item);
  }
  s.items = branches.length === 1 ? branches[0] : branches.length === 0 ? {} : { anyOf: branches };
  return true;
}

/** 3.0 has no patternProperties: their schemas join additionalProperties, so no value is rejected that was accepted. */
function patternPropertiesToAdditional(s: JsonObject): void {
  const patterns = Object.values(s.patternProperties as JsonObject);
  delete s.patternProperties;
  if (!hasOwn(s, "additionalProperties")) return;
  const additional = s.additionalProperties;
  if (additional === true || isTrueSchema(additional)) return;
  const branches = additional === false || isFalseSchema(additional) ? patterns : [...patterns, additional];
  s.additionalProperties = branches.length === 1 ? branches[0] : { anyOf: branches };
}

function addComposition(s: JsonObject, key: "allOf" | "anyOf", branches: unknown[]): void {
  if (!hasOwn(s, key)) s[key] = branches;
  else if (key === "allOf") s.allOf = [...(s.allOf as unknown[]), ...branches];
  else s.allOf = [...((s.allOf as unknown[] | undefined) ?? []), { anyOf: branches }];
}

/** 3.0 has no null type: a schema accepting only null is a nullable type restricted to null. */
function nullOnlySchema(s: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const key of ["title", "description", "default", "example", "deprecated"]) if (hasOwn(s, key)) result[key] = s[key];
  return { ...result, type: "string", nullable: true, enum: [null] };
}

function isNullOnly(branch: unknown): boolean {
  if (!isObject(branch)) return false;
  if (branch.type === "null") return true;
  if (!Array.isArray(branch.enum) || branch.enum.length !== 1 || branch.enum[0] !== null) return false;
  return Object.keys(branch).every((k) => k === "enum" || k === "type" || k === "nullable" || k === "description" || k === "title");
}

export function isTrueSchema(value: unknown): boolean {
  return value === true || (isObject(value) && Object.keys(value).length === 0);
}

export function isFalseSchema(value: unknown): boolean {
  return value === false || (isObject(value) && Object.keys(value).length === 1 && isTrueSchema(value.not));
}
