/**
 * `transformSchema` (issue point 5): it receives every schema the document uses, with its
 * location ("body", "response", "query", "path", "header", "cookie"), and each component
 * once, as "component" with its `name`. What it returns is what the document holds, in the
 * document's dialect.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteShorthand, SchemaContext, SchemaOrRef, SpecloomPlugin } from "specloom";
import {
  bodySchema,
  build,
  component,
  componentNames,
  dialectProblems,
  expectCleanDocument,
  parameter,
  responseSchema,
  VERSIONS,
  type Node,
} from "./support";

const Pet = z.object({ name: z.string(), tag: z.string().default("none"), age: z.number().nullable() }).meta({ id: "Pet" });
const Owner = z.object({ name: z.string() }).meta({ id: "Owner" });

function recorder(transform: (schema: SchemaOrRef, context: SchemaContext) => SchemaOrRef = (schema) => schema) {
  const seen: { schema: SchemaOrRef; context: SchemaContext }[] = [];
  const plugin: SpecloomPlugin = {
    name: "recorder",
    transformSchema: (schema, context) => {
      seen.push({ schema: structuredClone(schema), context: { ...context } });
      return transform(schema, context);
    },
  };
  return { plugin, seen };
}

const everyPosition: Record<string, RouteShorthand> = {
  "POST /owners/{ownerId}/pets": {
    params: z.object({ ownerId: z.string() }),
    query: z.object({ dryRun: z.boolean().optional() }),
    headers: z.object({ "x-trace": z.string() }),
    cookies: z.object({ session: z.string() }),
    body: Pet,
    201: { schema: Pet, headers: { "x-pet-id": { schema: z.string() } } },
    409: z.object({ message: z.string() }),
  },
  "GET /pets": { 200: z.array(Pet) },
  "GET /pets/{id}": { params: z.object({ id: z.string() }), 200: "Pet" },
  "GET /owners": { 200: z.array(Owner) },
};

describe.each(VERSIONS)("OpenAPI %s", (version) => {
  it("is called for every position, each with its location", async () => {
    const { plugin, seen } = recorder();
    const doc = build(version, everyPosition, { schemas: { Pet }, plugins: [plugin] });
    await expectCleanDocument(doc);
    const locations = new Set(seen.map((s) => s.context.location));
    expect([...locations].sort()).toEqual(["body", "component", "cookie", "header", "path", "query", "response"]);
    const count = (location: string) => seen.filter((s) => s.context.location === location).length;
    expect(count("path")).toBe(2); // ownerId, id
    expect(count("query")).toBe(1);
    expect(count("cookie")).toBe(1);
    expect(count("body")).toBe(1);
    expect(count("response")).toBe(5); // 201, 409, GET /pets, GET /pets/{id}, GET /owners
    expect(count("header")).toBeGreaterThanOrEqual(1); // the request header; a response header's schema may count too
  });

  it("is called once per component, with its name, however often the component is used", async () => {
    const { plugin, seen } = recorder();
    const doc = build(version, everyPosition, { schemas: { Pet }, plugins: [plugin] });
    await expectCleanDocument(doc);
    const components = seen.filter((s) => s.context.location === "component");
    const names = components.map((s) => s.context.name);
    expect(names.sort()).toEqual(componentNames(doc).sort());
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["Pet", "PetInput", "Owner"]));
    for (const s of seen) if (s.context.location !== "component") expect(s.context.name).toBeUndefined();
  });

  it("receives the schemas the document holds, in the document's dialect", async () => {
    const { plugin, seen } = recorder();
    const withHook = build(version, everyPosition, { schemas: { Pet }, plugins: [plugin] });
    const without = build(version, everyPosition, { schemas: { Pet } });
    await expectCleanDocument(withHook);
    expect(withHook).toEqual(without);
    for (const { schema, context } of seen) {
      if (context.location === "component") expect(schema).toEqual(component(without, context.name as string));
      const asDocument = { openapi: version, info: {}, paths: {}, components: { schemas: { received: schema } } };
      expect(dialectProblems(asDocument), `${context.location} ${context.name ?? ""}`).toEqual([]);
    }
    // A position that uses a named schema receives the reference, not a copy of the component.
    const body = seen.find((s) => s.context.location === "body");
    expect(body?.schema).toEqual({ $ref: "#/components/schemas/PetInput" });
  });

  it("what it returns is what the document holds, at every position and for every component", async () => {
    const { plugin } = recorder((schema, context) => ({ ...schema, "x-seen-as": context.name ?? context.location }));
    const doc = build(version, everyPosition, { schemas: { Pet }, plugins: [plugin] });
    await expectCleanDocument(doc);
    for (const name of componentNames(doc)) expect(component(doc, name)["x-seen-as"]).toBe(name);
    const key = "POST /owners/{ownerId}/pets";
    expect(bodySchema(doc, key)["x-seen-as"]).toBe("body");
    expect(responseSchema(doc, key, 409)["x-seen-as"]).toBe("response");
    expect((parameter(doc, key, "ownerId", "path").schema as Node)["x-seen-as"]).toBe("path");
    expect((parameter(doc, key, "dryRun", "query").schema as Node)["x-seen-as"]).toBe("query");
    expect((parameter(doc, key, "x-trace", "header").schema as Node)["x-seen-as"]).toBe("header");
    expect((parameter(doc, key, "session", "cookie").schema as Node)["x-seen-as"]).toBe("cookie");
  });

  it("what it returns is written in the document's dialect", async () => {
    // The plugin speaks JSON Schema 2020-12; a 3.0.3 document must still hold 3.0 Schema Objects.
    const { plugin } = recorder((schema, context) =>
      context.location === "component" && context.name === "Owner" ? { ...schema, examples: [{ name: "ann" }], properties: { name: { type: ["string", "null"], const: "ann" } } } : schema,
    );
    const doc = build(version, everyPosition, { schemas: { Pet }, plugins: [plugin] });
    await expectCleanDocument(doc);
    const owner = component(doc, "Owner");
    if (version === "3.0.3") {
      expect(owner.example).toEqual({ name: "ann" });
      expect((owner.properties as Record<string, Node>).name).toMatchObject({ type: "string", nullable: true });
    } else {
      expect(owner.examples).toEqual([{ name: "ann" }]);
    }
  });

  it("a response header's schema is given too", async () => {
    const { plugin, seen } = recorder();
    const doc = build(version, { "GET /a": { 200: { schema: z.string(), headers: { "x-rate": { schema: z.number() } } } } }, { plugins: [plugin] });
    await expectCleanDocument(doc);
    expect(seen).toHaveLength(2);
    const header = seen.find((s) => (s.schema as Node).type === "number");
    expect(["header", "response"]).toContain(header?.context.location);
  });
});
