/**
 * Property: whatever sequence of registered sets documents are built with over the same
 * schema objects (any subset of a pool, in any order, under any names), each document's JSON
 * text is the one fresh schema objects give. This guards what recognition keeps across
 * documents (per library answer and registered set), including made-up names and order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type SpecloomDefinition, type StandardJSONSchemaV1 } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";

/**
 * A pool of schemas where some are written inline in others, with recursive ones and near
 * copies, in the order routes use them: a near copy of `tree` first (comparing it asks for
 * tree's naming, which makes up a name for its recursive part), then a recursive menu (a
 * made-up name of its own), then the rest.
 */
function pool(): StandardJSONSchemaV1[] {
  const pet = z.object({ id: z.number().int(), name: z.string() });
  const owner = z.object({ name: z.string(), phone: z.string() });
  const Node: z.ZodType = z.object({ label: z.string(), children: z.array(z.lazy(() => Node)) });
  const Menu: z.ZodType = z.object({ title: z.string(), items: z.array(z.lazy(() => Menu)) });
  const tree = z.object({ name: z.string(), tree: Node });
  return [
    z.array(z.object({ name: z.number(), tree: z.string() })),
    Menu,
    pet,
    owner,
    z.array(pet),
    z.object({ owner, pet }),
    tree,
    z.array(tree),
    z.object({ id: z.string(), name: z.number() }),
    pet.describe("A pet"),
  ];
}

/** Few names, so that documents often register other schemas under the same names in the same order. */
const NAMES = ["A", "B", "C", "D"];
const POOL_SIZE = 10;

/** One document's registrations: which pool entries, in which order, under which names. */
type Registration = [indices: number[], names: string[]];

const registration: fc.Arbitrary<Registration> = fc.uniqueArray(fc.integer({ min: 0, max: POOL_SIZE - 1 }), { minLength: 1, maxLength: NAMES.length }).chain((indices) =>
  fc.tuple(fc.constant(indices), fc.shuffledSubarray(NAMES, { minLength: indices.length, maxLength: indices.length })),
);

/**
 * How the next document's registrations differ from the last one's: not at all, another
 * schema under one of the names, two names swapped, the last one dropped. Small edits make
 * sets that agree on most names and schemas, where a kept result could wrongly be reused.
 */
const edit = fc.oneof(fc.constant({ kind: "same" as const }), fc.record({ kind: fc.constant("schema" as const), at: fc.nat(), to: fc.nat({ max: POOL_SIZE - 1 }) }), fc.record({ kind: fc.constant("names" as const), at: fc.nat() }), fc.constant({ kind: "drop" as const }));

type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

function applyEdit([indices, names]: Registration, change: Edit): Registration {
  const nextIndices = [...indices];
  const nextNames = [...names];
  if (change.kind === "schema" && !nextIndices.includes(change.to)) nextIndices[change.at % nextIndices.length] = change.to;
  if (change.kind === "names" && nextNames.length > 1) {
    const at = change.at % (nextNames.length - 1);
    [nextNames[at], nextNames[at + 1]] = [nextNames[at + 1] as string, nextNames[at] as string];
  }
  if (change.kind === "drop" && nextIndices.length > 1) {
    nextIndices.pop();
    nextNames.pop();
  }
  return [nextIndices, nextNames];
}

const sequences = fc.tuple(registration, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([first, edits]) => {
  const sequence = [first];
  for (const change of edits) sequence.push(applyEdit(sequence[sequence.length - 1] as Registration, change));
  return sequence;
});

function definition(schemas: StandardJSONSchemaV1[], [indices, names]: Registration, version: "3.0.3" | "3.1.0"): SpecloomDefinition {
  const registered: Record<string, StandardJSONSchemaV1> = {};
  indices.forEach((index, i) => (registered[names[i] as string] = schemas[index] as StandardJSONSchemaV1));
  const paths: SpecloomDefinition["paths"] = {};
  // Every pool entry is used once, as a response, in pool order.
  schemas.forEach((schema, i) => (paths[`GET /s${i}`] = { 200: schema }));
  return { openapi: version, info: { title: "Property", version: "1.0.0" }, schemas: registered, paths };
}

describe("documents built in turn over the same schema objects", () => {
  it("each give the JSON text fresh schema objects give, whatever the registered sets before them", async () => {
    const checked: SpecloomDefinition[] = [];
    fc.assert(
      fc.property(sequences, fc.constantFrom("3.0.3" as const, "3.1.0" as const), (sequence, version) => {
        const shared = pool();
        for (const set of sequence) {
          const text = (schemas: StandardJSONSchemaV1[]) => {
            try {
              return JSON.stringify(openapi(definition(schemas, set, version)));
            } catch (error) {
              return `throws ${(error as { code?: string }).code ?? String(error)}`;
            }
          };
          expect(text(shared)).toBe(text(pool()));
          if (checked.length < 8) checked.push(definition(shared, set, version));
        }
      }),
      { seed: 20_261_124, numRuns: 150 },
    );
    // Valid too (a sample: validating every one would make this slow).
    for (const document of checked) {
      let built;
      try {
        built = openapi(document);
      } catch {
        continue;
      }
      await expectValidOpenAPI(built);
    }
  });
});
