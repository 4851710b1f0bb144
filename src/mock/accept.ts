/**
 * Content negotiation for the mock's answer (RFC 9110 section 12.5.1): the declared media
 * type the request's `Accept` ranks highest; without `Accept` (or with `*\/*`), JSON first,
 * then the document's order.
 */

interface Range {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
  /** More specific ranges win over less specific ones that also match. */
  readonly specificity: number;
}

function ranges(header: string): Range[] {
  const found: Range[] = [];
  for (const part of header.split(",")) {
    const [media = "", ...parameters] = part.split(";");
    const [type = "", subtype = ""] = media.trim().toLowerCase().split("/");
    if (type === "" || subtype === "") continue;
    let q = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.split("=");
      if (name?.trim().toLowerCase() === "q") q = Math.min(1, Math.max(0, Number(value) || 0));
    }
    found.push({ type, subtype, q, specificity: type === "*" ? 0 : subtype === "*" ? 1 : 2 });
  }
  return found;
}

/** The weight `Accept` gives a media type (its most specific matching range), 0 when none matches. */
function weight(media: string, accepted: readonly Range[]): number {
  const [type = "", rest = ""] = media.toLowerCase().split("/");
  const subtype = rest.split(";")[0]?.trim() ?? "";
  let best: Range | undefined;
  for (const range of accepted) {
    const matches = (range.type === "*" || range.type === type || type === "*") && (range.subtype === "*" || range.subtype === subtype || subtype === "*");
    if (matches && (best === undefined || range.specificity > best.specificity)) best = range;
  }
  return best?.q ?? 0;
}

export const isJsonMedia = (media: string) => {
  const type = media.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
};

/** The media type to answer with, or undefined when `Accept` admits none of `declared`. */
export function negotiate(declared: readonly string[], accept: string | null): string | undefined {
  const preferred = [...declared.filter(isJsonMedia), ...declared.filter((media) => !isJsonMedia(media))];
  if (accept === null || accept.trim() === "") return preferred[0];
  const accepted = ranges(accept);
  let best: string | undefined;
  let bestWeight = 0;
  for (const media of preferred) {
    const value = weight(media, accepted);
    if (value > bestWeight) [best, bestWeight] = [media, value];
  }
  return best;
}
