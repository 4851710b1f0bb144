/**
 * The example APIs, as a reader of the documents sees them: Redocly's `recommended` rules
 * (through `@redocly/openapi-core`, a linter nobody here wrote) find no error in any of them,
 * in 3.0.3 and 3.1.0, and no unused component (`no-unused-components`): every component
 * Specloom writes is referred to.
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it, vi } from "vitest";
import { openapi, type SpecloomDefinition } from "specloom";
import type * as Specloom from "specloom";
import petstoreModule from "../../examples/petstore";
import { expectValidOpenAPI } from "../helpers/document";

// The example files print the document they build; the test takes the definition instead.
const captured = vi.hoisted(() => [] as SpecloomDefinition[]);
vi.mock("specloom", async (original) => {
  const actual = await original<typeof Specloom>();
  return {
    ...actual,
    openapi: (definition: SpecloomDefinition) => {
      captured.push(definition);
      return actual.openapi(definition);
    },
  };
});

const definitions = new Map<string, SpecloomDefinition>();

/** The definition an example file hands to `openapi()` (a module runs once, so it is kept). */
async function exampleDefinition(library: string, api = "petstore"): Promise<SpecloomDefinition> {
  const known = definitions.get(`${api}-${library}`);
  if (known) return known;
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  try {
    captured.length = 0;
    await import(`../../examples/${api}-${library}.ts`);
    expect(captured).toHaveLength(1);
    definitions.set(`${api}-${library}`, captured[0] as SpecloomDefinition);
    return captured[0] as SpecloomDefinition;
  } finally {
    log.mockRestore();
  }
}

/**
 * The README's first example leaves out what only its author can write and Redocly's
 * recommended rules ask of an author: servers, a summary per operation, security. They are
 * added here, so what the rules judge is what Specloom wrote.
 */
function withAuthorBasics(definition: SpecloomDefinition): SpecloomDefinition {
  const paths: SpecloomDefinition["paths"] = {};
  for (const [key, route] of Object.entries(definition.paths)) paths[key] = { summary: key, ...route };
  return {
    ...definition,
    servers: [{ url: "https://api.example.com" }],
    securitySchemes: { apiKey: { type: "apiKey", name: "X-API-Key", in: "header" } },
    security: [{ apiKey: [] }],
    paths,
  };
}

const examples = [
  { name: "examples/petstore-zod.ts", definition: async () => withAuthorBasics(await exampleDefinition("zod")) },
  { name: "examples/petstore-arktype.ts", definition: async () => withAuthorBasics(await exampleDefinition("arktype")) },
  { name: "examples/petstore-valibot.ts", definition: async () => withAuthorBasics(await exampleDefinition("valibot")) },
  { name: "examples/petstore.ts", definition: async () => petstoreModule as SpecloomDefinition },
  // Callbacks, a reusable parameter and response, a path's own fields, headers from one schema.
  { name: "examples/subscriptions-zod.ts", definition: () => exampleDefinition("zod", "subscriptions") },
];

const config = createConfig({ extends: ["recommended"] });

async function expectClean(name: string, definition: SpecloomDefinition, version: "3.0.3" | "3.1.0" | "3.2.0"): Promise<void> {
  const document = openapi({ ...definition, openapi: version });
  await expectValidOpenAPI(document);
  const problems = await lintFromString({ source: JSON.stringify(document, null, 2), absoluteRef: `${name}.${version}.json`, config: await config });
  const summary = problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
  expect(summary.filter((line) => line.startsWith("error "))).toEqual([]);
  expect(summary.filter((line) => line.includes("no-unused-components"))).toEqual([]);
}

describe.each(examples)("$name", ({ name, definition }) => {
  it.each(["3.0.3", "3.1.0"] as const)("has no error and no unused component under Redocly's recommended rules (%s)", async (version) => {
    await expectClean(name, await definition(), version);
  });
});

it("examples/subscriptions-zod.ts has no error and no unused component under Redocly's recommended rules (3.2.0)", async () => {
  await expectClean("examples/subscriptions-zod.ts", await exampleDefinition("zod", "subscriptions"), "3.2.0");
});
