import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { extend, type StandardJSONSchemaV1 } from "specloom";
import { catchError, info, operation, responseSchema, ways } from "./helpers";

type StandardProps = StandardJSONSchemaV1["~standard"] & {
  validate: (value: unknown) => { value?: unknown; issues?: readonly unknown[] } | Promise<unknown>;
};
const props = (schema: StandardJSONSchemaV1) => schema["~standard"] as StandardProps;
const json = (schema: StandardJSONSchemaV1, side: "input" | "output" = "output", target = "draft-2020-12") =>
  schema["~standard"].jsonSchema[side]({ target }) as Record<string, unknown>;

/** `{ name: string, age: integer }`, with good and bad data, per library. */
const libraries: { name: string; make: () => StandardJSONSchemaV1 }[] = [
  { name: "zod", make: () => z.object({ name: z.string(), age: z.number().int() }) },
  { name: "arktype", make: () => type({ name: "string", age: "number.integer" }) },
  { name: "valibot", make: () => toStandardJsonSchema(v.object({ name: v.string(), age: v.pipe(v.number(), v.integer()) })) },
];
const good = { name: "Ada", age: 36 };
const bad = { name: "Ada", age: "old" };
const overlay = { description: "A person", examples: [{ name: "Ada", age: 36 }], properties: { name: { description: "Full name" } } };

describe.each(libraries)("extend() on a $name schema", ({ make }) => {
  it("overlays the input and output JSON Schema for every target, deep-merging objects", () => {
    const extended = extend(make(), overlay);
    for (const target of ["draft-2020-12", "draft-07", "openapi-3.0"]) {
      for (const side of ["input", "output"] as const) {
        let produced: Record<string, unknown>;
        try {
          produced = json(extended, side, target);
        } catch {
          continue; // the vendor does not write this target (ArkType and openapi-3.0)
        }
        expect(produced.description, `${side} ${target}`).toBe("A person");
        expect(produced.examples).toEqual([{ name: "Ada", age: 36 }]);
        const properties = produced.properties as Record<string, Record<string, unknown>>;
        expect(properties.name).toEqual({ type: "string", description: "Full name" });
        expect(properties.age?.type).toBe("integer");
      }
    }
  });

  it("leaves the original schema as it was", () => {
    const original = make();
    const before = JSON.stringify(json(original));
    const standard = original["~standard"];
    const extended = extend(original, overlay);
    expect(extended).not.toBe(original);
    expect(json(extended).description).toBe("A person");
    expect(JSON.stringify(json(original))).toBe(before);
    expect(json(original)).not.toHaveProperty("description");
    if (typeof original === "object") expect(Object.getOwnPropertyDescriptor(original, "~standard")?.value ?? original["~standard"]).toStrictEqual(standard);
  });

  it("keeps the inferred input and output types (a compile-time check)", () => {
    const original = make();
    const extended = extend(original, overlay);
    expectTypeOf(extended).toEqualTypeOf(original);
    expectTypeOf<StandardJSONSchemaV1.InferOutput<typeof extended>>().toEqualTypeOf<StandardJSONSchemaV1.InferOutput<typeof original>>();
  });

  it("still validates through ~standard.validate, with the original's vendor and version", async () => {
    const original = make();
    const extended = extend(original, overlay);
    expect(props(extended).vendor).toBe(props(original).vendor);
    expect(props(extended).version).toBe(1);
    const ok = (await props(extended).validate(good)) as { value?: unknown; issues?: unknown };
    expect(ok.value).toEqual(good);
    expect(ok.issues).toBeUndefined();
    const failed = (await props(extended).validate(bad)) as { issues?: readonly { message: string }[] };
    expect(failed.issues?.length).toBeGreaterThan(0);
    expect(typeof failed.issues?.[0]?.message).toBe("string");
  });

  it("answers each call with a fresh object, and ignores later changes to the overlay", () => {
    const layer: Record<string, unknown> = { description: "first", properties: { name: { minLength: 1 } } };
    const extended = extend(make(), layer);
    layer.description = "changed";
    (layer.properties as Record<string, Record<string, unknown>>).name!.minLength = 99;
    const first = json(extended);
    expect(first.description).toBe("first");
    (first.properties as Record<string, Record<string, unknown>>).name!.minLength = 5;
    first.description = "mutated";
    const second = json(extended);
    expect(second.description).toBe("first");
    expect((second.properties as Record<string, Record<string, unknown>>).name!.minLength).toBe(1);
  });

  it("stacks: extending an extended schema merges both overlays", async () => {
    const twice = extend(extend(make(), { description: "inner", title: "Person" }), { description: "outer" });
    expect(json(twice)).toMatchObject({ title: "Person", description: "outer" });
    expect(await props(twice).validate(good)).toMatchObject({ value: good });
  });

  it("keeps __proto__, constructor and prototype overlay keys as data, never reaching Object.prototype", () => {
    const hostile = JSON.parse('{ "__proto__": { "polluted": true }, "constructor": { "prototype": { "polluted": true } }, "properties": { "__proto__": { "polluted": true } } }');
    const extended = extend(make(), hostile);
    const produced = json(extended);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(Object.getPrototypeOf(produced)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(produced, "__proto__")?.value).toEqual({ polluted: true });
    expect(Object.getOwnPropertyDescriptor(produced, "constructor")?.value).toEqual({ prototype: { polluted: true } });
    const properties = produced.properties as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(properties, "__proto__")?.value).toEqual({ polluted: true });
    expect(Object.keys(properties)).toContain("name");
  });
});

