import { encodeSegment, pointerTokens, resolvePointer } from "./json-pointer";
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
    // Children are pushed last key first, so they are visited in document order.
    const keys = Object.keys(node);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k] as string;
      const child = node[key];
      if (!frame.nameMap) {
        if (key.startsWith("x-") || DATA_KEYS.has(key) || (key === "examples" && Array.isArray(child))) continue;
        if (key === "$ref" && typeof child === "string") {
          visit(child, pointerOf({ parent: frame, key }));
          continue;
        }
      }
      if (child === null || typeof child !== "object") continue;
      const nameMap = !frame.nameMap && !Array.isArray(child) && NAME_MAPS.has(key);
      stack.push({ node: child, parent: frame, key, nameMap });
    }
  }
}

/** A position in a document as a chain of keys up to its root (whose key is not used). */
export interface PointerFrame {
  readonly parent: PointerFrame | undefined;
  readonly key: string | number;
}

/** The JSON pointer of a frame: `/paths/~1pets/get`; the empty string for the root itself. */
export function pointerOf(frame: PointerFrame): string {
  const parts: string[] = [];
  for (let f: PointerFrame | undefined = frame; f?.parent; f = f.parent) parts.push(encodeSegment(String(f.key)));
  return parts.length === 0 ? "" : "/" + parts.reverse().join("/");
}

/** Whether a local JSON pointer reference (`#/components/schemas/Pet`) names a value of the document. */
export function resolvesInternally(document: unknown, ref: string): boolean {
  const tokens = ref.startsWith("#/") ? pointerTokens(ref.slice(1)) : undefined;
  return tokens !== undefined && "value" in resolvePointer(document, tokens);
}

/** A `$ref` that does not resolve inside the document, and why. */
export interface RefProblem {
  /** JSON pointer of the `$ref` keyword. */
  pointer: string;
  ref: string;
  /** `outside`: another file or no URI at all; bundling is what brings those in. */
  kind: "outside" | "inside";
  message: string;
}

// `#name` names a schema by its `$anchor` (JSON Schema 2020-12: a plain name fragment).
const ANCHOR = /^#[A-Za-z_][-A-Za-z0-9._]*$/;

/**
 * Every `$ref` of the document that does not name something inside it. A document is
 * whole on its own: a reference must be a JSON pointer that resolves (`#/...`) or the name
 * of a `$anchor`. The empty reference and `#` (the whole document, never a schema or a
 * component), another file (`other.yaml#/x`), a URL and text that is no URI at all are
 * problems; `bundle` is how references to other files are brought in.
 */
export function unresolvedRefs(document: unknown): RefProblem[] {
  const problems: RefProblem[] = [];
  let anchors: Set<string> | undefined;
  forEachRef(document, (ref, pointer) => {
    let message: string | undefined;
    let outside = false;
    if (ref === "" || ref === "#") {
      message = `$ref "${ref}" points to the whole document, not to a component or schema in it`;
    } else if (ref.startsWith("#/")) {
      if (!resolvesInternally(document, ref)) message = `$ref "${ref}" points to nothing in the document`;
    } else if (ANCHOR.test(ref)) {
      anchors ??= anchorsOf(document);
      if (!anchors.has(ref.slice(1))) message = `$ref "${ref}" points to nothing in the document`;
    } else if (ref.startsWith("#")) {
      message = `$ref "${ref}" is neither a JSON pointer ("#/...") nor an anchor name ("#name")`;
    } else {
      outside = true;
      message = `$ref "${ref}" points outside the document; every $ref must resolve inside it (bundle other files in first)`;
    }
    if (message !== undefined) problems.push({ pointer, ref, kind: outside ? "outside" : "inside", message });
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
