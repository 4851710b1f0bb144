/**
 * Component names (issue point 3): from the `schemas` map key or the vendor's own
 * identifier (Zod's `.meta({ id })`, Valibot's global definitions); a named schema is a
 * `$ref` wherever it is used; unnamed schemas are inlined; one name, one schema
 * (`DUPLICATE_SCHEMA` naming both places); identical hoisted definitions are one component.
 */
import { addGlobalDefs } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAPI, SpecloomError, type StandardJSONSchemaV1 } from "specloom";
import {
  accepts,
  at,
  bodySchema,
  build,
  component,
  componentNames,
  expectAcceptance,
  expectCleanDocument,
  fixed,
  info,
  refName,
  responseSchema,
  thrown,
  vb,
  VERSIONS,
  type Node,
} from "./support";

const Pet = z.object({ name: z.string(), tag: z.string().optional() }).meta({ id: "Pet" });

// Valibot names a definition when it is registered globally (`addGlobalDefs`); this module only.
const VPet = v.object({ name: v.string(), tag: v.optional(v.string()) });
addGlobalDefs({ VPet });

/** Component names a vendor made up; none of them may name a component. */
const GENERATED = /^(__schema\d+|\d+|(type|intersection|union|morph|alias|structure|sequence|domain|proto|unit)\d+)$/;

