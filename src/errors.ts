/** The five failure kinds of SPEC.md section 7. */
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
    return value !== null && typeof value === "object" && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  override readonly name = "SpecloomError";
  readonly code: SpecloomErrorCode;
  readonly location: string;
  /** From merge: every conflict it found, in SPEC.md 4.2's table order; the error's code and location are the first's. */
  declare readonly conflicts?: readonly MergeConflict[];

  constructor(code: SpecloomErrorCode, location: string, detail: string, options?: { cause?: unknown; conflicts?: readonly MergeConflict[] }) {
    super(location ? `${location}: ${detail}` : detail, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.location = location;
    if (options?.conflicts !== undefined) Object.defineProperty(this, "conflicts", { value: options.conflicts, enumerable: true });
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** A short description of a value for error messages: `a string`, `an array`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
    const name = proto?.constructor?.name;
    return name && name !== "Object" ? `an instance of ${name}` : "an object";
  }
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  if (typeof value === "undefined") return "undefined";
  return `${/^[aeiou]/.test(typeof value) ? "an" : "a"} ${typeof value} (${String(value)})`;
}
