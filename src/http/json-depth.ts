const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when JSON text nests arrays and objects inside each other more than `limit` deep.
 * Read before the text is parsed, so a body too deep for a recursive schema (whose
 * `validate` recurses per level) never reaches one. One pass without recursion; strings
 * are skipped whole, so a bracket inside one does not count. Malformed text is answered
 * as far as it goes: `JSON.parse` then says what is wrong with it.
 */
export function nestsDeeper(text: string, limit: number): boolean {
  // Each level opens with a character of its own.
  if (text.length <= limit) return false;
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      at = stringEnd(text, at);
      if (at === -1) return false;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** Where the string opened at `open` closes: the next quote not escaped; -1 when none is. */
function stringEnd(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  while (close !== -1 && escaped(text, close)) close = text.indexOf('"', close + 1);
  return close;
}

/** An odd run of backslashes before `at` escapes it. Each run is counted once, for the quote after it. */
function escaped(text: string, at: number): boolean {
  let count = 0;
  while (text.charCodeAt(at - 1 - count) === BACKSLASH) count++;
  return count % 2 === 1;
}
