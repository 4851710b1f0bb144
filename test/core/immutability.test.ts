import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type SpecloomDefinition } from "specloom";
import { isDeepFrozen, isNothingFrozen } from "../helpers/document";
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

describe.each(libraries)("the caller's definition with $name", (lib) => {
  it.each(versions)("is neither changed nor frozen, even by plugins that change what they get (%s)", () => {
    const definition: SpecloomDefinition = {
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
      },
    };
    const before = snapshot(definition);
    const document = openapi(definition);
    expect(snapshot(definition)).toEqual(before);
    expect(isNothingFrozen(plainParts(definition))).toBe(true);
    expect(Object.isFrozen(lib.pet)).toBe(false);
    expect(document.info.title).toBe("Changed");
    expect(document.paths["/pets"]?.get?.tags).toEqual(["pets", "changed"]);
    // And it builds the same document again.
    expect(JSON.stringify(openapi(definition))).toBe(JSON.stringify(document));
  });
});

describe("the returned document", () => {
  const definition = (): SpecloomDefinition => ({
    info: { title: "Frozen", version: "1" },
    schemas: { Pet: z.object({ id: z.number(), tags: z.array(z.string()) }) },
    paths: { "GET /pets/{id}": { params: z.object({ id: z.string() }), 200: "Pet" }, "POST /pets": { body: z.object({ name: z.string() }), 201: "Pet" } },
  });

  it("is deeply frozen: assigning to any nested property throws in strict mode", () => {
    const document = openapi(definition());
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
