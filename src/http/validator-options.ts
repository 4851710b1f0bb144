import { SpecloomError, describeValue } from "../errors";
import { isPlainObject } from "../internal/own";
import { DEPTH_LIMIT } from "./json-depth";
import type { RequestValidatorOptions } from "./types";

/** How a body is read: the options with their defaults. */
export interface BodyRules {
  /** Bytes. */
  readonly limit: number;
  /** Arrays and objects inside each other, in a JSON body. */
  readonly depth: number;
  /** Milliseconds to read the whole body; 0: no limit. */
  readonly timeout: number;
}

/** Each option: its default, and what a valid value is (a whole number at least `min`). */
const OPTIONS = {
  bodyLimit: { default: 1024 * 1024, min: 0, unit: "bytes" },
  depthLimit: { default: DEPTH_LIMIT, min: 1, unit: "levels" },
  bodyTimeout: { default: 60_000, min: 0, unit: "milliseconds" },
} as const;

type OptionName = keyof typeof OPTIONS;

/** requestValidator's options, checked at once: a wrong one is a SpecloomError naming it. */
export function bodyRules(options: RequestValidatorOptions): BodyRules {
  const names = Object.keys(OPTIONS) as OptionName[];
  if (!isPlainObject(options)) throw new SpecloomError("INVALID_DEFINITION", "requestValidator options", `expected { ${names.map((name) => `${name}?`).join(", ")} }, found ${describeValue(options)}`);
  for (const key of Object.keys(options)) {
    if (!names.includes(key as OptionName)) throw new SpecloomError("INVALID_DEFINITION", `requestValidator options.${key}`, `unknown option (expected ${names.join(", ")})`);
  }
  const read = (name: OptionName): number => {
    const { default: fallback, min, unit } = OPTIONS[name];
    const value: unknown = options[name] ?? fallback;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
      throw new SpecloomError("INVALID_DEFINITION", `requestValidator options.${name}`, `expected a whole number of ${unit}, ${min} or more, found ${describeValue(value)}`);
    }
    return value;
  };
  return { limit: read("bodyLimit"), depth: read("depthLimit"), timeout: read("bodyTimeout") };
}
