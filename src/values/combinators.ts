/**
 * fast-check combinators over lists of any length: its own take arguments, and a schema's
 * properties or enum values are user-sized, so nothing here spreads a whole list into a call.
 */
import fc from "fast-check";

/** The most arbitraries given to one fast-check call at once (its combinators take arguments, not lists). */
const CHUNK = 64;

/**
 * A tuple of any number of arbitraries: chunks of at most CHUNK nested, so a schema with
 * thousands of properties never spreads thousands of arguments into one call.
 */
export function tupleOf(arbitraries: readonly fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown[]> {
  let level: fc.Arbitrary<unknown[]>[] = [];
  for (let i = 0; i < arbitraries.length; i += CHUNK) level.push(fc.tuple(...arbitraries.slice(i, i + CHUNK)));
  if (level.length === 0) return fc.constant([]);
  while (level.length > 1) {
    const next: fc.Arbitrary<unknown[]>[] = [];
    for (let i = 0; i < level.length; i += CHUNK) {
      next.push(
        fc.tuple(...level.slice(i, i + CHUNK)).map((parts) => {
          const flat: unknown[] = [];
          for (const part of parts) for (const item of part) flat.push(item);
          return flat;
        }),
      );
    }
    level = next;
  }
  return level[0] as fc.Arbitrary<unknown[]>;
}

/** One of a list of arbitraries, whatever its length (fast-check's own `oneof` up to CHUNK: it shrinks across them). */
export function oneOfList<T>(arbitraries: readonly fc.Arbitrary<T>[]): fc.Arbitrary<T> {
  if (arbitraries.length === 1) return arbitraries[0] as fc.Arbitrary<T>;
  if (arbitraries.length <= CHUNK) return fc.oneof(...arbitraries);
  return fc.integer({ min: 0, max: arbitraries.length - 1 }).chain((index) => arbitraries[index] as fc.Arbitrary<T>);
}

/** One of `values` (an enum), its first and last weighted as edges; no spread of the list. */
export function valueFrom<T>(values: readonly T[]): fc.Arbitrary<T> {
  const last = values.length - 1;
  return fc.oneof({ arbitrary: fc.integer({ min: 0, max: last }), weight: 3 }, { arbitrary: fc.constantFrom(0, last), weight: 1 }).map((index) => values[index] as T);
}
