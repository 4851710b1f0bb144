/**
 * fast-check arbitraries made from a parameter's or body's JSON Schema, as the generated
 * document has it: the types, bounds, enums, items and properties the example APIs use.
 * Written here because no maintained package turns JSON Schema into fast-check arbitraries.
 */
import fc from "fast-check";

type Schema = Record<string, unknown>;
export type Resolve = (node: unknown) => Schema;

/** Text a URL, header or JSON carries back unchanged: no lone surrogates, no "." or ".." (URL dot segments). */
const text = (min = 0) => fc.string({ unit: "grapheme", minLength: min, maxLength: 12 }).filter((s) => s !== "." && s !== "..");
/** Header text: visible ASCII, no comma, no edge spaces (Headers trims, lists split on commas). */
const headerText = fc.string({ unit: fc.constantFrom(..."abcXYZ019-_.~!*"), minLength: 1, maxLength: 10 });

function bound(schema: Schema, key: string): number | undefined {
  return typeof schema[key] === "number" ? (schema[key] as number) : undefined;
}

export function arbitraryOf(node: unknown, resolve: Resolve, place: "path" | "query" | "header" | "cookie" | "body"): fc.Arbitrary<unknown> {
  const schema = resolve(node);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : schema.type;
  switch (type) {
    case "integer":
      return fc.integer({ min: Math.max(bound(schema, "minimum") ?? -1e9, -1e9), max: Math.min(bound(schema, "maximum") ?? 1e9, 1e9) });
    case "number":
      return fc
        .double({ min: bound(schema, "minimum") ?? -1e12, max: bound(schema, "maximum") ?? 1e12, noNaN: true, noDefaultInfinity: true })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(arbitraryOf(schema.items, resolve, place), { maxLength: 4 });
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const required = (schema.required ?? []) as string[];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = arbitraryOf(property, resolve, place);
      return fc.record(record, { requiredKeys: required });
    }
    default:
      if (place === "header") return headerText;
      return text(place === "path" ? 1 : Math.max(bound(schema, "minLength") ?? 0, 0));
  }
}

/** A value of the wrong type for a schema that is not a plain string: what the validator must refuse. */
export function invalidOf(node: unknown, resolve: Resolve): fc.Arbitrary<string> | undefined {
  const schema = resolve(node);
  if (Array.isArray(schema.enum)) return fc.constant("not-one-of-them");
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : schema.type;
  if (type === "integer" || type === "number") return fc.constantFrom("x", "1.2.3", "ten", "0x10");
  if (type === "boolean") return fc.constantFrom("yes", "1", "TRUE");
  return undefined;
}
