import { describe, expect, it } from "vitest";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { z } from "zod";
import { openapi, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI, isDeepFrozen, isNothingFrozen } from "../helpers/document";
import { libraries, versions } from "../fixtures/libraries";

/** The plain data of a definition, with schema objects kept by identity (they cannot be cloned). */
function snapshot(value: unknown): unknown {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return value;
  if ("~standard" in (value as object)) return value;
  if (Array.isArray(value)) return value.map(snapshot);
  return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, snapshot(v)]));
}

/** Plain objects and arrays of a definition, not descending into schema objects. */
function plainParts(value: unknown, found: object[] = []): object[] {
  if (value === null || typeof value !== "object" || "~standard" in value) return found;
  found.push(value);
  for (const child of Object.values(value)) plainParts(child, found);
  return found;
}

/**
 * Every frozen object reachable from `roots` through data properties (own, enumerable or
 * not; getters are not called, so a library's lazy parts are not woken up).
 */
function frozenReachable(roots: unknown[]): Set<object> {
  const frozen = new Set<object>();
  const seen = new Set<object>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || (typeof node !== "object" && typeof node !== "function") || seen.has(node)) continue;
    seen.add(node);
    if (Object.isFrozen(node)) frozen.add(node);
    for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(node))) if ("value" in descriptor) stack.push(descriptor.value);
  }
  return frozen;
}

describe.each(libraries)("the caller's definition with $name", (lib) => {
  it.each(versions)("is neither changed nor frozen, even by plugins that change what they get (%s)", async (version) => {
    // The caller's own enum values: Valibot writes a picklist's options array itself as the `enum`.
    const statusOptions: [string, ...string[]] = ["available", "sold"];
    const status = { zod: () => z.enum(statusOptions), arktype: () => type.enumerated(...statusOptions), valibot: () => toStandardJsonSchema(v.picklist(statusOptions)) }[lib.name]();
    const schemas = [lib.pet, lib.listQuery, lib.petList, lib.newPet, status, statusOptions];
    const frozenBefore = frozenReachable(schemas);
    const definition: SpecloomDefinition = {
      openapi: version,
      info: { title: "Untouched", version: "1", contact: { name: "me" } },
      tags: [{ name: "pets" }],
      servers: [{ url: "https://a.example.com" }],
      schemas: { Pet: lib.pet },
      plugins: [
        {
          name: "mutator",
          transformRoute: (route) => {
            route.tags?.push("changed");
            route["x-extra"] = { nested: [1] };
            return route;
          },
          transformDocument: (document) => {
            document.info.title = "Changed";
            document.tags?.push({ name: "more" });
            return document;
          },
        },
      ],
      paths: {
        "GET /pets": { tags: ["pets"], query: lib.listQuery, 200: { schema: lib.petList, headers: { "X-Total": { schema: { type: "integer" } } } } },
        "POST /pets": { body: { schema: lib.newPet, examples: { rex: { value: { name: "Rex" } } } }, 201: lib.pet },
        "GET /pets/status": { 200: status },
      },
    };
    const before = snapshot(definition);
    const document = openapi(definition);
    expect(snapshot(definition)).toEqual(before);
    expect(isNothingFrozen(plainParts(definition))).toBe(true);
    // Nothing the schema objects hold was frozen by Specloom (a library may freeze its own parts).
    const newlyFrozen = [...frozenReachable(schemas)].filter((object) => !frozenBefore.has(object));
    expect(newlyFrozen).toEqual([]);
    expect(document.openapi).toBe(version);
    expect(document.info.title).toBe("Changed");
    expect(document.paths["/pets"]?.get?.tags).toEqual(["pets", "changed"]);
    // And it builds the same document again.
    expect(JSON.stringify(openapi(definition))).toBe(JSON.stringify(document));
    await expectValidOpenAPI(document);
  });

  it.each(versions)("gives a deeply frozen document, with plugins on every hook too (%s)", async (version) => {
    const hooks: SpecloomDefinition["plugins"] = [
      { name: "route", transformRoute: (route) => ({ ...route, summary: "Changed" }) },
      { name: "schema", transformSchema: (schema) => ({ ...schema, "x-seen": true }) },
      { name: "document", transformDocument: (document) => ({ ...document, "x-done": { at: [1] } }) },
    ];
    for (const plugins of [[], hooks]) {
      const document = openapi({ openapi: version, info: { title: "Frozen", version: "1" }, schemas: { Pet: lib.pet }, plugins, paths: { "GET /pets": { query: lib.listQuery, 200: lib.petList }, "POST /pets": { body: lib.newPet, 201: "Pet" } } });
      expect(isDeepFrozen(document)).toBe(true);
      await expectValidOpenAPI(document);
    }
  });
});

describe("the returned document", () => {
  const definition = (): SpecloomDefinition => ({
    info: { title: "Frozen", version: "1" },
    schemas: { Pet: z.object({ id: z.number(), tags: z.array(z.string()) }) },
    paths: { "GET /pets/{id}": { params: z.object({ id: z.string() }), 200: "Pet" }, "POST /pets": { body: z.object({ name: z.string() }), 201: "Pet" } },
  });

  it("is deeply frozen: assigning to any nested property throws in strict mode", async () => {
    const document = openapi(definition());
    await expectValidOpenAPI(document);
    expect(isDeepFrozen(document)).toBe(true);
    expect(() => {
      (document.info as { title: string }).title = "x";
    }).toThrow(TypeError);
    expect(() => {
      (document.components?.schemas?.Pet as Record<string, unknown>).type = "string";
    }).toThrow(TypeError);
    expect(() => {
      document.paths["/pets/{id}"]?.get?.parameters?.push({ $ref: "#/x" });
    }).toThrow(TypeError);
  });

  it("is fresh: it shares no object with the definition", () => {
    const input = definition();
    const document = openapi(input);
    expect(document.info).not.toBe(input.info);
    expect(document.info).toEqual(input.info);
  });

  it("is deterministic: the same input, even rebuilt from new schema objects, gives byte-identical JSON", () => {
    const first = JSON.stringify(openapi(definition()));
    expect(JSON.stringify(openapi(definition()))).toBe(first);
    expect(JSON.stringify(openapi(definition()))).toBe(first);
  });
});
