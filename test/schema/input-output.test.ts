/**
 * Input and output (issue point 4): request positions (body, query, path, header, cookie)
 * describe what a client sends, the schema's input type; responses describe what the server
 * sends, its output type. A named schema whose two forms differ is two components, `Name`
 * (output) and `NameInput` (input), and every `$ref` points at the right one.
 */
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { StandardJSONSchemaV1 } from "specloom";
import {
  accepts,
  bodySchema,
  build,
  component,
  componentNames,
  expectAcceptance,
  expectCleanDocument,
  parameter,
  reachableComponents,
  refName,
  responseSchema,
  vb,
  VERSIONS,
  type Node,
} from "./support";

describe.each(VERSIONS)("OpenAPI %s", (version) => {
  describe("a field with a default", () => {
    const withDefault: Record<string, StandardJSONSchemaV1> = {
      zod: z.object({ name: z.string(), size: z.string().default("m") }),
      arktype: type({ name: "string", size: "string = 'm'" }),
      valibot: vb(v.object({ name: v.string(), size: v.optional(v.string(), "m") })),
    };

    it.each(Object.keys(withDefault))("%s: optional in a request body", async (library) => {
      const schema = withDefault[library] as StandardJSONSchemaV1;
      const doc = build(version, { "POST /shirts": { body: schema, 200: schema } });
      await expectCleanDocument(doc);
      const body = bodySchema(doc, "POST /shirts");
      expect(body.required ?? []).not.toContain("size");
      expectAcceptance(doc, body, [{ name: "a" }, { name: "a", size: "l" }], [{ size: "l" }, { name: "a", size: 1 }], `${library} body`);
    });

    it.each(["zod", "arktype"])("%s: required in a response (the server always sends it)", async (library) => {
      const schema = withDefault[library] as StandardJSONSchemaV1;
      const doc = build(version, { "POST /shirts": { body: schema, 200: schema } });
      await expectCleanDocument(doc);
      const response = responseSchema(doc, "POST /shirts");
      expect(response.required).toContain("size");
      expectAcceptance(doc, response, [{ name: "a", size: "l" }], [{ name: "a" }], `${library} response`);
    });

    it.each(Object.keys(withDefault))("%s: an optional query parameter", async (library) => {
      const doc = build(version, { "GET /shirts": { query: withDefault[library] as StandardJSONSchemaV1 } });
      await expectCleanDocument(doc);
      expect(parameter(doc, "GET /shirts", "size", "query").required ?? false).toBe(false);
      expect(parameter(doc, "GET /shirts", "name", "query").required).toBe(true);
    });
  });

  describe("transforms", () => {
    it("zod: a transform's input type in the request, the piped output type in the response", async () => {
      const Length = z.string().transform((s) => s.length).pipe(z.number());
      const doc = build(version, { "POST /lengths": { body: z.object({ text: Length }), 200: z.object({ text: Length }) } });
      await expectCleanDocument(doc);
      expectAcceptance(doc, bodySchema(doc, "POST /lengths"), [{ text: "abc" }], [{ text: 3 }], "request");
      expectAcceptance(doc, responseSchema(doc, "POST /lengths"), [{ text: 3 }], [{ text: "abc" }], "response");
    });

    it("zod: a transform is fine wherever only its input type is needed: body, query, path, header, cookie", async () => {
      const Num = z.string().transform(Number);
      const doc = build(version, {
        "POST /things/{id}": {
          params: z.object({ id: Num }),
          query: z.object({ page: Num }),
          headers: z.object({ "x-n": Num }),
          cookies: z.object({ n: Num }),
          body: z.object({ n: Num }),
          204: null,
        },
      });
      await expectCleanDocument(doc);
      for (const [name, location] of [["id", "path"], ["page", "query"], ["x-n", "header"], ["n", "cookie"]] as const) {
        expect(accepts(doc, parameter(doc, "POST /things/{id}", name, location).schema, "12"), `${location} ${name}`).toBe(true);
      }
      expect(accepts(doc, bodySchema(doc, "POST /things/{id}"), { n: "12" })).toBe(true);
    });

    it("arktype: a parsing morph is a numeric string in the request and a number in the response", async () => {
      const Parsed = type({ n: "string.numeric.parse" });
      const doc = build(version, { "POST /parse": { body: Parsed, 200: Parsed } });
      await expectCleanDocument(doc);
      expectAcceptance(doc, bodySchema(doc, "POST /parse"), [{ n: "12" }], [{ n: 12 }, { n: "twelve" }], "request");
      expectAcceptance(doc, responseSchema(doc, "POST /parse"), [{ n: 12 }], [{ n: "12" }], "response");
    });

    it("valibot: a transform in a request body is its input type", async () => {
      const doc = build(version, { "POST /v": { body: vb(v.object({ n: v.pipe(v.string(), v.transform(Number)) })) } });
      await expectCleanDocument(doc);
      expectAcceptance(doc, bodySchema(doc, "POST /v"), [{ n: "1" }], [{ n: 1 }], "request");
    });
  });

  describe("a named schema on both sides", () => {
    const Pet = z.object({ name: z.string(), tag: z.string().default("none") }).meta({ id: "Pet" });

    it("zod: Pet is the output form and PetInput the input form; each $ref points at the right one", async () => {
      const doc = build(version, {
        "POST /pets": { body: Pet, 201: Pet },
        "PUT /pets/{id}": { body: z.object({ pet: Pet, friends: z.array(Pet) }), 200: z.object({ pet: Pet, friends: z.array(Pet) }) },
      });
      await expectCleanDocument(doc);
      expect(componentNames(doc).sort()).toEqual(["Pet", "PetInput"]);
      expect(refName(bodySchema(doc, "POST /pets"))).toBe("PetInput");
      expect(refName(responseSchema(doc, "POST /pets", 201))).toBe("Pet");
      for (const key of ["POST /pets", "PUT /pets/{id}"]) {
        expect([...reachableComponents(doc, bodySchema(doc, key))]).toEqual(["PetInput"]);
      }
      expect([...reachableComponents(doc, responseSchema(doc, "POST /pets", 201))]).toEqual(["Pet"]);
      expect([...reachableComponents(doc, responseSchema(doc, "PUT /pets/{id}"))]).toEqual(["Pet"]);
      // The input form lets the client leave out the defaulted tag; the output form promises it.
      expectAcceptance(doc, component(doc, "PetInput"), [{ name: "rex" }, { name: "rex", tag: "t" }], [{ tag: "t" }], "PetInput");
      expectAcceptance(doc, component(doc, "Pet"), [{ name: "rex", tag: "t" }], [{ name: "rex" }], "Pet");
    });

    it("zod: used only in requests, Pet is one component holding the input form", async () => {
      const doc = build(version, { "POST /pets": { body: Pet, 204: null } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["Pet"]);
      expect(refName(bodySchema(doc, "POST /pets"))).toBe("Pet");
      expect(accepts(doc, component(doc, "Pet"), { name: "rex" })).toBe(true);
    });

    it("zod: used only in responses, Pet is one component holding the output form", async () => {
      const doc = build(version, { "GET /pets/{id}": { 200: Pet } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["Pet"]);
      expect(accepts(doc, component(doc, "Pet"), { name: "rex" })).toBe(false);
    });

    it("zod: a named schema whose two forms are equal is one component used by both sides", async () => {
      const Color = z.enum(["red", "green"]).meta({ id: "Color" });
      const doc = build(version, { "POST /paint": { body: z.object({ color: Color }), 200: z.object({ color: Color }) } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["Color"]);
      for (const position of [bodySchema(doc, "POST /paint"), responseSchema(doc, "POST /paint")]) {
        expect(refName((position.properties as Record<string, Node>).color)).toBe("Color");
      }
    });

    it("zod: a component whose own forms are equal but which refers to one whose forms differ has two forms too", async () => {
      // Owner's two bodies are alike (a loose object), but Owner refers to Pet, which differs:
      // OwnerInput must refer to PetInput, Owner to Pet.
      const Owner = z.looseObject({ pet: Pet }).meta({ id: "Owner" });
      const doc = build(version, { "POST /owners": { body: Owner, 200: Owner } });
      await expectCleanDocument(doc);
      expect(componentNames(doc).sort()).toEqual(["Owner", "OwnerInput", "Pet", "PetInput"]);
      expect(refName(bodySchema(doc, "POST /owners"))).toBe("OwnerInput");
      expect(refName((component(doc, "OwnerInput").properties as Record<string, Node>).pet)).toBe("PetInput");
      expect(refName((component(doc, "Owner").properties as Record<string, Node>).pet)).toBe("Pet");
    });

    it("zod: a registered schema used on both sides gets the registered name and its Input twin", async () => {
      const Shirt = z.object({ size: z.string().default("m") });
      const doc = build(version, { "POST /shirts": { body: Shirt, 200: Shirt } }, { schemas: { Shirt } });
      await expectCleanDocument(doc);
      expect(refName(bodySchema(doc, "POST /shirts"))).toBe("ShirtInput");
      expect(refName(responseSchema(doc, "POST /shirts"))).toBe("Shirt");
      expect(accepts(doc, component(doc, "ShirtInput"), {})).toBe(true);
      expect(accepts(doc, component(doc, "Shirt"), {})).toBe(false);
    });
  });
});
