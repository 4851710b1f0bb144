/** Something a request holds that cannot be read as its route says it is written. */
export class Malformed {
  constructor(readonly message: string) {}
}

/** `%XX` decoded (UTF-8); a broken escape is Malformed, not an exception. */
export function percentDecode(text: string): string | Malformed {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return new Malformed(`${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text)} is not valid percent-encoding`);
  }
}

/** A form value (`application/x-www-form-urlencoded`, a query): `+` is a space, then `%XX`. */
export function formDecode(text: string): string | Malformed {
  return percentDecode(text.includes("+") ? text.replaceAll("+", " ") : text);
}

/**
 * A query string as its pairs, keys form-decoded, values as written (decoded per parameter:
 * `allowReserved` keeps a `+`). Keys are data in a Map: `__proto__` is a name like any.
 * One pass, linear in the string's length.
 */
export function queryPairs(search: string): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  const text = search.startsWith("?") ? search.slice(1) : search;
  if (text === "") return pairs;
  for (const part of text.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const rawKey = equals === -1 ? part : part.slice(0, equals);
    const decoded = formDecode(rawKey);
    const key = decoded instanceof Malformed ? rawKey : decoded;
    const value = equals === -1 ? "" : part.slice(equals + 1);
    const list = pairs.get(key);
    if (list === undefined) pairs.set(key, [value]);
    else list.push(value);
  }
  return pairs;
}

/** `a=1; b=2` to its pairs (a repeated name keeps every value, in order). */
export function cookiePairs(header: string | null): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  if (header === null) return pairs;
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim();
    const value = part.slice(equals + 1).trim();
    const list = pairs.get(name);
    if (list === undefined) pairs.set(name, [value]);
    else list.push(value);
  }
  return pairs;
}
