/** Text written as it is into a key (punctuation, an object's property name). */
class Raw {
  constructor(readonly text: string) {}
}

const COMMA = new Raw(",");
const CLOSE_ARRAY = new Raw("]");
const CLOSE_OBJECT = new Raw("}");

function scalar(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/**
 * A string equal for two JSON values exactly when JSON Schema calls them equal (object keys
 * in any order), built with an explicit stack.
 */
export function uniqueKey(value: unknown): string {
  if (value === null || typeof value !== "object") return scalar(value);
  let key = "";
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next instanceof Raw) key += next.text;
    else if (next === null || typeof next !== "object") key += scalar(next);
    else if (Array.isArray(next)) {
      key += "[";
      stack.push(CLOSE_ARRAY);
      for (let i = next.length - 1; i >= 0; i--) {
        stack.push(next[i]);
        if (i > 0) stack.push(COMMA);
      }
    } else {
      key += "{";
      const names = Object.keys(next).sort();
      stack.push(CLOSE_OBJECT);
      for (let i = names.length - 1; i >= 0; i--) {
        stack.push((next as Record<string, unknown>)[names[i] as string], new Raw(`${JSON.stringify(names[i])}:`));
        if (i > 0) stack.push(COMMA);
      }
    }
  }
  return key;
}
