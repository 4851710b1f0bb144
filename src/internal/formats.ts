/**
 * The string formats the OpenAPI schemas require of a few fields (`uri-reference` for every
 * URL field, `email` for `contact.email`), checked when a caller's object is copied so a
 * document never fails the official validator on them. Written from RFC 3986 and the
 * common dot-atom form of an address; test/core/formats.test.ts compares both with the
 * validator's own format checks.
 */

/** Characters RFC 3986 allows anywhere in a URI reference (`%` only as `%XX`, `[` `]` only in a host). */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]%]*$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const PORT = /^[0-9]*$/;
const IP_LITERAL = /^\[[0-9A-Fa-f:.]+\]$|^\[v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+\]$/;

/** RFC 3986 URI-reference: an absolute URI (`https://a/b`) or a relative reference (`../b?q#f`). */
export function isUriReference(value: string): boolean {
  if (!URI_CHARACTERS.test(value) || BAD_PERCENT.test(value)) return false;
  const hash = value.indexOf("#");
  if (hash !== -1 && value.indexOf("#", hash + 1) !== -1) return false;
  // Scheme: text before the first ":" that comes before any "/", "?" or "#".
  let rest = value;
  const end = firstOf(value, "/?#");
  const colon = value.indexOf(":");
  if (colon !== -1 && colon < end) {
    if (!SCHEME.test(value.slice(0, colon))) return false;
    rest = value.slice(colon + 1);
  }
  const beforeQuery = rest.slice(0, firstOf(rest, "?#"));
  let path = beforeQuery;
  if (beforeQuery.startsWith("//")) {
    const authorityEnd = beforeQuery.indexOf("/", 2);
    const authority = beforeQuery.slice(2, authorityEnd === -1 ? undefined : authorityEnd);
    if (!isAuthority(authority)) return false;
    path = authorityEnd === -1 ? "" : beforeQuery.slice(authorityEnd);
  }
  // Brackets belong to an IPv6 host only.
  return !/[[\]]/.test(path) && !/[[\]]/.test(rest.slice(beforeQuery.length));
}

function isAuthority(authority: string): boolean {
  const at = authority.lastIndexOf("@");
  if (at !== -1 && /[@[\]]/.test(authority.slice(0, at))) return false;
  const hostPort = authority.slice(at + 1);
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    if (close === -1 || !IP_LITERAL.test(hostPort.slice(0, close + 1))) return false;
    const after = hostPort.slice(close + 1);
    return after === "" || (after.startsWith(":") && PORT.test(after.slice(1)));
  }
  if (/[[\]]/.test(hostPort)) return false;
  const colon = hostPort.indexOf(":");
  return colon === -1 || PORT.test(hostPort.slice(colon + 1));
}

function firstOf(text: string, characters: string): number {
  for (let i = 0; i < text.length; i++) if (characters.includes(text[i] as string)) return i;
  return text.length;
}

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** An address `local@example.com`: a dot-atom local part and a domain of two or more labels. */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf("@");
  if (at <= 0) return false;
  const labels = value.slice(at + 1).split(".");
  return LOCAL_PART.test(value.slice(0, at)) && labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label));
}
