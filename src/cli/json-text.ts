/**
 * The text `JSON.stringify(value, null, 2)` gives, in pieces, never as one string: a
 * document whose pretty JSON is longer than the longest string JavaScript can hold is
 * still written. One iterative walk (documents can be deep), the same bytes as
 * JSON.stringify: `toJSON`, boxed primitives, `undefined` and functions left out of
 * objects and `null` in arrays, non-finite numbers as `null`.
 */
import { CliError } from "./errors";

/** How long a piece grows before it is handed out (characters). */
const PIECE = 1 << 20;

interface Frame {
  readonly node: object;
  readonly keys: readonly string[] | undefined;
  readonly count: number;
  readonly indent: string;
  index: number;
  /** Whether a member was written, and with it the opening bracket. */
  started: boolean;
}

/**
 * The pretty JSON of `value` in pieces of about `size` characters; with `step` "" the
 * compact JSON (`JSON.stringify(value)`), which a deep document needs (its indentation
 * would grow with the square of its depth).
 */
export function* prettyJsonPieces(value: unknown, size = PIECE, step = "  "): Generator<string> {
  const newline = step === "" ? "" : "\n";
  const colon = step === "" ? ":" : ": ";
  let out = "";
  const stack: Frame[] = [];
  const ancestors = new Set<object>();
  const open = (child: unknown, indent: string): void => {
    if (child === null || typeof child !== "object") {
      out += leaf(child);
      return;
    }
    if (ancestors.has(child)) throw new CliError("the document contains itself (a circular reference), which JSON cannot hold");
    ancestors.add(child);
    const keys = Array.isArray(child) ? undefined : Object.keys(child);
    stack.push({ node: child, keys, count: keys ? keys.length : (child as unknown[]).length, indent, index: 0, started: false });
  };

  open(toJsonValue(value, ""), "");
  while (stack.length > 0) {
    if (out.length >= size) {
      yield out;
      out = "";
    }
    const frame = stack[stack.length - 1] as Frame;
    const array = frame.keys === undefined;
    if (frame.index >= frame.count) {
      out += frame.started ? `${newline}${frame.indent}${array ? "]" : "}"}` : array ? "[]" : "{}";
      ancestors.delete(frame.node);
      stack.pop();
      continue;
    }
    const index = frame.index++;
    const inner = `${frame.indent}${step}`;
    const key = array ? String(index) : (frame.keys?.[index] as string);
    const child = toJsonValue((frame.node as Record<string, unknown>)[key], key);
    if (!array && isLeftOut(child)) continue;
    out += `${frame.started ? "," : array ? "[" : "{"}${newline}${inner}${array ? "" : `${JSON.stringify(key)}${colon}`}`;
    frame.started = true;
    if (isLeftOut(child)) out += "null";
    else open(child, inner);
  }
  if (out !== "") yield out;
}

/** What JSON.stringify writes for a value: its `toJSON()`, a boxed primitive's value. */
function toJsonValue(value: unknown, key: string): unknown {
  let result = value;
  if (result !== null && (typeof result === "object" || typeof result === "bigint")) {
    const toJSON = (result as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") result = (toJSON as (key: string) => unknown).call(result, key);
  }
  if (result instanceof Number) return Number(result);
  if (result instanceof String) return String(result);
  if (result instanceof Boolean) return result.valueOf();
  return result;
}

function isLeftOut(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/** null, a boolean, a number or a string, as JSON (a bigint throws, as in JSON.stringify). */
function leaf(value: unknown): string {
  return JSON.stringify(value) ?? "null";
}
