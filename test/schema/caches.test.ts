/**
 * What Specloom remembers between documents (each library answer's import, its hashes,
 * its candidates, each node without its annotations) depends only on the schema object, the
 * dialect and the side: a document built after others is the document fresh schema objects
 * give, whatever names, versions or registrations came before. The caches hold the schema
 * objects weakly, and a cached schema's error names the place of the new use.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type OpenAPIDocument, type SpecloomDefinition, type StandardJSONSchemaV1 } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";
import { LIBRARIES, VERSIONS, type Library, type Version } from "./support";

interface Schemas {
  pet: StandardJSONSchemaV1;
  /** An array of `pet`: the library writes `pet` inline in it. */
  petList: StandardJSONSchemaV1;
  /** An array of `pet` described "A pet": inline with an annotation added. */
  describedList: StandardJSONSchemaV1;
}

/**
 * The schemas of one small API, as objects no document has seen. ArkType interns types
 * (the same definition is the same object), so its fresh objects are new objects over them.
 */
function fresh(library: Library): Schemas {
  switch (library) {
    case "zod": {
      const pet = z.object({ id: z.number().int(), name: z.string(), tag: z.string().optional() });
      return { pet, petList: z.array(pet), describedList: z.array(pet.describe("A pet")) };
    }
    case "arktype": {
      const pet = type({ id: "number.integer", name: "string", "tag?": "string" });
      const renew = <T extends object>(schema: T): T => Object.create(schema) as T;
      return { pet: renew(pet), petList: renew(pet.array()), describedList: renew(pet.describe("A pet").array()) };
    }
    case "valibot": {
      const pet = v.object({ id: v.pipe(v.number(), v.integer()), name: v.string(), tag: v.optional(v.string()) });
      const vb = toStandardJsonSchema;
      return { pet: vb(pet), petList: vb(v.array(pet)), describedList: vb(v.array(v.pipe(pet, v.description("A pet")))) };
    }
  }
}

const info = { title: "Caches", version: "1.0.0" };

/** The API with `pet` registered as `name` (or not at all). */
function definition(schemas: Schemas, version: Version, name: string | undefined): SpecloomDefinition {
  return {
    openapi: version,
    info,
    ...(name === undefined ? {} : { schemas: { [name]: schemas.pet } }),
    paths: { "GET /pets": { 200: schemas.petList }, "GET /described": { 200: schemas.describedList }, "POST /pets": { body: schemas.pet, 201: schemas.pet } },
  };
}

const responseSchema = (document: OpenAPIDocument, path: string) =>
  (document.paths[path]?.get?.responses?.["200"] as { content: Record<string, { schema: unknown }> }).content["application/json"]?.schema;

describe.each(LIBRARIES)("%s: documents built one after another over the same schema objects", (library) => {
  it("name a registered schema as the later definition does, never as an earlier one", async () => {
    const shared = fresh(library);
    const first = openapi(definition(shared, "3.1.0", "Pet"));
    // The first document recognised the inline copies: the second has something to leak.
    expect(responseSchema(first, "/pets")).toEqual({ type: "array", items: { $ref: "#/components/schemas/Pet" } });
    const second = openapi(definition(shared, "3.1.0", "Animal"));
    expect(second).toEqual(openapi(definition(fresh(library), "3.1.0", "Animal")));
    expect(JSON.stringify(second)).not.toContain("#/components/schemas/Pet");
    expect(responseSchema(second, "/pets")).toEqual({ type: "array", items: { $ref: "#/components/schemas/Animal" } });
    await expectValidOpenAPI(second);
  });

  it("write a schema inline once no definition registers it", async () => {
    const shared = fresh(library);
    openapi(definition(shared, "3.1.0", "Pet"));
    const unregistered = openapi(definition(shared, "3.1.0", undefined));
    expect(unregistered).toEqual(openapi(definition(fresh(library), "3.1.0", undefined)));
    expect(unregistered.components?.schemas ?? {}).toEqual({});
    expect(JSON.stringify(unregistered)).not.toContain("$ref");
    await expectValidOpenAPI(unregistered);
  });

  it("give each version its own dialect, in any order", async () => {
    const shared = fresh(library);
    for (const version of [...VERSIONS, ...[...VERSIONS].reverse()]) {
      const document = openapi(definition(shared, version, "Pet"));
      expect(document).toEqual(openapi(definition(fresh(library), version, "Pet")));
      await expectValidOpenAPI(document);
    }
  });

  it("ask the library for each side once, in the first document only", async () => {
    const calls: string[] = [];
    const counted = counting(fresh(library), calls);
    const first = openapi(definition(counted, "3.1.0", "Pet"));
    const asked = calls.length;
    expect(asked).toBeGreaterThan(0);
    expect(openapi(definition(counted, "3.1.0", "Pet"))).toEqual(first);
    expect(calls.length).toBe(asked);
    await expectValidOpenAPI(first);
  });

  it("leave the schema objects neither frozen nor changed", async () => {
    const shared = fresh(library);
    const before = Object.keys(shared.pet);
    await expectValidOpenAPI(openapi(definition(shared, "3.0.3", "Pet")));
    await expectValidOpenAPI(openapi(definition(shared, "3.1.0", "Pet")));
    expect(Object.isFrozen(shared.pet)).toBe(false);
    expect(Object.keys(shared.pet)).toEqual(before);
  });
});

