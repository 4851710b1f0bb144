/**
 * One text per JSON value, equal for values JSON Schema calls equal (object keys in any
 * order): for finding duplicates in one pass with a Set instead of comparing every pair.
 * Iterative, so a deep value does not exhaust the stack.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  // Work items: a value to write, or a literal piece of text (a separator or a closing bracket).
  const stack: ({ text: string } | { value: unknown })[] = [{ value }];
  while (stack.length > 0) {
    const item = stack.pop() as { text: string } | { value: unknown };
    if ("text" in item) {
      parts.push(item.text);
      continue;
    }
    const current = item.value;
    if (current === null || typeof current !== "object") {
      parts.push(JSON.stringify(current) ?? "null");
      continue;
    }
    const isArray = Array.isArray(current);
    const keys = isArray ? undefined : Object.keys(current).sort();
    const length = isArray ? current.length : (keys as string[]).length;
    parts.push(isArray ? "[" : "{");
    stack.push({ text: isArray ? "]" : "}" });
    for (let index = length - 1; index >= 0; index--) {
      if (isArray) stack.push({ value: (current as unknown[])[index] });
      else {
        const key = (keys as string[])[index] as string;
        stack.push({ value: (current as Record<string, unknown>)[key] });
        stack.push({ text: `${JSON.stringify(key)}:` });
      }
      if (index > 0) stack.push({ text: "," });
    }
  }
  return parts.join("");
}