describe.each(VERSIONS)("OpenAPI %s", (version) => {
  describe("names from the schemas map", () => {
    const shapes: Record<string, StandardJSONSchemaV1> = {
      zod: z.object({ id: z.number() }),
      arktype: type({ id: "number" }),
      valibot: vb(v.object({ id: v.number() })),
    };

    it.each(Object.keys(shapes))("%s: a registered schema is a $ref at its first and only use", async (library) => {
      const Thing = shapes[library] as StandardJSONSchemaV1;
      const doc = build(version, { "GET /things/{id}": { 200: Thing } }, { schemas: { Thing } });
      await expectCleanDocument(doc);
      expect(refName(responseSchema(doc, "GET /things/{id}"))).toBe("Thing");
      expectAcceptance(doc, responseSchema(doc, "GET /things/{id}"), [{ id: 1 }], [{ id: "1" }, {}], library);
    });

    it.each(Object.keys(shapes))("%s: a registered schema no route uses is still a component", async (library) => {
      const doc = build(version, {}, { schemas: { Thing: shapes[library] as StandardJSONSchemaV1 } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["Thing"]);
      expect(accepts(doc, component(doc, "Thing"), { id: 1 })).toBe(true);
    });

    it("a status code naming the registered schema and the schema object itself give the same $ref", async () => {
      const Thing = z.object({ id: z.number() });
      const doc = build(version, { "GET /a": { 200: Thing, 201: "Thing" } }, { schemas: { Thing } });
      await expectCleanDocument(doc);
      expect(responseSchema(doc, "GET /a", 200)).toEqual(responseSchema(doc, "GET /a", 201));
      expect(refName(responseSchema(doc, "GET /a", 201))).toBe("Thing");
    });

    it("the builder's .schema() names a component the same way", async () => {
      const Thing = z.object({ id: z.number() });
      const doc = new OpenAPI({ info, openapi: version }).schema("Thing", Thing).route("GET /a", { 200: Thing }).document();
      await expectCleanDocument(doc);
      expect(refName(responseSchema(doc, "GET /a"))).toBe("Thing");
      expect(doc).toEqual(build(version, { "GET /a": { 200: Thing } }, { schemas: { Thing } }));
    });
  });

  describe("names from the vendor's identifier", () => {
    it("zod: .meta({ id }) on the schema itself names a component, and no `id` keyword reaches the output", async () => {
      const doc = build(version, { "GET /pets/{id}": { 200: Pet } });
      await expectCleanDocument(doc);
      expect(refName(responseSchema(doc, "GET /pets/{id}"))).toBe("Pet");
      expect(componentNames(doc)).toEqual(["Pet"]);
      expect(component(doc, "Pet")).not.toHaveProperty("id");
    });

    it("zod: .meta({ id }) on a nested schema (a $defs or, for openapi-3.0, definitions key) names a component", async () => {
      const Owner = z.object({ pet: Pet, pets: z.array(Pet), name: z.string() });
      const doc = build(version, { "GET /owners": { 200: Owner } });
      await expectCleanDocument(doc);
      const owner = responseSchema(doc, "GET /owners");
      expect(refName(owner), "the wrapper has no name, so it is inlined").toBeUndefined();
      const properties = owner.properties as Record<string, Node>;
      expect(refName(properties.pet)).toBe("Pet");
      expect(refName(properties.pets?.items), "an array of a named schema has a $ref as items").toBe("Pet");
      expect(componentNames(doc)).toEqual(["Pet"]);
      expectAcceptance(doc, owner, [{ pet: { name: "a" }, pets: [{ name: "b", tag: "t" }], name: "o" }], [{ pet: {}, pets: [], name: "o" }, { pet: { name: "a" }, pets: [{ name: 1 }], name: "o" }], "Owner");
    });

    it("zod: an array of a named schema, as the body and the response, is an array of $refs", async () => {
      const doc = build(version, { "PUT /pets": { body: z.array(Pet), 200: z.array(Pet) } });
      await expectCleanDocument(doc);
      for (const position of [bodySchema(doc, "PUT /pets"), responseSchema(doc, "PUT /pets")]) {
        expect(position.type).toBe("array");
        expect(refName(position.items)).toMatch(/^Pet(Input)?$/);
      }
    });

    it("valibot: a globally defined schema names a component, nested, in arrays and as the root", async () => {
      const doc = build(version, { "PUT /pets": { body: vb(v.object({ pet: VPet, all: v.array(VPet) })), 200: vb(VPet) } });
      await expectCleanDocument(doc);
      const body = bodySchema(doc, "PUT /pets").properties as Record<string, Node>;
      expect(refName(body.pet)).toBe("VPet");
      expect(refName(body.all?.items)).toBe("VPet");
      expect(refName(responseSchema(doc, "PUT /pets"))).toBe("VPet");
      expect(componentNames(doc)).toEqual(["VPet"]);
    });

    it("a root `id` keyword (Zod's form for a schema that is itself the identified one) names the component and is removed", async () => {
      // A property called `id` is data about the object, not the keyword: it stays.
      const Tagged = fixed({ id: "Tagged", type: "object", properties: { id: { type: "string" } }, required: ["id"] }, "zod");
      const doc = build(version, { "POST /tagged": { body: Tagged, 200: Tagged } });
      await expectCleanDocument(doc);
      expect(refName(bodySchema(doc, "POST /tagged"))).toBe("Tagged");
      expect(refName(responseSchema(doc, "POST /tagged"))).toBe("Tagged");
      expect(component(doc, "Tagged")).toEqual({ type: "object", properties: { id: { type: "string" } }, required: ["id"] });
    });

    it("identifiers that are not valid component names become valid ones, and their $refs resolve", async () => {
      const Shape = z.object({ a: z.string().meta({ id: "a/b" }), b: z.number().meta({ id: "my pet" }), c: z.boolean().meta({ id: "x~y" }) });
      const doc = build(version, { "GET /shapes": { 200: Shape } });
      await expectCleanDocument(doc);
      for (const name of componentNames(doc)) expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(componentNames(doc)).toHaveLength(3);
      expectAcceptance(doc, responseSchema(doc, "GET /shapes"), [{ a: "s", b: 1, c: true }], [{ a: 1, b: 1, c: true }, { a: "s", b: "1", c: true }], "Shape");
    });

    it("identifiers that are Object.prototype members are data, not a way into Object.prototype", async () => {
      const Doc = fixed(JSON.parse('{"type":"object","properties":{"p":{"$ref":"#/$defs/__proto__"},"c":{"$ref":"#/$defs/constructor"}},"$defs":{"__proto__":{"type":"string"},"constructor":{"type":"number"}}}'));
      const doc = build(version, { "GET /protos": { 200: Doc } });
      await expectCleanDocument(doc);
      const schemas = at(doc, "components", "schemas") as Node;
      expect([Object.prototype, null]).toContain(Object.getPrototypeOf(schemas));
      expect(Object.keys(schemas)).toHaveLength(2);
      expect(Object.prototype.hasOwnProperty.call(schemas, "constructor")).toBe(true);
      expectAcceptance(doc, responseSchema(doc, "GET /protos"), [{ p: "s", c: 1 }], [{ p: 1, c: 1 }, { p: "s", c: "1" }], "protos");
    });

    it("an identifier that already is a valid component name is used as it is", async () => {
      // OpenAPI allows ^[a-zA-Z0-9.\-_]+$; only names outside it need changing. A registered
      // `_Base` keeps its underscore, so a vendor's `_Base` should too.
      const Base = z.object({ id: z.string() }).meta({ id: "_Base" });
      const doc = build(version, { "GET /a": { 200: z.object({ base: Base }) } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["_Base"]);
    });

    it("zod: an identifier made of digits is the user's name too, not a generated one", async () => {
      // Valibot's generated keys are digits, but Zod's are `__schema0`: `.meta({ id: "404" })` is the user's.
      const NotFound = z.object({ message: z.string() }).meta({ id: "404" });
      const doc = build(version, { "GET /a": { 404: z.object({ error: NotFound }) } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["404"]);
      expect(refName((responseSchema(doc, "GET /a", 404).properties as Record<string, unknown>).error)).toBe("404");
    });

    it.each(["zod", "arktype", "valibot"])("%s: definitions the vendor made up never name a component", async (library) => {
      type Rec = { name: string; kids: Rec[] };
      const ZRec: z.ZodType = z.object({ name: z.string(), get kids() { return z.array(ZRec); } });
      const VRec: v.GenericSchema<Rec> = v.object({ name: v.string(), kids: v.array(v.lazy(() => VRec)) });
      const ark = scopeRec();
      const schema = library === "zod" ? z.object({ a: ZRec, b: ZRec }) : library === "arktype" ? ark : vb(v.object({ a: VRec, b: VRec }));
      const doc = build(version, { "POST /recs": { body: schema, 200: schema } });
      await expectCleanDocument(doc);
      for (const name of componentNames(doc)) expect(name).not.toMatch(GENERATED);
    });
  });

  describe("nullable references to named schemas", () => {
    it("zod: Pet.nullable() is Pet or null, in both positions", async () => {
      const doc = build(version, { "PUT /pets/{id}": { body: z.object({ pet: Pet.nullable() }), 200: z.object({ pet: Pet.nullable() }) } });
      await expectCleanDocument(doc);
      for (const position of [bodySchema(doc, "PUT /pets/{id}"), responseSchema(doc, "PUT /pets/{id}")]) {
        expectAcceptance(doc, position, [{ pet: null }, { pet: { name: "rex" } }], [{ pet: { name: 1 } }, { pet: "rex" }], "nullable Pet");
      }
    });

    it("valibot: v.nullable(VPet) is VPet or null, in both positions", async () => {
      const shape = vb(v.object({ pet: v.nullable(VPet) }));
      const doc = build(version, { "PUT /pets/{id}": { body: shape, 200: shape } });
      await expectCleanDocument(doc);
      for (const position of [bodySchema(doc, "PUT /pets/{id}"), responseSchema(doc, "PUT /pets/{id}")]) {
        expectAcceptance(doc, position, [{ pet: null }, { pet: { name: "rex" } }], [{ pet: { name: 1 } }], "nullable VPet");
      }
    });
  });

  describe("identical definitions under one name", () => {
    it("zod: Pet nested in two unrelated schemas is one component", async () => {
      const doc = build(version, { "GET /a": { 200: z.object({ first: Pet }) }, "GET /b": { 200: z.object({ second: z.array(Pet) }) }, "GET /c": { 200: Pet } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["Pet"]);
    });

    it("zod: two schema objects built alike, with one id, are one component", async () => {
      const PetAgain = z.object({ name: z.string(), tag: z.string().optional() }).meta({ id: "Pet" });
      const doc = build(version, { "GET /a": { 200: Pet }, "GET /b": { 200: PetAgain }, "GET /c": { 200: z.object({ p: PetAgain }) } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["Pet"]);
      expect(refName(responseSchema(doc, "GET /b"))).toBe("Pet");
    });
  });

  describe("DUPLICATE_SCHEMA", () => {
    it("two different schemas inside one Zod schema claiming one id (Zod refuses to convert it)", () => {
      const Claimed = z.object({ a: z.object({ q: z.string() }).meta({ id: "Q" }), b: z.object({ q: z.number() }).meta({ id: "Q" }) });
      const error = thrown(() => build(version, { "GET /a": { 200: Claimed } }));
      expect(error.code).toBe("DUPLICATE_SCHEMA");
      expect(error.message).toBe('paths["GET /a"][200]: two different schemas inside this zod schema claim the name "Q" (an id such as .meta({ id })); give each its own');
      expect((error.cause as Error).message).toMatch(/^Duplicate schema id "Q"/);
    });

    it("the same schema object registered under two names, naming both", () => {
      const Thing = z.object({ id: z.number() });
      const error = thrown(() => build(version, {}, { schemas: { First: Thing, Second: Thing } }));
      expect(error).toBeInstanceOf(SpecloomError);
      expect(error.code).toBe("DUPLICATE_SCHEMA");
      expect(error.message).toContain("schemas.First");
      expect(error.message).toContain("schemas.Second");
    });

    it("the same schema object given two names through the builder, naming both calls", () => {
      const Thing = z.object({ id: z.number() });
      const error = thrown(() => new OpenAPI({ info, openapi: version }).schema("First", Thing).schema("Second", Thing).document());
      expect(error.code).toBe("DUPLICATE_SCHEMA");
      expect(error.message).toContain('schema("First")');
      expect(error.message).toContain('schema("Second")');
    });

    it("two different schemas registered under one name through the builder", () => {
      const error = thrown(() => new OpenAPI({ info, openapi: version }).schema("Thing", z.string()).schema("Thing", z.number()));
      expect(error.code).toBe("DUPLICATE_SCHEMA");
      expect(error.message).toMatch(/schema\("Thing"\)[\s\S]*schema\("Thing"\)/);
    });

    it("two different schemas claiming one id in two responses, naming both routes", () => {
      const Other = z.object({ legs: z.number() }).meta({ id: "Pet" });
      const error = thrown(() => build(version, { "GET /pets": { 200: Pet }, "GET /others": { 200: Other } }));
      expect(error.code).toBe("DUPLICATE_SCHEMA");
      expect(error.message).toContain("GET /pets");
      expect(error.message).toContain("GET /others");
    });

    it("two different schemas claiming one id, one used in a request and the other in a response", () => {
      // Not the input and output forms of one schema: two schemas. One must not become `PetInput`.
      const Other = z.object({ legs: z.number() }).meta({ id: "Pet" });
      const error = thrown(() => build(version, { "POST /pets": { body: Other, 200: Pet } }));
      expect(error.code).toBe("DUPLICATE_SCHEMA");
      expect(error.message).toContain("POST /pets");
    });

    it("a registered name and a different schema's id that claims it", () => {
      // schemas.Pet is one schema; Pet (with .meta({ id: "Pet" })) used by a route is another.
      const error = thrown(() => build(version, { "GET /pets": { 200: Pet } }, { schemas: { Pet: z.object({ species: z.string() }) } }));
      expect(error.code).toBe("DUPLICATE_SCHEMA");
      expect(error.message).toContain("schemas.Pet");
      expect(error.message).toContain("GET /pets");
    });

    it("a registered schema used in requests and another schema claiming its name in responses", () => {
      const Registered = z.object({ species: z.string() });
      const error = thrown(() => build(version, { "POST /pets": { body: Registered, 200: Pet } }, { schemas: { Pet: Registered } }));
      expect(error.code).toBe("DUPLICATE_SCHEMA");
    });

    it("a name derived for an unnamed recursive schema is never merged with a user's identifier", async () => {
      // The recursive body needs a component; whatever it is called, the user's `PostTreesBody`
      // must stay the user's schema, and the tree must stay a tree.
      type T = { name: string; children: T[] };
      const Tree: z.ZodType<T> = z.object({ name: z.string(), get children() { return z.array(Tree); } });
      const UserNamed = z.object({ flat: z.string() }).meta({ id: "PostTreesBody" });
      const doc = build(version, { "POST /trees": { body: Tree }, "GET /flat": { 200: UserNamed } });
      await expectCleanDocument(doc);
      expect(refName(responseSchema(doc, "GET /flat"))).toBe("PostTreesBody");
      expect(accepts(doc, responseSchema(doc, "GET /flat"), { flat: "x" })).toBe(true);
      const tree = bodySchema(doc, "POST /trees");
      expect(refName(tree)).not.toBe("PostTreesBody");
      // `PostTreesBodyInput` may only ever be the input form of the user's `PostTreesBody`.
      if (componentNames(doc).includes("PostTreesBodyInput")) {
        expect(accepts(doc, component(doc, "PostTreesBodyInput"), { flat: "x" }), "PostTreesBodyInput is the input form of PostTreesBody").toBe(true);
      }
      expectAcceptance(doc, tree, [{ name: "a", children: [{ name: "b", children: [] }] }], [{ flat: "x" }], "tree");
    });

    it("a made-up name steps aside when it is the NameInput a chosen name needs", async () => {
      // The unnamed tree under `input` is made up as PostXBodyInput; the user's PostXBody
      // (different input and output forms: a default) needs that name for its input form.
      type T = { name: string; children: T[] };
      const Tree: z.ZodType<T> = z.object({ name: z.string(), get children() { return z.array(Tree); } });
      const User = z.object({ a: z.string().default("x") }).meta({ id: "PostXBody" });
      const doc = build(version, { "POST /x": { body: z.object({ input: Tree }) }, "GET /y": { 200: User }, "PUT /y": { body: User } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["PostXBody", "PostXBodyInput", "PostXBodyInput2"]);
      expect(refName(responseSchema(doc, "GET /y"))).toBe("PostXBody");
      expect(refName(bodySchema(doc, "PUT /y"))).toBe("PostXBodyInput");
      expect(accepts(doc, component(doc, "PostXBodyInput"), {})).toBe(true);
      expectAcceptance(doc, component(doc, "PostXBodyInput2"), [{ name: "a", children: [] }], [{ a: "x" }], "tree");
    });

    it("a made-up name steps aside when its own NameInput is a chosen name", async () => {
      type T = { name: string; children: T[] };
      const Tree: z.ZodType<T> = z.object({ name: z.string(), get children() { return z.array(Tree); } });
      const Chosen = z.object({ q: z.number() }).meta({ id: "PostXBodyInput" });
      const doc = build(version, { "POST /x": { body: Tree, 200: Tree }, "GET /y": { 200: Chosen } });
      await expectCleanDocument(doc);
      expect(componentNames(doc)).toEqual(["PostXBodyInput", "PostXBody2", "PostXBody2Input"]);
      expect(refName(responseSchema(doc, "GET /y"))).toBe("PostXBodyInput");
      expect(refName(bodySchema(doc, "POST /x"))).toBe("PostXBody2Input");
      expect(refName(responseSchema(doc, "POST /x"))).toBe("PostXBody2");
    });

    it("two chosen names where one is the other's NameInput: DUPLICATE_SCHEMA naming both places", () => {
      const User = z.object({ a: z.string().default("x") }).meta({ id: "User" });
      const Other = z.object({ b: z.number() }).meta({ id: "UserInput" });
      const error = thrown(() => build(version, { "GET /u": { 200: User }, "PUT /u": { body: User }, "GET /o": { 200: Other } }));
      expect(error.code).toBe("DUPLICATE_SCHEMA");
      expect(error.message).toBe('paths["PUT /u"].body: the input form of "User" needs the name "UserInput", which the schema used at paths["GET /o"][200] already has; rename one of them');
    });
  });
});

/** ArkType's own cyclic definitions (`type1`, `intersection213`...), reached from two properties. */
function scopeRec(): StandardJSONSchemaV1 {
  const node = type({ name: "string", kids: "this[]" });
  return type({ a: node, b: node });
}
