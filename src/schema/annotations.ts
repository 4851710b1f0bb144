import { deepEqual } from "../internal/equal";
import { hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import type { ReferenceObject } from "../types/document";
import type { Dialect } from "./vendor";
import { besideRef, orNull } from "./wrappers-30";

/**
 * Annotations around a named schema: `Role.default("member")`, `Pet.describe("...")`,
 * `.meta({ description })`, `.readonly()`, and in 3.0 `.nullable()`. A library writes the
 * named schema's body with these keywords added (and ArkType copies a union's description
 * into each branch); taken away, the body is the named schema's again, so the use becomes a
 * `$ref` with the annotations beside it.
 */

/**
 * Keywords that describe a value rather than constrain which values are accepted: those a
 * library adds to a named schema's use, and those a 3.0 wrapper keeps outside itself.
 */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(["title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly"]);

export interface Annotated {
  /** The node without its annotations: a fresh top, children shared. */
  readonly core: JsonObject;
  readonly annotations: JsonObject;
  /** 3.0: the node was `nullable` (null taken out of its `enum` too). */
  readonly nullable: boolean;
}

/** Results per imported (frozen) node, by `stripNullable`: every document asks again for the same nodes. */
const stripped: Record<"plain" | "nullable", WeakMap<object, Annotated | null>> = { plain: new WeakMap(), nullable: new WeakMap() };

/**
 * `node` (a frozen imported node) without its annotations, or undefined when it has none. A
 * union's branches lose the annotations equal to the union's own (the library copied them
 * in). `nullable` (a 3.0 candidate's, never a registered body's) counts as one. Remembered
 * per node and frozen, so the core's hashes are computed once, not per document.
 */
export function withoutAnnotations(node: object, stripNullable: boolean): Annotated | undefined {
  const cache = stripped[stripNullable ? "nullable" : "plain"];
  let result = cache.get(node);
  if (result === undefined) cache.set(node, (result = strip(node, stripNullable) ?? null));
  return result ?? undefined;
}

function strip(node: object, stripNullable: boolean): Annotated | undefined {
  if (Array.isArray(node)) return undefined;
  const source = node as JsonObject;
  const core: JsonObject = {};
  const annotations: JsonObject = {};
  const nullable = stripNullable && source.nullable === true && typeof source.type === "string";
  for (const key of Object.keys(source)) {
    if (ANNOTATION_KEYWORDS.has(key)) setOwn(annotations, key, source[key]);
    else if (!(nullable && key === "nullable")) setOwn(core, key, source[key]);
  }
  if (Object.keys(annotations).length === 0 && !nullable) return undefined;
  if (nullable && Array.isArray(core.enum)) core.enum = core.enum.filter((value) => value !== null);
  for (const key of ["anyOf", "oneOf"]) {
    const branches = core[key];
    if (Array.isArray(branches)) core[key] = Object.freeze(branches.map((branch) => withoutCopied(branch, annotations)));
  }
  if (Array.isArray(core.enum)) Object.freeze(core.enum);
  return Object.freeze({ core: Object.freeze(core), annotations: Object.freeze(annotations), nullable });
}

/** A union branch without the annotations it shares with the union, or the branch itself. */
function withoutCopied(branch: unknown, annotations: JsonObject): unknown {
  if (!isObject(branch) || !Object.keys(branch).some((key) => hasOwn(annotations, key) && deepEqual(branch[key], annotations[key]))) return branch;
  const copy: JsonObject = {};
  for (const key of Object.keys(branch)) if (!(hasOwn(annotations, key) && deepEqual(branch[key], annotations[key]))) setOwn(copy, key, branch[key]);
  return Object.freeze(copy);
}

/**
 * The annotations a use adds to a registered body: those the body lacks or has with
 * another value, less those equal to an enclosing union's (`inherited`), which the library
 * copied down. Undefined when the body has an annotation the use lacks (then the use is
 * not that schema as written).
 */
export function addedAnnotations(use: JsonObject, body: unknown, inherited: JsonObject | undefined): JsonObject | undefined {
  if (!isObject(body)) return undefined;
  for (const key of ANNOTATION_KEYWORDS) if (hasOwn(body, key) && !hasOwn(use, key)) return undefined;
  const added: JsonObject = {};
  for (const key of Object.keys(use)) {
    if (hasOwn(body, key) && deepEqual(body[key], use[key])) continue;
    if (inherited !== undefined && hasOwn(inherited, key) && deepEqual(inherited[key], use[key])) continue;
    setOwn(added, key, use[key]);
  }
  return added;
}

/**
 * A reference with annotations beside it. 3.1 allows keywords beside `$ref`. 3.0 ignores
 * them there ("SHALL be ignored"), so they sit beside `allOf: [{ $ref }]`; `nullable` needs
 * a `type` in the same Schema Object, so a nullable use is a union with a branch that
 * accepts exactly null.
 */
export function annotatedReference(ref: ReferenceObject, annotations: JsonObject, nullable: boolean, dialect: Dialect): unknown {
  if (dialect !== "3.0") {
    for (const key of Object.keys(annotations)) setOwn(ref, key, annotations[key]);
    return ref;
  }
  const outer: JsonObject = {};
  for (const key of Object.keys(annotations)) setOwn(outer, key, annotations[key]);
  return nullable ? orNull(outer, ref) : besideRef(outer, ref);
}
