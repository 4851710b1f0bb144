import { frozenCopy, type KeyWatch } from "../internal/frozen-copy";
import { SCHEMA_MOVE_KEYS } from "./dialect-30";
import { inside, type MergeInput } from "./inputs";
import type { Kind } from "./object-kinds";
import type { Facts, Part } from "./part";
import { changesNothing, rewriteRef, type Rewrite } from "./references";
import { rewriteTree } from "./rewrite-tree";

const MOVE_KEYS: ReadonlySet<string> = new Set(SCHEMA_MOVE_KEYS);
const WATCHED: ReadonlySet<string> = new Set(["$ref", "operationRef", "operationId", "security", "discriminator", ...SCHEMA_MOVE_KEYS]);

/**
 * Copies (or, for a produced document, takes) one part of an input, found at `group` (then
 * `kind`) and `name` in it. `observe` says whether a rename, a path prefix or a conversion
 * into a 3.0 base may apply to the document: only then are facts worth collecting. A fixed
 * list of arguments: it runs once per path and per component.
 */
export function ingest<T>(input: MergeInput, value: T, observe: boolean, group: string, name: string, kind?: string): Part<T> {
  if (input.produced) return { value, facts: undefined };
  const at = () => (kind === undefined ? inside(input, group, name) : inside(input, group, kind, name));
  if (!observe) return { value: frozenCopy(value, at), facts: undefined };
  const facts: Facts = { refs: [], operationIds: [], security: false, discriminator: false, schemaMoves: false };
  const watch: KeyWatch = {
    keys: WATCHED,
    seen: (key, child) => {
      if (key === "security") facts.security = true;
      else if (key === "discriminator") facts.discriminator = true;
      else if (MOVE_KEYS.has(key)) facts.schemaMoves = true;
      else if (typeof child === "string") (key === "operationId" ? facts.operationIds : facts.refs).push(child);
    },
    restart: () => {
      facts.refs.length = 0;
      facts.operationIds.length = 0;
      facts.security = facts.discriminator = facts.schemaMoves = false;
    },
  };
  return { value: frozenCopy(value, at, watch), facts };
}

/** The part as it goes into the result: rewritten where the document's rewrite touches it. */
export function rewritePart(part: Part, kind: Kind, rewrite: Rewrite): unknown {
  if (changesNothing(rewrite)) return part.value;
  if (part.facts !== undefined && !touches(part.facts, rewrite)) return part.value;
  return rewriteTree(part.value, kind, rewrite);
}

function touches(facts: Facts, rewrite: Rewrite): boolean {
  if (rewrite.convert) return true;
  if (rewrite.operationIds.size > 0 && facts.operationIds.some((id) => rewrite.operationIds.has(id))) return true;
  if (facts.security && rewrite.components.has("securitySchemes")) return true;
  if (facts.discriminator && rewrite.components.has("schemas")) return true;
  return facts.refs.some((ref) => rewriteRef(ref, rewrite) !== ref);
}
