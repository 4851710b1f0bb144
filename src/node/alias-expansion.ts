/**
 * The size a YAML document's aliases give it once written out, and the refusal of one that
 * grows far beyond its text (the "billion laughs" a parser's alias-count limit still lets
 * through by repeating one large node).
 */

/** How many times its own size a YAML document may grow by its aliases (with at least this many bytes). */
const EXPANSION = 10;
const EXPANSION_FLOOR = 1024 * 1024;

/**
 * A YAML alias repeats the node it names wherever it is used: the parsed value shares it,
 * but every copy a bundle or a JSON text writes is whole, so a small file can become
 * gigabytes. One that would grow more than ten times its size is refused before that.
 */
export function refuseExpansion(value: unknown, textLength: number): void {
  const expanded = expandedLength(value);
  if (expanded <= Math.max(EXPANSION * textLength, EXPANSION_FLOOR)) return;
  throw new Error(`its YAML aliases would make it about ${(expanded / 1e6).toFixed(1)} MB, more than ${EXPANSION} times its own ${Math.ceil(textLength / 1024)} KB; write what they repeat once, as a component, and $ref it`);
}

/**
 * About how long the JSON of `root` is with every shared node written out, in one walk over
 * the distinct nodes (each one's length kept), however often aliases repeat them. A node
 * inside itself counts once (it is refused where it is used).
 */
function expandedLength(root: unknown): number {
  if (root === null || typeof root !== "object") return scalarLength(root);
  const lengths = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: { node: object; values: unknown[]; next: number; total: number }[] = [];
  const enter = (node: object) => {
    let total = 2;
    if (!Array.isArray(node)) for (const key of Object.keys(node)) total += key.length + 3;
    onPath.add(node);
    stack.push({ node, values: Object.values(node), next: 0, total });
  };
  enter(root);
  let result = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (top.next < top.values.length) {
      const child = top.values[top.next++];
      if (child === null || typeof child !== "object") top.total += scalarLength(child) + 1;
      else if (lengths.has(child)) top.total += (lengths.get(child) as number) + 1;
      else if (!onPath.has(child)) enter(child);
      continue;
    }
    stack.pop();
    onPath.delete(top.node);
    lengths.set(top.node, top.total);
    const parent = stack[stack.length - 1];
    if (parent) parent.total += top.total + 1;
    else result = top.total;
  }
  return result;
}

function scalarLength(value: unknown): number {
  return typeof value === "string" ? value.length + 2 : String(value).length;
}
