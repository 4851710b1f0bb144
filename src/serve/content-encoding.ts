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
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (coding === "") continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*(.*?)\s*$/i.exec(parameter);
      // A q-value that is not one (RFC 9110 12.4.2) accepts nothing: sending the identity is the safe side.
      if (match) q = QVALUE.test(match[1] as string) ? Number(match[1]) : 0;
    }
    weights.set(coding, q);
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

/** The bytes compressed with `coding`, read whole (done once per body, then kept). */
export async function compress(bytes: Uint8Array, coding: ContentCoding): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream(coding as "gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
