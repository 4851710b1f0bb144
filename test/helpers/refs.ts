/**
 * `$ref` walks for tests and the benchmark checks, written independently of
 * src/internal/refs.ts so the library is not checked with its own code. No vitest import:
 * bench/ runs these outside the test runner.
 */

/** Every `$ref` string in a tree, iteratively. */
export function refsOf(root: unknown): string[] {
  const refs: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") refs.push(value);
      else stack.push(value);
    }
  }
  return refs;
}

/** Every `$ref` string in the tree whose JSON pointer does not resolve in `document`. */
export function danglingRefs(document: unknown): string[] {
  let anchors: Set<string> | undefined;
  return refsOf(document).filter((ref) => {
    // `#name`: the schema declaring `$anchor: "name"` (JSON Schema 2020-12 "plain name fragment").
    if (/^#[A-Za-z_][-A-Za-z0-9._]*$/.test(ref)) return !(anchors ??= anchorsOf(document)).has(ref.slice(1));
    return !resolves(document, ref);
  });
}

/** Every `$anchor` and `$dynamicAnchor` name in a tree. */
export function anchorsOf(root: unknown): Set<string> {
  const names = new Set<string>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node)) {
      if ((key === "$anchor" || key === "$dynamicAnchor") && typeof value === "string") names.add(value);
      else stack.push(value);
    }
  }
  return names;
}

export function resolves(document: unknown, ref: string): boolean {
  if (!ref.startsWith("#/")) return false;
  let node: unknown = document;
  for (const part of ref.slice(2).split("/")) {
    const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}
