/** How deep a JSON body may nest (objects and arrays) by default: recursive schemas recurse once per level. */
export const DEPTH_LIMIT = 128;

/**
 * True when a parsed JSON value nests arrays and objects inside each other more than `limit`
 * deep, so that a body too deep for a recursive schema (whose `validate` recurses per level)
 * never reaches one. `text` is what the value was parsed from: with at most `limit` opening
 * brackets in it (a few native searches), the value cannot be deeper, and that is all most
 * bodies cost; otherwise the value is walked with an explicit stack.
 */
export function nestsDeeper(text: string, value: unknown, limit: number): boolean {
  return !fewBrackets(text, limit) && deeper(value, limit);
}

function fewBrackets(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of ["[", "{"]) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) if (++count > limit) return false;
  }
  return true;
}

function deeper(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== "object") continue;
    if (depth > limit) return true;
    // JSON.parse makes plain arrays and objects with own, enumerable keys only.
    for (const child of Object.values(item)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}
