/** The five failure kinds (docs/errors.md). */
export type SpecloomErrorCode =
  | "INVALID_ROUTE_KEY"
  | "DUPLICATE_PATH"
  | "DUPLICATE_SCHEMA"
  | "INVALID_DEFINITION"
  | "SCHEMA_RESOLUTION_FAILED";

/**
 * One conflict between documents that merge found (`SpecloomError.conflicts`): the same
 * fields as the SpecloomError it would be on its own.
 */
export interface MergeConflict {
  readonly code: "DUPLICATE_PATH" | "DUPLICATE_SCHEMA";
  readonly location: string;
  /** Starts with `location`, as a SpecloomError's message does. */
  readonly message: string;
}

/**
 * Marks every SpecloomError, whichever copy of this module made it: the ESM and CommonJS
 * builds (or two installed versions) each have their own class, and `instanceof` must hold
 * across them.
 */
const BRAND = Symbol.for("specloom.error");

/**
 * Every failure a caller can cause. `message` starts with where it happened
 * (`paths["GET /users/{id}"][200]: ...`); `location` holds that part alone.
 */
export class SpecloomError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (value === null || typeof value !== "object") return false;
    try {
      return Object.getOwnPropertyDescriptor(value, BRAND)?.value === true;
    } catch {
      return false; // A Proxy whose traps throw is no SpecloomError.
    }
  }

  override readonly name = "SpecloomError";
  readonly code: SpecloomErrorCode;
  readonly location: string;
  /** From merge: every conflict it found, in the order of docs/merge.md's rules; the error's code and location are the first's. */
  declare readonly conflicts?: readonly MergeConflict[];

  constructor(code: SpecloomErrorCode, location: string, detail: string, options?: { cause?: unknown; conflicts?: readonly MergeConflict[] }) {
    super(location ? `${location}: ${detail}` : detail, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.location = location;
    if (options?.conflicts !== undefined) Object.defineProperty(this, "conflicts", { value: options.conflicts, enumerable: true });
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/**
 * A short description of a value for error messages: `a string`, `an array`, `null`. Never
 * runs the value's own code (`toString`, getters, Proxy traps may throw or lie): what it
 * cannot read safely it describes by kind.
 */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "object") return describeObject(value);
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  if (typeof value === "undefined") return "undefined";
  // String() of a symbol, number, bigint or boolean runs no user code; a function's own
  // toString may be replaced, Function.prototype.toString cannot.
  const text = typeof value === "function" ? functionText(value) : String(value);
  return `${/^[aeiou]/.test(typeof value) ? "an" : "a"} ${typeof value} (${text})`;
}

function describeObject(value: object): string {
  try {
    if (Array.isArray(value)) return "an array";
    const proto = Object.getPrototypeOf(value) as object | null;
    const constructor = proto === null ? undefined : Object.getOwnPropertyDescriptor(proto, "constructor")?.value;
    const name = typeof constructor === "function" ? Object.getOwnPropertyDescriptor(constructor, "name")?.value : undefined;
    return typeof name === "string" && name !== "" && name !== "Object" ? `an instance of ${name}` : "an object";
  } catch {
    return "an object"; // A revoked Proxy, or a Proxy whose traps throw.
  }
}

function functionText(fn: unknown): string {
  try {
    const text = Function.prototype.toString.call(fn).replace(/\s+/g, " ");
    return text.length > 60 ? text.slice(0, 60) + "…" : text;
  } catch {
    return "function";
  }
}

/**
 * What a caller's code threw, for a message: an Error's message, a thrown string as it is,
 * anything else described by `describeValue` (`Object.create(null)`, a Symbol, an object
 * whose `toString` throws). Never throws itself.
 */
export function describeThrown(thrown: unknown): string {
  if (typeof thrown === "string") return thrown;
  try {
    if (thrown instanceof Error || (typeof thrown === "object" && thrown !== null && Object.getPrototypeOf(thrown) === Object.prototype)) {
      const message = Object.getOwnPropertyDescriptor(thrown, "message")?.value ?? (thrown instanceof Error ? thrown.message : undefined);
      if (typeof message === "string" && message !== "") return message;
    }
  } catch {
    // A getter or Proxy trap that throws: described by kind below.
  }
  return describeValue(thrown);
}