describe("extend() keeps each library's own API", () => {
  it("Zod: .parse and .safeParse work on the extended schema", () => {
    const extended = extend(z.object({ name: z.string(), age: z.number().int() }), { description: "A person" });
    expect(extended.parse(good)).toEqual(good);
    expect(() => extended.parse(bad)).toThrow();
    expect(extended.safeParse(bad).success).toBe(false);
    expect(extended.shape.name).toBeDefined();
  });

  it("ArkType: the extended type is still a callable function", () => {
    const extended = extend(type({ name: "string", age: "number.integer" }), { description: "A person" });
    expect(typeof extended).toBe("function");
    expect(extended(good)).toEqual(good);
    expect(extended(bad)).toBeInstanceOf(type.errors);
    expect(extended.allows(good)).toBe(true);
    expect(extended.assert(good)).toEqual(good);
  });

  it("Valibot: the wrapped schema validates through ~standard", async () => {
    const extended = extend(toStandardJsonSchema(v.object({ name: v.string() })), { description: "Named" });
    expect(await props(extended).validate({ name: "x" })).toMatchObject({ value: { name: "x" } });
    expect(((await props(extended).validate({ name: 1 })) as { issues?: unknown[] }).issues?.length).toBe(1);
  });

  it("reports the overridden ~standard through getOwnPropertyDescriptor as well", () => {
    const extended = extend(z.string(), { description: "Text" });
    expect(Object.getOwnPropertyDescriptor(extended, "~standard")?.value).toBe(extended["~standard"]);
    expect("~standard" in extended).toBe(true);
  });

  it("refuses to replace ~standard through the extended schema, which would change the original's", () => {
    const original = z.string();
    const standard = original["~standard"];
    const extended = extend(original, { description: "Text" }) as unknown as Record<string, unknown>;
    expect(() => {
      extended["~standard"] = {};
    }).toThrow(TypeError);
    expect(() => delete extended["~standard"]).toThrow(TypeError);
    expect(original["~standard"]).toBe(standard);
    expect(json(extended as unknown as StandardJSONSchemaV1).description).toBe("Text");
  });

  it("a frozen schema gives a plain Standard JSON Schema that still validates", async () => {
    const inner = z.string();
    const frozen = Object.freeze({ "~standard": inner["~standard"] }) as StandardJSONSchemaV1;
    const extended = extend(frozen, { description: "Text" });
    expect(json(extended).description).toBe("Text");
    expect(await props(extended).validate("a")).toEqual({ value: "a" });
    expect(json(frozen)).not.toHaveProperty("description");
  });

  it("keeps a schema's runtime ~standard.types object (a library that fills it in)", () => {
    const types = { input: "in", output: "out" };
    const written = { type: "string" };
    const handMade = { "~standard": { version: 1, vendor: "hand", types, validate: (value: unknown) => ({ value }), jsonSchema: { input: () => ({ ...written }), output: () => ({ ...written }) } } } as unknown as StandardJSONSchemaV1;
    const extended = extend(handMade, { description: "Text" });
    expect(extended["~standard"].types).toBe(types);
    expect(json(extended).description).toBe("Text");
  });
});

