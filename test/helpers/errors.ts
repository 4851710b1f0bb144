import { expect } from "vitest";
import { SpecloomError } from "specloom";

/** Runs `fn`, which must throw a SpecloomError, and returns it. */
export function catchError(fn: () => unknown): SpecloomError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SpecloomError);
    return error as SpecloomError;
  }
  throw new Error("expected a SpecloomError, but nothing was thrown");
}
