/**
 * A failing request as a fast-check arbitrary that shrinks from it, so fast-check finds the
 * smallest request that still fails: an object's properties may each be left out (down
 * through nested objects and lists), a string shortened, an integer brought toward zero, a
 * boolean to false. A request that breaks a rule keeps the part that carries the break
 * (`pinned`) as it is, and every object on the way to it; its other parts shrink as any.
 */
import fc from "fast-check";
import { isPlainObject, setOwn } from "../internal/own";
import { tupleOf } from "../values/combinators";
import type { RequestSample } from "./wire-request";

/** The sample with its value shrinkable; a smaller request the document judges otherwise is skipped by the run. */
export function shrinkable(sample: RequestSample): fc.Arbitrary<RequestSample> {
  const tokens = sample.pinned === undefined ? undefined : tokensOf(sample.pinned.pointer);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of Object.keys(sample) as (keyof RequestSample)[]) {
    fields[key] = key === "value" ? removable(sample.value, tokens, sample.pinned?.whole ?? false) : fc.constant(sample[key]);
  }
  return fc.record(fields, { requiredKeys: Object.keys(fields) }) as unknown as fc.Arbitrary<RequestSample>;
}

function tokensOf(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * `value` as an arbitrary that shrinks from it. `pinned`: the tokens from here to the pinned
 * place (undefined: nothing pinned below); `whole`: the pinned value is kept as it is. A list
 * keeps its length; numbers other than integers stay as they are.
 */
function removable(value: unknown, pinned: readonly string[] | undefined, whole: boolean): fc.Arbitrary<unknown> {
  if (pinned !== undefined && pinned.length === 0 && whole) return fc.constant(value);
  const [next, ...rest] = pinned ?? [];
  const below = (key: string) => (pinned !== undefined && key === next ? rest : undefined);
  if (typeof value === "string") return fc.string({ unit: "binary", maxLength: value.length });
  if (typeof value === "boolean") return fc.boolean();
  if (typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1) return fc.integer({ min: Math.min(0, value), max: Math.max(0, value) });
  if (Array.isArray(value)) return tupleOf(value.map((item, index) => removable(item, below(String(index)), whole)));
  if (!isPlainObject(value)) return fc.constant(value);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of Object.keys(value)) setOwn(fields, key, removable(value[key], below(key), whole));
  // The way to the pinned place stays.
  const kept = next !== undefined && Object.keys(value).includes(next) ? [next] : [];
  return fc.record(fields, { requiredKeys: kept });
}
