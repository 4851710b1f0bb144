/**
 * Content codings (RFC 9110 section 8.4.1, 12.5.3): which one a request accepts, and which
 * this runtime can produce with CompressionStream.
 */

export type ContentCoding = "br" | "gzip";

/** The codings CompressionStream can produce here, best first: `br` only where the runtime has it. */
function availableCodings(): readonly ContentCoding[] {
  if (typeof CompressionStream !== "function") return [];
  const codings: ContentCoding[] = [];
  for (const coding of ["br", "gzip"] as const) {
    try {
      // Typed as the formats every runtime has; "br" is tried, and refused where unknown.
      new CompressionStream(coding as "gzip");
      codings.push(coding);
    } catch {
      // This runtime does not know the format.
    }
  }
  return codings;
}

let available: readonly ContentCoding[] | undefined;

/** `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Tested once per process, on first use. */
export function runtimeCodings(): readonly ContentCoding[] {
  available ??= availableCodings();
  return available;
}

/**
 * The coding to answer `Accept-Encoding` with, or undefined for the identity: the first of
 * `codings` the header gives a non-zero q-value, by name or by `*` (RFC 9110 12.5.3).
 */
export function chooseCoding(acceptEncoding: string | null, codings: readonly ContentCoding[]): ContentCoding | undefined {
  if (acceptEncoding === null || codings.length === 0) return undefined;
  const weights = new Map<string, number>();
  for (const member of acceptEncoding.split(",")) {
    const semicolon = member.indexOf(";");
    const coding = (semicolon === -1 ? member : member.slice(0, semicolon)).trim().toLowerCase();
    if (coding !== "") weights.set(coding, semicolon === -1 ? 1 : weightOf(member.slice(semicolon + 1)));
  }
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of codings) {
    const weight = weights.get(coding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * The q-value among a member's parameters (`q=0.5`), 1 without one. Each parameter is cut
 * at its `=` and trimmed, so the work is one pass (a regular expression with a lazy group
 * before optional whitespace was quadratic in a whitespace run).
 */
function weightOf(parameters: string): number {
  let q = 1;
  for (const parameter of parameters.split(";")) {
    const equals = parameter.indexOf("=");
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== "q") continue;
    const value = parameter.slice(equals + 1).trim();
    // A q-value that is not one (RFC 9110 12.4.2) accepts nothing: sending the identity is the safe side.
    q = QVALUE.test(value) ? Number(value) : 0;
  }
  return q;
}

/** The bytes compressed with `coding`, read whole (done once per body, then kept). */
export async function compress(bytes: Uint8Array, coding: ContentCoding): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream(coding as "gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
