import { hasOwn, isObject } from "./own";
import { pushAll } from "./push-all";

/**
 * Finding every `$ref` of an OpenAPI document: walk everything except data (examples,
 * defaults, enums, extensions), and know which objects are maps of user-chosen names
 * (`properties`, `responses`, `components.schemas`...), where a key called `default` or
 * `example` is a name, not a keyword.
 */

const NAME_MAPS: ReadonlySet<string> = new Set([
  "properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
  "paths", "webhooks", "schemas", "responses", "requestBodies", "headers", "securitySchemes",
  "links", "callbacks", "pathItems", "content", "encoding", "variables", "examples", "parameters",
  "additionalOperations", "mediaTypes",
]);
const DATA_KEYS: ReadonlySet<string> = new Set(["example", "default", "const", "enum", "value", "dataValue"]);

interface Frame {
  node: unknown;
  parent: Frame | undefined;
  key: string | number;
  nameMap: boolean;
}

/** Calls `visit` with each `$ref` string and its JSON pointer. Iterative. */
export function forEachRef(document: unknown, visit: (ref: string, pointer: string) => void): void {
  const stack: Frame[] = [{ node: document, parent: undefined, key: "", nameMap: false }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const node = frame.node;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        if (node[i] !== null && typeof node[i] === "object") stack.push({ node: node[i], parent: frame, key: i, nameMap: false });
      }
      continue;
    }
    if (!isObject(node)) continue;
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (!frame.nameMap) {
        if (key.startsWith("x-") || DATA_KEYS.has(key) || (key === "examples" && Array.isArray(child))) continue;
        if (key === "$ref" && typeof child === "string") {
          visit(child, pointerOf({ node: child, parent: frame, key, nameMap: false }));
          continue;
        }
      }
      if (child === null || typeof child !== "object") continue;
      const nameMap = !frame.nameMap && !Array.isArray(child) && NAME_MAPS.has(key);
      stack.push({ node: child, parent: frame, key, nameMap });
    }
  }
}

function pointerOf(frame: Frame): string {
  const parts: string[] = [];
  for (let f: Frame | undefined = frame; f && f.parent; f = f.parent) parts.push(String(f.key).replace(/~/g, "~0").replace(/\//g, "~1"));
  return "/" + parts.reverse().join("/");
}

/** Resolves an internal reference (`#/components/schemas/Pet`); external ones are `undefined`. */
export function resolvesInternally(document: unknown, ref: string): boolean | undefined {
  if (!ref.startsWith("#")) return undefined;
  if (ref === "#") return true;
  if (!ref.startsWith("#/")) return false;
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return false;
    }
    if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)];
    else if (isObject(node) && hasOwn(node, segment)) node = node[segment];
    else return false;
    if (node === undefined) return false;
  }
  return true;
}

/** Every internal `$ref` of the document that points nowhere. */
export function unresolvedRefs(document: unknown): { pointer: string; ref: string }[] {
  const problems: { pointer: string; ref: string }[] = [];
  let anchors: Set<string> | undefined;
  forEachRef(document, (ref, pointer) => {
    // `#name` names a schema by its `$anchor` (JSON Schema 2020-12, so OpenAPI 3.1).
    if (/^#[A-Za-z_][-A-Za-z0-9._]*$/.test(ref)) {
      anchors ??= anchorsOf(document);
      if (!anchors.has(ref.slice(1))) problems.push({ pointer, ref });
      return;
    }
    if (resolvesInternally(document, ref) === false) problems.push({ pointer, ref });
  });
  return problems;
}

/** Every `$anchor` and `$dynamicAnchor` name in the document. Iterative. */
function anchorsOf(document: unknown): Set<string> {
  const names = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node)) {
      for (const key of ["$anchor", "$dynamicAnchor"]) {
        const name = (node as Record<string, unknown>)[key];
        if (typeof name === "string" && hasOwn(node, key)) names.add(name);
      }
    }
    pushAll(stack, Array.isArray(node) ? node : Object.values(node));
  }
  return names;
}
