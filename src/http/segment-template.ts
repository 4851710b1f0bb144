/**
 * One templated path segment (`{id}`, `{name}:cancel`, `{z}-{x}-{y}.png`): its literal text
 * and parameters, matched against a request's segment in one left-to-right pass.
 */
export interface SegmentTemplate {
  /** The text before the first parameter. */
  readonly prefix: string;
  readonly names: readonly string[];
  /** The text after each parameter, in order: the last is the segment's suffix (often ""). */
  readonly literals: readonly string[];
}

/** The segment as written when it has no parameter, else its template. */
export function segmentTemplate(segment: string): string | SegmentTemplate {
  const open = segment.indexOf("{");
  if (open === -1) return segment;
  const names: string[] = [];
  const literals: string[] = [];
  let at = open;
  while (at !== -1) {
    const close = segment.indexOf("}", at);
    names.push(segment.slice(at + 1, close));
    const next = segment.indexOf("{", close);
    literals.push(segment.slice(close + 1, next === -1 ? segment.length : next));
    at = next;
  }
  return { prefix: segment.slice(0, open), names, literals };
}

/**
 * Puts the raw text of each parameter of `template` into `into`, or answers false when
 * `text` does not fit. Each parameter takes at least one character; one followed by text
 * takes the least it can (up to that text's first occurrence), the last takes what is left
 * before the suffix. The first occurrence is never the wrong choice: whatever a later one
 * leaves the parameters after it, an earlier one leaves them at least as much. So there is
 * no backtracking, and the work is one pass over `text`, however many parameters there are.
 */
export function matchSegment(template: SegmentTemplate, text: string, into: Map<string, string>): boolean {
  const { prefix, names, literals } = template;
  if (!text.startsWith(prefix)) return false;
  const suffix = literals[literals.length - 1] as string;
  const end = text.length - suffix.length;
  if (end <= prefix.length || !text.endsWith(suffix)) return false;
  const values: string[] = [];
  let start = prefix.length;
  for (let i = 0; i < names.length - 1; i++) {
    const literal = literals[i] as string;
    const found = text.indexOf(literal, start + 1);
    // The literal must end before the last parameter's first character, which comes before the suffix.
    if (found === -1 || found + literal.length >= end) return false;
    values.push(text.slice(start, found));
    start = found + literal.length;
  }
  values.push(text.slice(start, end));
  names.forEach((name, index) => into.set(name, values[index] as string));
  return true;
}
