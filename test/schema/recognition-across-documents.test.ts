/**
 * Which inline copies in a library's answer are registered schemas is worked out once per
 * answer and set of registered schemas, and kept for later documents. A later document gets
 * exactly what fresh schema objects give, whatever the earlier documents registered: more
 * schemas, fewer, the same ones under other names or in another order.
 */
import { type } from "arktype";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type OpenAPIDocument, type SpecloomDefinition, type StandardJSONSchemaV1 } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { LIBRARIES, VERSIONS, type Library } from "./support";

interface Schemas {
  pet: StandardJSONSchemaV1;
  owner: StandardJSONSchemaV1;
  /** An array of `pet`: the library writes `pet` inline in it. */
  petList: StandardJSONSchemaV1;
  /** An owner with a `pet` property: `pet` inline again. */
  household: StandardJSONSchemaV1;
}

function fresh(library: Library): Schemas {
  switch (library) {
    case "zod": {
      const pet = z.object({ id: z.number().int(), name: z.string() });
      const owner = z.object({ name: z.string(), phone: z.string() });
      return { pet, owner, petList: z.array(pet), household: z.object({ owner, pet }) };
    }
    case "arktype": {
      const pet = type({ id: "number.integer", name: "string" });
      const owner = type({ name: "string", phone: "string" });
      const renew = <T extends object>(schema: T): T => Object.create(schema) as T;
      return { pet: renew(pet), owner: renew(owner), petList: renew(pet.array()), household: renew(type({ owner, pet })) };
    }
    case "valibot": {
      const pet = v.object({ id: v.pipe(v.number(), v.integer()), name: v.string() });
      const owner = v.object({ name: v.string(), phone: v.string() });
      const vb = toStandardJsonSchema;
      return { pet: vb(pet), owner: vb(owner), petList: vb(v.array(pet)), household: vb(v.object({ owner, pet })) };
    }
  }
}

const info = { title: "Recognition", version: "1.0.0" };

/** The API over `schemas`, registering `registered(schemas)` (name to schema, in that order). */
function definition(schemas: Schemas, registered: (s: Schemas) => Record<string, StandardJSONSchemaV1>, openapiVersion: SpecloomDefinition["openapi"] = "3.1.0"): SpecloomDefinition {
  return {
    openapi: openapiVersion,
    info,
    schemas: registered(schemas),
    paths: { "GET /pets": { 200: schemas.petList }, "GET /household": { 200: schemas.household }, "POST /pets": { body: schemas.pet, 201: schemas.pet } },
  };
}

/** The document of `registered` over schema objects earlier documents saw, checked against fresh objects. */
async function later(library: Library, earlier: ((s: Schemas) => Record<string, StandardJSONSchemaV1>)[], registered: (s: Schemas) => Record<string, StandardJSONSchemaV1>): Promise<OpenAPIDocument> {
  const shared = fresh(library);
  for (const set of earlier) openapi(definition(shared, set));
  const document = openapi(definition(shared, registered));
  // JSON text, not toEqual: the order of keys (components, properties) must not change either.
  expect(JSON.stringify(document)).toBe(JSON.stringify(openapi(definition(fresh(library), registered))));
  await expectValidOpenAPI(document);
  return document;
}

const itemsOf = (document: OpenAPIDocument) => JSON.stringify((document.paths["/pets"]?.get?.responses?.["200"] as { content: Record<string, unknown> }).content);

