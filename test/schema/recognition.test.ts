import { describe, expect, it } from "vitest";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { z } from "zod";
import { openapi, type OpenAPIDocument } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { libraries, versions } from "../fixtures/libraries";

const info = { title: "Recognition", version: "1" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseSchema = (document: OpenAPIDocument, path: string, status = "200") =>
  (document.paths[path]?.get?.responses?.[status] as { content: Record<string, { schema: unknown }> }).content["application/json"]?.schema;

describe.each(libraries)("a registered $name schema nested in another schema", (lib) => {
  it.each(versions)("is a $ref there too, although the library wrote it inline (%s)", async (version) => {
    const document = openapi({ openapi: version, info, schemas: { Pet: lib.pet }, paths: { "GET /pets": { 200: lib.petList } } });
    expect(responseSchema(document, "/pets")).toEqual({ type: "array", items: ref("Pet") });
    await expectValidOpenAPI(document);
  });
});

describe("structural recognition of registered schemas", () => {
  it("points request positions at the input form and response positions at the output form", async () => {
    const Pet = z.object({ name: z.string(), color: z.string().default("brown") });
    const document = openapi({
      info,
      schemas: { Pet },
      paths: { "PUT /pets": { body: z.array(Pet), 200: z.array(Pet) } },
    });
    const body = document.paths["/pets"]?.put?.requestBody as { content: Record<string, { schema: unknown }> };
    expect(body.content["application/json"]?.schema).toEqual({ type: "array", items: ref("PetInput") });
    expect((document.paths["/pets"]?.put?.responses?.["200"] as { content: Record<string, { schema: unknown }> }).content["application/json"]?.schema).toEqual({ type: "array", items: ref("Pet") });
    // The two forms differ as Zod's do: `color` is required only in the output.
    expect(document.components?.schemas?.Pet).toMatchObject({ required: ["name", "color"] });
    expect(document.components?.schemas?.PetInput).toMatchObject({ required: ["name"] });
    await expectValidOpenAPI(document);
  });

  it("recognises a registered schema inside another registered schema's body", async () => {
    const Owner = type({ name: "string" });
    const Pet = type({ name: "string", owner: Owner });
    const document = openapi({ info, schemas: { Owner, Pet }, paths: { "GET /pets": { 200: Pet } } });
    expect(document.components?.schemas?.Pet).toEqual({
      type: "object",
      properties: { name: { type: "string" }, owner: ref("Owner") },
      required: ["name", "owner"],
    });
    // Owner's own body is not replaced by a reference to itself.
    expect(document.components?.schemas?.Owner).toEqual({ type: "object", properties: { name: { type: "string" } }, required: ["name"] });
    await expectValidOpenAPI(document);
  });

  it("recognises a registered enum used as a property", async () => {
    const Status = toStandardJsonSchema(v.picklist(["active", "retired"]));
    const Pet = toStandardJsonSchema(v.object({ status: v.picklist(["active", "retired"]) }));
    const document = openapi({ info, schemas: { Status }, paths: { "GET /pets": { 200: Pet } } });
    expect(responseSchema(document, "/pets")).toEqual({ type: "object", properties: { status: ref("Status") }, required: ["status"] });
    await expectValidOpenAPI(document);
  });

  it("leaves plain scalars alone: registering z.string() does not turn every string into a $ref", async () => {
    const document = openapi({ info, schemas: { Name: z.string() }, paths: { "GET /a": { 200: z.object({ first: z.string() }) } } });
    expect(responseSchema(document, "/a")).toEqual({ type: "object", properties: { first: { type: "string" } }, required: ["first"], additionalProperties: false });
    await expectValidOpenAPI(document);
  });

  it("substitutes neither of two registered schemas with the same JSON Schema, since which was meant is unknown", async () => {
    // (ArkType interns equal types into one object, which is then one schema: Zod makes two.)
    const Cat = z.object({ name: z.string() });
    const Dog = z.object({ name: z.string() });
    expect(Cat).not.toBe(Dog);
    const document = openapi({ info, schemas: { Cat, Dog }, paths: { "GET /pets": { 200: z.object({ pet: z.object({ name: z.string() }) }) } } });
    expect(responseSchema(document, "/pets")).toMatchObject({
      properties: { pet: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
    });
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(["Cat", "Dog"]);
    await expectValidOpenAPI(document);
  });

  it("costs nothing when nothing is registered: an unnamed schema used twice is inlined twice", async () => {
    const Pet = z.object({ name: z.string() });
    const document = openapi({ info, paths: { "GET /a": { 200: z.array(Pet) }, "GET /b": { 200: Pet } } });
    expect(document.components).toBeUndefined();
    await expectValidOpenAPI(document);
  });
});
