/** Response keys: status codes, ranges and `default`, with the descriptions used when none is given. */

const REASON_PHRASES: Record<string, string> = {
  100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints",
  200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
  205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used",
  300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
  305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
  400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
  405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout",
  409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
  414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
  418: "I'm a teapot", 421: "Misdirected Request", 422: "Unprocessable Content", 423: "Locked",
  424: "Failed Dependency", 425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required",
  429: "Too Many Requests", 431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
  500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
  504: "Gateway Timeout", 505: "HTTP Version Not Supported", 506: "Variant Also Negotiates",
  507: "Insufficient Storage", 508: "Loop Detected", 510: "Not Extended", 511: "Network Authentication Required",
  "1XX": "Informational", "2XX": "Success", "3XX": "Redirection", "4XX": "Client Error", "5XX": "Server Error",
  default: "Default response",
};

/** `200`, `"200"`, `"2xx"`, `"default"` to the OpenAPI key (`"200"`, `"2XX"`, `"default"`); undefined if not a status key. */
export function normaliseStatusKey(key: string): string | undefined {
  if (key === "default") return key;
  // By character, not by pattern: every key of every route comes through here.
  if (key.length !== 3 || !isCode(key.charCodeAt(0), ONE, FIVE)) return undefined;
  const tens = key.charCodeAt(1);
  const units = key.charCodeAt(2);
  if (isCode(tens, ZERO, NINE) && isCode(units, ZERO, NINE)) return key;
  if ((tens | 32) === LOWER_X && (units | 32) === LOWER_X) return key.toUpperCase();
  return undefined;
}

const [ZERO, ONE, FIVE, NINE, LOWER_X] = ["0", "1", "5", "9", "x"].map((c) => c.charCodeAt(0)) as [number, number, number, number, number];

function isCode(code: number, from: number, to: number): boolean {
  return code >= from && code <= to;
}

/** True for keys that look like a status code but are outside 100-599 (`"600"`, `"99"`). */
export function looksLikeStatus(key: string): boolean {
  return /^\d+$/.test(key) || /^\dxx$/i.test(key);
}

export function reasonPhrase(status: string): string {
  return REASON_PHRASES[status] ?? `Response ${status}`;
}

/** Labels and name suffixes of normalised status keys (a few hundred at most), made once each. */
const labels = new Map<string, string>();
const suffixes = new Map<string, string>();

/** `statusLabel` of a key `normaliseStatusKey` returned. */
export function responseLabel(status: string): string {
  let label = labels.get(status);
  if (label === undefined) labels.set(status, (label = statusLabel(status)));
  return label;
}

/** What names derived from a response end with: `Response404`, `ResponseDefault`. */
export function responseNameSuffix(status: string): string {
  let suffix = suffixes.get(status);
  if (suffix === undefined) suffixes.set(status, (suffix = `Response${status === "default" ? "Default" : status}`));
  return suffix;
}

/** A status key as it appears in a location: `[404]`, `["4XX"]`, `["default"]`. */
export function statusLabel(key: string): string {
  return /^\d+$/.test(key) ? `[${key}]` : `[${JSON.stringify(key)}]`;
}

/** The responses of a 3.0 operation that declares none (3.0 requires the field). */
export function defaultResponses(): { default: { description: string } } {
  return { default: { description: reasonPhrase("default") } };
}
