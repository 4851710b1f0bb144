/**
 * The `Prefer` request header (RFC 7240) as the mock reads it: `code=404`, `example=cat`,
 * `dynamic=true`, comma-separated or in repeated headers, names case-insensitive, values
 * plain or quoted. Preferences the mock does not know are ignored, as RFC 7240 asks; a
 * known one with a value it cannot use is an error for the client to see.
 */

export interface Preferences {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
}

export type PreferOutcome = { readonly preferences: Preferences } | { readonly invalid: string };

/** `"a\"b"` to `a"b`; a token as it is. */
function unquoted(value: string): string {
  const text = value.trim();
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return text;
  return text.slice(1, -1).replace(/\\(.)/g, "$1");
}

/** Splits on `separator` outside double quotes. Linear in the header's length. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "\\" && quoted) i++;
    else if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

export function readPrefer(header: string | null): PreferOutcome {
  if (header === null) return { preferences: {} };
  const found: { code?: number; example?: string; dynamic?: boolean } = {};
  for (const preference of splitOutsideQuotes(header, ",")) {
    // Parameters after ";" belong to the preference; the mock's take none.
    const [pair = ""] = splitOutsideQuotes(preference, ";");
    const equals = pair.indexOf("=");
    const name = (equals === -1 ? pair : pair.slice(0, equals)).trim().toLowerCase();
    const value = equals === -1 ? "" : unquoted(pair.slice(equals + 1));
    if (name === "code") {
      if (!/^[1-5]\d\d$/.test(value)) return { invalid: `Prefer: code=${value} is not an HTTP status code (100 to 599)` };
      found.code = Number(value);
    } else if (name === "example") {
      if (value === "") return { invalid: "Prefer: example= names no example" };
      found.example = value;
    } else if (name === "dynamic") {
      if (value !== "true" && value !== "false" && value !== "") return { invalid: `Prefer: dynamic=${value} is neither true nor false` };
      found.dynamic = value !== "false";
    }
  }
  return { preferences: found };
}

/** The `Preference-Applied` header (RFC 7240 section 3): the preferences the answer honoured. */
export function preferenceApplied(preferences: Preferences): string | undefined {
  const applied: string[] = [];
  if (preferences.code !== undefined) applied.push(`code=${preferences.code}`);
  if (preferences.example !== undefined) applied.push(`example=${/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(preferences.example) ? preferences.example : JSON.stringify(preferences.example)}`);
  if (preferences.dynamic !== undefined) applied.push(`dynamic=${preferences.dynamic}`);
  return applied.length === 0 ? undefined : applied.join(", ");
}