describe.each(LIBRARIES)("%s: inline copies of registered schemas, in a document after others over the same objects", (library) => {
  it("become references to a schema registered only now", async () => {
    const document = await later(library, [(s) => ({ Pet: s.pet })], (s) => ({ Pet: s.pet, Owner: s.owner, Pets: s.petList }));
    expect(itemsOf(document)).toContain("#/components/schemas/Pets");
    expect(JSON.stringify(document.components?.schemas?.Household ?? null)).toBe("null");
  });

  it("stay inline once their schema is no longer registered", async () => {
    const document = await later(library, [(s) => ({ Pet: s.pet, Owner: s.owner })], (s) => ({ Owner: s.owner }));
    expect(itemsOf(document)).not.toContain("$ref");
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(["Owner"]);
  });

  it("follow the names and registration order of the later definition", async () => {
    const document = await later(library, [(s) => ({ Pet: s.pet, Owner: s.owner })], (s) => ({ Person: s.owner, Animal: s.pet }));
    // (Zod writes a pet's input form apart, as AnimalInput.)
    expect(Object.keys(document.components?.schemas ?? {}).filter((name) => !name.endsWith("Input"))).toEqual(["Person", "Animal"]);
    expect(JSON.stringify(document)).not.toMatch(/schemas\/(Pet|Owner)"/);
  });

  it("follow a swap of the registered objects between two names", async () => {
    const document = await later(library, [(s) => ({ A: s.pet, B: s.owner })], (s) => ({ A: s.owner, B: s.pet }));
    expect(itemsOf(document)).toContain("#/components/schemas/B");
  });

  it("are the same in every version, the versions built in turn", async () => {
    const shared = fresh(library);
    const set = (s: Schemas) => ({ Pet: s.pet, Owner: s.owner });
    for (const version of [...VERSIONS, ...VERSIONS]) {
      const document = openapi(definition(shared, set, version));
      expect(JSON.stringify(document)).toBe(JSON.stringify(openapi(definition(fresh(library), set, version))));
      await expectValidOpenAPI(document);
    }
  });
});

describe("a recursive registered schema, in a document after others", () => {
  /** A category tree (recursive), a list of categories and an unregistered recursive menu beside it. */
  const tree = () => {
    const Category: z.ZodType = z.object({ name: z.string(), children: z.array(z.lazy(() => Category)) });
    const Menu: z.ZodType = z.object({ label: z.string(), children: z.array(z.lazy(() => Menu)) });
    return { Category, list: z.array(Category), menu: Menu };
  };
  const api = (schemas: ReturnType<typeof tree>, name: string): SpecloomDefinition => ({
    openapi: "3.1.0",
    info,
    schemas: { [name]: schemas.Category },
    paths: { "GET /categories": { 200: schemas.list }, "GET /menu": { 200: schemas.menu }, "POST /categories": { body: schemas.Category, 201: schemas.Category } },
  });

  it("makes up names at the same point as for fresh objects, so components keep their order", async () => {
    // A near copy of R (R's property names, other types) makes the search ask for R's naming
    // at the first route; R's recursive part gets its made-up name there, before the menu's.
    const schemas = () => {
      const Node: z.ZodType = z.object({ label: z.string(), children: z.array(z.lazy(() => Node)) });
      const R = z.object({ name: z.string(), tree: Node });
      const Menu: z.ZodType = z.object({ title: z.string(), items: z.array(z.lazy(() => Menu)) });
      return { R, near: z.array(z.object({ name: z.number(), tree: z.string() })), Menu };
    };
    const document = (s: ReturnType<typeof schemas>): SpecloomDefinition => ({
      openapi: "3.1.0",
      info,
      schemas: { R: s.R },
      paths: { "GET /near": { 200: s.near }, "GET /menu": { 200: s.Menu }, "GET /r": { 200: s.R } },
    });
    const shared = schemas();
    const first = openapi(document(shared));
    const names = Object.keys(first.components?.schemas ?? {});
    expect(names.indexOf("RTree")).toBeGreaterThan(0);
    expect(names.indexOf("RTree")).toBeLessThan(names.findIndex((name) => name.startsWith("GetMenu")));
    // JSON text, not toEqual: the order of the components is part of what must not change.
    expect(JSON.stringify(openapi(document(shared)))).toBe(JSON.stringify(first));
    expect(JSON.stringify(first)).toBe(JSON.stringify(openapi(document(schemas()))));
    await expectValidOpenAPI(first);
  });

  it("names its parts, and the made-up names beside them, as fresh objects do", async () => {
    const shared = tree();
    openapi(api(shared, "Category"));
    for (const name of ["Category", "Node"]) {
      const document = openapi(api(shared, name));
      expect(document).toEqual(openapi(api(tree(), name)));
      expect(JSON.stringify(document)).toContain(`#/components/schemas/${name}"`);
      await expectValidOpenAPI(document);
    }
  });
});
