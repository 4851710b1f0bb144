/**
 * Mutual recursion through unnamed roots, in Zod, ArkType, Valibot and custom Standard
 * schemas (./arbitraries/recursive-group.ts): whatever the group, the version and which
 * members are named, `openapi()` gives a valid document where every `$ref` resolves, no
 * object schema requires a property it does not describe, and each route's schema accepts
 * the group's valid values and rejects each value wrong in one place deep inside. Seeded
 * and bounded; `RECURSION_RUNS=2000 RECURSION_SEED=<n>` runs more.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openapi, type OpenAPIDocument, type RouteShorthand, type StandardJSONSchemaV1 } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { accepts, dialectProblems, isNode, responseSchema, bodySchema, schemaNodes } from "../schema/support";
import { groupSchemas, recursiveGroup, type RecursiveGroup } from "./arbitraries/recursive-group";
import { validValue, wrongValues } from "./arbitraries/recursive-values";

const SEED = Number(process.env.RECURSION_SEED ?? 20_260_331);
const RUNS = Number(process.env.RECURSION_RUNS ?? 80);

function build(group: RecursiveGroup): OpenAPIDocument {
  const { members, registered } = groupSchemas(group);
  const root = members[0] as StandardJSONSchemaV1;
  const paths: Record<string, RouteShorthand> = { "POST /members/0": { body: root, 200: root } };
  for (const index of group.ownRoutes) paths[`GET /members/${index}`] = { 200: members[index] as StandardJSONSchemaV1 };
  return openapi({ openapi: group.version, info: { title: "Recursion", version: "1" }, schemas: registered, paths });
}

/** Object schemas that list a required property they do not describe: the trace of a dropped one. */
function requiredWithoutProperty(doc: unknown): string[] {
  const found: string[] = [];
  for (const { schema, where } of schemaNodes(doc)) {
    if (!Array.isArray(schema.required) || !isNode(schema.properties)) continue;
    for (const name of schema.required as string[]) if (!Object.prototype.hasOwnProperty.call(schema.properties, name)) found.push(`${where}: requires ${name}`);
  }
  return found;
}

async function check(group: RecursiveGroup): Promise<void> {
  const doc = build(group);
  await expectValidOpenAPI(doc);
  expect(dialectProblems(doc)).toEqual([]);
  expect(requiredWithoutProperty(doc)).toEqual([]);
  const uses = [
    { index: 0, schema: bodySchema(doc, "POST /members/0") },
    { index: 0, schema: responseSchema(doc, "POST /members/0") },
    ...group.ownRoutes.map((index) => ({ index, schema: responseSchema(doc, `GET /members/${index}`) })),
  ];
  for (const { index, schema } of uses) {
    const good = validValue(group, index, 3);
    expect(accepts(doc, schema, good), `member ${index} accepts ${JSON.stringify(good)}`).toBe(true);
    for (const bad of wrongValues(group, index, good, 12)) expect(accepts(doc, schema, bad), `member ${index} rejects ${JSON.stringify(bad)}`).toBe(false);
  }
}

describe("fuzzing: mutual recursion through an unnamed root", () => {
  it("every library's group gives a valid document that keeps every property and every cycle", async () => {
    await fc.assert(fc.asyncProperty(recursiveGroup, check), { seed: SEED, numRuns: RUNS });
  });

  it("the slice reaches every library, named members and the 3.0 dialect", () => {
    const samples = fc.sample(recursiveGroup, { seed: SEED, numRuns: RUNS });
    const libraries = new Set(samples.map((g) => g.library));
    expect([...libraries].sort()).toEqual(["arktype", "custom", "valibot", "zod"]);
    expect(samples.some((g) => g.version === "3.0.3" && g.members.some((m) => m.named))).toBe(true);
    expect(samples.some((g) => g.members.some((m) => m.refs.some((r) => r.target === 0 && r.wrap === "plain")))).toBe(true);
  });
});
