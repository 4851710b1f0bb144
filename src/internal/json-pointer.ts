import { getOwn, hasOwn, isObject } from "./own";

/**
 * JSON Pointer (RFC 6901) as `$ref` fragments carry it: segments encoded and decoded
 * (`~1` is `/`, `~0` is `~`, and a fragment's percent-escapes), and the value a pointer names.
 */

/** A JSON pointer segment, as a name: `~1` is `/`, `~0` is `~`, percent-escapes decoded. */
export function decodeSegment(raw: string): string | undefined {
  let text = raw;
  if (raw.includes("%")) {
    try {
      text = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return text.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** A name as a JSON pointer segment: `/` is `~1`, `~` is `~0`. */
export function encodeSegment(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The tokens of a JSON Pointer fragment (`#/a~1b/0` is `["a/b", "0"]`), or undefined if it is not one. */
export function pointerTokens(fragment: string): string[] | undefined {
  if (fragment === "") return [];
  if (!fragment.startsWith("/")) return undefined;
  const tokens: string[] = [];
  for (const raw of fragment.slice(1).split("/")) {
    const token = decodeSegment(raw);
    if (token === undefined) return undefined;
    tokens.push(token);
  }
  return tokens;
}

/** The JSON Pointer of `tokens` (`["a/b", "0"]` is `/a~1b/0`): `""` is the whole document, `"/"` its member named "". */
export function pointerFromTokens(tokens: readonly string[]): string {
  let pointer = "";
  for (const token of tokens) pointer += "/" + encodeSegment(token);
  return pointer;
}

/** The value at `tokens` in `document`, or the first token that names nothing. */
export function resolvePointer(document: unknown, tokens: readonly string[]): { value: unknown } | { missing: number } {
  let node = document;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token) && Number(token) < node.length) node = node[Number(token)];
    else if (isObject(node) && !Array.isArray(node) && hasOwn(node, token)) node = getOwn(node, token);
    else return { missing: i };
  }
  return { value: node };
}