/** The schemas with converters that record each call (`side:target`); one wrapper per schema object. */
function counting(schemas: Schemas, calls: string[]): Schemas {
  const wrap = (schema: StandardJSONSchemaV1): StandardJSONSchemaV1 => {
    const standard = schema["~standard"];
    const jsonSchema = {
      input: (options: StandardJSONSchemaV1.Options) => (calls.push(`input:${options.target}`), standard.jsonSchema.input(options)),
      output: (options: StandardJSONSchemaV1.Options) => (calls.push(`output:${options.target}`), standard.jsonSchema.output(options)),
    };
    return { "~standard": { ...standard, jsonSchema } } as StandardJSONSchemaV1;
  };
  return { pet: wrap(schemas.pet), petList: wrap(schemas.petList), describedList: wrap(schemas.describedList) };
}

describe("a cached schema's error", () => {
  it("names the place of the use that meets it, not the place of an earlier document", () => {
    // Registered as "Pet", it names itself "Animal": each document reports its own use.
    const pet = z.object({ name: z.string() }).meta({ id: "Animal" });
    const at = (path: string) => catchError(() => openapi({ info, schemas: { Pet: pet }, paths: { [`GET ${path}`]: { 200: pet } } }));
    const first = at("/first");
    const second = at("/second");
    expect(first.code).toBe("DUPLICATE_SCHEMA");
    expect(second.code).toBe("DUPLICATE_SCHEMA");
    expect(second.message).toContain("/second");
    expect(second.message).not.toContain("/first");
  });
});

describe("Valibot's file options", () => {
  /** Valibot's converter for `schema`, recording whether each call passed library options. */
  const recorded = (schema: StandardJSONSchemaV1, withOptions: boolean[]): StandardJSONSchemaV1 => {
    const standard = schema["~standard"];
    const output = (options: StandardJSONSchemaV1.Options) => (withOptions.push(options.libraryOptions !== undefined), standard.jsonSchema.output(options));
    return { "~standard": { ...standard, jsonSchema: { ...standard.jsonSchema, output } } } as StandardJSONSchemaV1;
  };

  it("are left out of a schema that holds no file, whose answer is the same without them", async () => {
    const withOptions: boolean[] = [];
    const schema = recorded(toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.maxLength(3)) })), withOptions);
    const document = openapi({ info, paths: { "GET /a": { 200: schema } } });
    expect(withOptions).toEqual([false]);
    expect(responseSchema(document, "/a")).toEqual({ type: "object", properties: { name: { type: "string", maxLength: 3 } }, required: ["name"] });
    await expectValidOpenAPI(document);
  });

  it("are passed once Valibot refuses a file without them", async () => {
    const withOptions: boolean[] = [];
    const schema = recorded(toStandardJsonSchema(v.object({ photo: v.file() })), withOptions);
    const document = openapi({ info, paths: { "GET /a": { 200: schema } } });
    expect(withOptions).toEqual([false, true]);
    // Written as a binary string (files.test.ts checks each version's form), not refused.
    expect(responseSchema(document, "/a")).toMatchObject({ type: "object", properties: { photo: { type: "string" } }, required: ["photo"] });
    await expectValidOpenAPI(document);
  });
});

/** Weak references to one fresh set of schemas, after two documents over them (or none, `used` false). */
function tracked(library: Library, used: boolean): WeakRef<object>[] {
  const schemas = fresh(library);
  if (used) {
    openapi(definition(schemas, "3.0.3", "Pet"));
    openapi(definition(schemas, "3.1.0", "Pet"));
  }
  return Object.values(schemas).map((schema: object) => new WeakRef(schema));
}

describe("the caches", () => {
  it("hold no schema object alive once nothing else does", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    // The control: the same schemas never given to Specloom (a library may keep some itself).
    const control = LIBRARIES.flatMap((library) => tracked(library, false));
    const used = LIBRARIES.flatMap((library) => tracked(library, true));
    const alive = (refs: WeakRef<object>[]) => refs.map((ref, i) => (ref.deref() === undefined ? -1 : i)).filter((i) => i >= 0);
    // A WeakRef keeps its target until the job that made it ends.
    for (let attempt = 0; attempt < 5; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
    }
    // (Zod keeps the first schema a process builds, whoever uses it.)
    const kept = alive(control);
    expect(alive(used).filter((i) => !kept.includes(i))).toEqual([]);
  });
});
