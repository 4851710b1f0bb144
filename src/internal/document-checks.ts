import { pathItemOperations } from "./http-methods";
import { encodeSegment, pointerFromTokens } from "./json-pointer";
import { getOwn, isObject } from "./own";
import { pushAll } from "./push-all";

/**
 * Every problem of two kinds the OpenAPI schema cannot see, listed rather than thrown: a
 * security requirement naming a scheme that `components.securitySchemes` does not declare,
 * and an operationId used twice. Each problem carries the JSON pointer of the offending
 * value. The wording follows src/generate/checks.ts, which throws at the first such problem
 * of a document it builds; this one serves `specloom validate`, which reports them all.
 */

export interface DocumentProblem {
  /** JSON pointer (RFC 6901) into the document: `/paths/~1pets/get/operationId`. */
  pointer: string;
  message: string;
}

/** One path-item map to look through, and the pointer of that map. */
interface PathItemMap {
  items: Record<string, unknown>;
  pointer: string;
}

/**
 * Every operation of the document, with its pointer: under `paths`, `webhooks`,
 * `components.pathItems`, `components.callbacks` and the callbacks of operations (to any
 * depth). Iterative; path items that are `$ref`s are not followed.
 */
export function operationsOf(document: unknown): { operation: Record<string, unknown>; pointer: string }[] {
  const found: { operation: Record<string, unknown>; pointer: string }[] = [];
  if (!isObject(document)) return found;
  const maps: PathItemMap[] = [];
  const pushMap = (value: unknown, pointer: string) => {
    if (isObject(value)) maps.push({ items: value, pointer });
  };
  const pushCallbacks = (callbacks: unknown, pointer: string) => {
    if (!isObject(callbacks)) return;
    for (const name of Object.keys(callbacks)) pushMap(callbacks[name], `${pointer}/${encodeSegment(name)}`);
  };
  pushMap(getOwn(document, "paths"), "/paths");
  pushMap(getOwn(document, "webhooks"), "/webhooks");
  const components = getOwn(document, "components");
  if (isObject(components)) {
    pushMap(getOwn(components, "pathItems"), "/components/pathItems");
    pushCallbacks(getOwn(components, "callbacks"), "/components/callbacks");
  }
  for (let next = maps.shift(); next !== undefined; next = maps.shift()) {
    for (const key of Object.keys(next.items)) {
      const item = next.items[key];
      if (!isObject(item)) continue;
      const itemPointer = `${next.pointer}/${encodeSegment(key)}`;
      for (const { keys, operation } of pathItemOperations(item)) {
        if (!isObject(operation)) continue;
        const pointer = itemPointer + pointerFromTokens(keys);
        found.push({ operation, pointer });
        pushCallbacks(getOwn(operation, "callbacks"), `${pointer}/callbacks`);
      }
    }
  }
  return found;
}

/** The document's `components.securitySchemes` (empty when there are none). */
export function securitySchemesOf(document: unknown): Record<string, unknown> {
  const components = isObject(document) ? getOwn(document, "components") : undefined;
  const schemes = isObject(components) ? getOwn(components, "securitySchemes") : undefined;
  return isObject(schemes) ? schemes : {};
}

/** Requirements of one `security` list (at `pointer`) that name a scheme `schemes` lacks. */
export function requirementProblems(security: unknown, schemes: Record<string, unknown>, pointer: string): DocumentProblem[] {
  if (!Array.isArray(security)) return [];
  const problems: DocumentProblem[] = [];
  security.forEach((requirement: unknown, index) => {
    if (!isObject(requirement)) return;
    for (const name of Object.keys(requirement)) {
      if (getOwn(schemes, name) !== undefined) continue;
      const declared = Object.keys(schemes);
      problems.push({
        pointer: `${pointer}/${index}/${encodeSegment(name)}`,
        message: `the security requirement names "${name}", which components.securitySchemes does not declare (${declared.length ? `declared: ${declared.join(", ")}` : "none are declared"})`,
      });
    }
  });
  return problems;
}

/** Security requirements (root and per operation) that name an undeclared scheme. */
export function securityProblems(document: unknown): DocumentProblem[] {
  if (!isObject(document)) return [];
  const schemes = securitySchemesOf(document);
  const problems = requirementProblems(getOwn(document, "security"), schemes, "/security");
  for (const { operation, pointer } of operationsOf(document)) pushAll(problems, requirementProblems(getOwn(operation, "security"), schemes, `${pointer}/security`));
  return problems;
}

/** Each operationId used by an earlier operation of the document, at the later one. */
export function operationIdProblems(document: unknown): DocumentProblem[] {
  const first = new Map<string, string>();
  const problems: DocumentProblem[] = [];
  for (const { operation, pointer } of operationsOf(document)) {
    const id = getOwn(operation, "operationId");
    if (typeof id !== "string") continue;
    const prior = first.get(id);
    if (prior === undefined) first.set(id, pointer);
    else problems.push({ pointer: `${pointer}/operationId`, message: `operationId "${id}" is already used by ${prior}` });
  }
  return problems;
}