describe("extend() overlays", () => {
  it("go into the definition a bare $ref root points to (Zod .meta({ id }))", () => {
    const User = z.object({ id: z.string() }).meta({ id: "User" });
    const produced = json(extend(User, { description: "A user" }));
    expect(produced.$ref).toBe("#/$defs/User");
    expect(produced).not.toHaveProperty("description");
    expect((produced.$defs as Record<string, Record<string, unknown>>).User?.description).toBe("A user");
  });

  it("replace arrays and scalars rather than merging them", () => {
    const schema = z.string().meta({ examples: ["a", "b"] });
    const produced = json(extend(schema, { examples: ["c"], type: "string", maxLength: 3 }));
    expect(produced.examples).toEqual(["c"]);
    expect(produced.maxLength).toBe(3);
  });
});

describe("extend() errors", () => {
  it("rejects a value that is not a Standard JSON Schema", () => {
    const error = catchError(() => extend({} as StandardJSONSchemaV1, { description: "x" }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe("extend(schema)");
    const valibot = catchError(() => extend(v.string() as unknown as StandardJSONSchemaV1, { description: "x" }));
    expect(valibot.message).toContain("toStandardJsonSchema()");
  });

  it.each([["an array", []], ["null", null], ["a string", "text"]])("rejects %s as the overlay", (_label, overlayValue) => {
    const error = catchError(() => extend(z.string(), overlayValue as never));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe("extend(overlay)");
  });

  it("rejects an overlay that holds something JSON cannot, naming where", () => {
    const error = catchError(() => extend(z.string(), { properties: { a: { default: () => 1 } } }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toContain("extend(overlay).properties.a.default");
  });
});

describe.each(ways)("extend() through $way, OpenAPI $version", ({ build, make, version }) => {
  it.each(libraries)("puts the overlay of a $name schema into the document", async ({ make: schema }) => {
    const Person = extend(schema(), overlay);
    const document = await build({ info, paths: { "POST /people": { body: Person, 201: Person } } });
    const body = (operation(document, "/people", "post").requestBody as { content: Record<string, { schema: Record<string, unknown> }> }).content["application/json"]?.schema;
    const response = responseSchema(document, "/people", "post", "201") as Record<string, unknown>;
    for (const written of [body, response]) {
      expect(written?.description).toBe("A person");
      expect((written?.properties as Record<string, Record<string, unknown>>).name?.description).toBe("Full name");
      if (version === "3.0.3") expect(written?.example).toEqual({ name: "Ada", age: 36 });
      else expect(written?.examples).toEqual([{ name: "Ada", age: 36 }]);
    }
  });

  it("keeps a Zod schema's component name, for input and output forms", async () => {
    const Settings = z.object({ theme: z.string().default("light") }).meta({ id: "Settings" });
    const Extended = extend(Settings, { description: "User settings" });
    const document = await build({ info, paths: { "PUT /settings": { body: Extended, 200: Extended } } });
    const schemas = document.components?.schemas as Record<string, Record<string, unknown>>;
    expect(Object.keys(schemas)).toEqual(["Settings", "SettingsInput"]);
    expect(schemas.Settings?.description).toBe("User settings");
    expect(schemas.SettingsInput?.description).toBe("User settings");
    expect(responseSchema(document, "/settings", "put", "200")).toEqual({ $ref: "#/components/schemas/Settings" });
  });

  it("registers an extended schema under a name like any other", async () => {
    const Person = extend(libraries[1]!.make(), { description: "A person" });
    const document = await build({ info, schemas: { Person }, paths: { "GET /me": { 200: Person } } });
    expect(responseSchema(document, "/me", "get", "200")).toEqual({ $ref: "#/components/schemas/Person" });
    expect((document.components?.schemas?.Person as Record<string, unknown>).description).toBe("A person");
  });

  it("gives a hostile overlay's keys to the document as data only", async () => {
    const hostile = extend(z.object({ a: z.string() }), JSON.parse('{ "description": "ok", "__proto__": { "polluted": true } }'));
    const document = await build({ info, paths: { "GET /a": { 200: hostile } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((responseSchema(document, "/a", "get", "200") as Record<string, unknown>).description).toBe("ok");
  });

  it("shows the original and the extended Zod schema with one id as a naming conflict", () => {
    const User = z.object({ id: z.string() }).meta({ id: "User" });
    const error = catchError(() => make({ info, paths: { "GET /a": { 200: User }, "GET /b": { 200: extend(User, { description: "x" }) } } }));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toContain('two different schemas are named "User"');
  });
});
