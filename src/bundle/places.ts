import { pointerFromTokens, pointerTokens } from "../internal/json-pointer";
import type { PointerFrame } from "../internal/refs";

/** Where a reference points: a document and the tokens of the JSON Pointer into it. */
export interface Place {
  readonly url: string;
  readonly tokens: readonly string[];
}

/** The document and JSON Pointer a reference names, relative to the file it is in. */
export function locate(ref: string, base: string): Place | undefined {
  let target: URL;
  try {
    target = new URL(ref, base);
  } catch {
    return undefined;
  }
  const tokens = pointerTokens(target.hash.slice(1));
  target.hash = "";
  return tokens === undefined ? undefined : { url: target.href, tokens };
}

/**
 * What identifies a reference's target for a section (`inline` for a path item put in its
 * place): one component per file and fragment, however the `$ref`s that reach it are written.
 */
export function targetKey(section: string, place: Place): string {
  return `${section}\n${place.url}#${pointerFromTokens(place.tokens)}`;
}

/** The frame of the value at `tokens` in its file, for the pointers of `$ref`s below it. */
export function frameOf(tokens: readonly string[]): PointerFrame {
  let frame: PointerFrame = { parent: undefined, key: "" };
  for (const token of tokens) frame = { parent: frame, key: token };
  return frame;
}

/** A file read as data (JSON or YAML) where an extension refers to it, by its extension as Redocly decides. */
export function isDataFile(url: string): boolean {
  return /\.(json|ya?ml)$/i.test(new URL(url).pathname);
}
