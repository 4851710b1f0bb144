/** How deep a body may nest (objects and arrays) before it is refused unjudged: recursive schemas recurse once per level. */
export const DEPTH_LIMIT = 128;

/** Whether a parsed value nests deeper than `limit` levels (an explicit stack, so any depth is safe to ask about). */
export function deeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== "object") return false;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === "object") stack.push([item, depth + 1]);
    } else {
      for (const key of Object.keys(node as object)) {
        const item = (node as Record<string, unknown>)[key];
        if (item !== null && typeof item === "object") stack.push([item, depth + 1]);
      }
    }
  }
  return false;
}
