/**
 * Rule 4 (inputs never changed or frozen; frozen inputs merge; the result is fresh and deeply
 * frozen, sharing only with documents Specloom produced) and rule 5 (untrusted input: no
 * prototype pollution, argument checks, JSON-only data, no recursion: 20,000 levels merge).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMerge, merge, openapi, type OpenAPIDocument } from "specloom";
import { danglingRefs, deepFreezeForTest, expectValidOpenAPI, isDeepFrozen, isNothingFrozen } from "../helpers/document";
import { doc, errorOf, op, refsOf, snapshot } from "./fixtures";

/** Every option at its most active, so every code path that could write to an input runs. */
const busiest = createMerge({ components: "rename", operationIds: "rename", pathPrefix: (_d, i) => (i === 2 ? "/v2" : ""), servers: "per-path", security: "per-operation" });

function inputs(): OpenAPIDocument[] {
  const scheme = (type: string) => ({ securitySchemes: { auth: type === "http" ? { type, scheme: "basic" } : { type, name: "k", in: "header" } } });
  return [
    doc("A", {
      servers: [{ url: "https://a.example.com" }],
      security: [{ auth: [] }],
      paths: { "/x/{id}": { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], get: op("get") } },
      components: { schemas: { Pet: { type: "object" } }, ...scheme("http") },
      tags: [{ name: "t" }],
    }),
    doc(
      "B",
      {
        servers: [{ url: "https://b.example.com" }],
        security: [{ auth: [] }],
        paths: { "/x/{id}": { parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }], delete: op("get") } },
        components: { schemas: { Pet: { type: ["object", "null"] }, Box: { properties: { pet: { $ref: "#/components/schemas/Pet" } } } }, ...scheme("apiKey") },
        tags: [{ name: "t", description: "B" }],
      },
      "3.1.0",
    ),
    doc("C", { paths: { "/x/{id}": { get: op("get", { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] }) } } }),
  ];
}

describe("inputs are never changed or frozen (rule 4)", () => {
  it("leaves plain inputs deep-equal to a copy taken before, and unfrozen", async () => {
    const documents = inputs();
    const before = snapshot(documents);
    const result = busiest(...(documents as [OpenAPIDocument, ...OpenAPIDocument[]]));
    expect(documents).toEqual(before);
    for (const document of documents) {
      expect(Object.isFrozen(document)).toBe(false);
      expect(isNothingFrozen(document)).toBe(true);
    }
    // The merge did rewrite things: a renamed schema, a moved parameter, per-path servers, a prefixed path.
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(["Pet", "B_Pet", "Box"]);
    expect(result.paths["/x/{id}"]?.delete?.servers).toEqual([{ url: "https://b.example.com" }]);
    expect(Object.keys(result.paths)).toEqual(["/x/{id}", "/v2/x/{id}"]);
    await expectValidOpenAPI(result);
  });

  it("merges frozen inputs, which are copied, not shared (only Specloom's own documents are trusted)", async () => {
    const documents = inputs().map((d) => deepFreezeForTest(d));
    const result = busiest(...(documents as [OpenAPIDocument, ...OpenAPIDocument[]]));
    expect(result.paths["/x/{id}"]?.get).not.toBe(documents[0]?.paths["/x/{id}"]?.get);
    expect(result.components?.schemas?.Pet).not.toBe(documents[0]?.components?.schemas?.Pet);
    await expectValidOpenAPI(result);
  });

  it("merges two openapi() results that share a path (frozen inputs are what used to crash)", async () => {
    const params = z.object({ id: z.string() });
    const reader = openapi({ info: { title: "Reader", version: "1" }, paths: { "GET /books/{id}": { params, 200: z.object({ title: z.string() }) } } });
    const writer = openapi({ info: { title: "Writer", version: "1" }, paths: { "PUT /books/{id}": { params, body: z.object({ title: z.string() }), 204: null } } });
    const result = merge(reader, writer);
    expect(Object.keys(result.paths["/books/{id}"] as object)).toEqual(["get", "put"]);
    await expectValidOpenAPI(result);
  });
});

describe("the result is fresh and deeply frozen (rule 4)", () => {
  it("freezes every object of the result; changing it throws", async () => {
    const documents = inputs();
    const result = busiest(...(documents as [OpenAPIDocument, ...OpenAPIDocument[]]));
    await expectValidOpenAPI(result);
    expect(result).not.toBe(documents[0]);
    expect(isDeepFrozen(result)).toBe(true);
    expect(() => {
      (result.info as { title: string }).title = "changed";
    }).toThrow(TypeError);
  });

  it("shares subtrees with openapi() results, which are deeply frozen and Specloom's own", async () => {
    const User = z.object({ id: z.string() });
    const a = openapi({ info: { title: "A", version: "1" }, schemas: { User }, paths: { "GET /users": { 200: "User" } } });
    const b = openapi({ info: { title: "B", version: "1" }, paths: { "GET /orders": { 200: z.object({ total: z.number() }) } } });
    const result = merge(a, b);
    expect(result.paths["/users"]).toBe(a.paths["/users"]);
    expect(result.paths["/orders"]).toBe(b.paths["/orders"]);
    expect(result.components?.schemas?.User).toBe(a.components?.schemas?.User);
    expect(result.info).toBe(a.info);
    // A merge result is Specloom's own too: merging it again shares its subtrees.
    const again = merge(result, doc("C"));
    expect(again.paths["/users"]).toBe(a.paths["/users"]);
    await expectValidOpenAPI(result);
    await expectValidOpenAPI(again);
  });

  it("returns a copy when there are no sources", async () => {
    const base = inputs()[0] as OpenAPIDocument;
    const result = merge(base);
    await expectValidOpenAPI(result);
    expect(result).toEqual(base);
    expect(result).not.toBe(base);
    expect(isDeepFrozen(result)).toBe(true);
  });
});

describe("the copies of plain inputs are what JSON.parse would make of them (rule 4)", () => {
  /** Every container of `root` that is an array has no holes; every other one is a `{}`-like object. */
  function shapes(root: unknown): string[] {
    const found: string[] = [];
    const stack: [unknown, string][] = [[root, "#"]];
    while (stack.length > 0) {
      const [node, at] = stack.pop() as [unknown, string];
      if (node === null || typeof node !== "object") continue;
      if (Array.isArray(node)) {
        if (Object.keys(node).length !== node.length) found.push(`${at}: an array with holes`);
      } else if (Object.getPrototypeOf(node) !== Object.prototype) {
        found.push(`${at}: not a plain object`);
      }
      for (const [key, value] of Object.entries(node)) stack.push([value, `${at}/${key}`]);
    }
    return found;
  }

  it("copies objects of any size, null-prototype ones and arrays of any length, keys in their order", async () => {
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) wide[`p${i}`] = { type: i % 2 === 0 ? "string" : "integer" };
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { type: "object", properties: { a: { type: "string" } } });
    const lists = Array.from({ length: 20 }, (_, n) => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? [i, { i }] : i)));
    const base = doc("A", { paths: { "/a": { get: op("a") } }, components: { schemas: { Wide: { type: "object", properties: wide }, Bare: bare }, examples: { Lists: { value: { lists, ["__proto__"]: [1] } } } } });
    const result = merge(base, doc("B", { paths: { "/b": { get: op("b") } } }));
    await expectValidOpenAPI(result);
    expect(shapes(result)).toEqual([]);
    expect(isDeepFrozen(result)).toBe(true);
    // toStrictEqual also compares each object's prototype with JSON.parse's.
    const json = JSON.parse(JSON.stringify(base)) as OpenAPIDocument;
    expect(result.components).toStrictEqual(json.components);
    expect(Object.keys((result.components?.schemas?.Wide as { properties: object }).properties)).toEqual(Object.keys(wide));
  });

  it("copies an array whose getter grows it while it is read whole, without holes", () => {
    const list: unknown[] = ["a", "b"];
    Object.defineProperty(list, 0, {
      get() {
        list.push(String.fromCharCode(97 + list.length));
        return "a";
      },
      enumerable: true,
      configurable: true,
    });
    const result = merge(doc("A", { components: { examples: { E: { value: list } } } }));
    const copy = result.components?.examples?.E as { value: unknown[] };
    expect(shapes(copy)).toEqual([]);
    expect(copy.value.slice(0, 3)).toEqual(["a", "b", "c"]);
    expect(copy.value.every((item) => typeof item === "string")).toBe(true);
    expect(Object.isFrozen(copy.value)).toBe(true);
  });
});

describe("untrusted input: __proto__, constructor and prototype are ordinary keys (rule 5)", () => {
  const hostile = `{
    "openapi": "3.0.3",
    "info": { "title": "Hostile", "version": "1", "__proto__": { "polluted": "info" } },
    "paths": {
      "__proto__": { "get": { "responses": { "200": { "description": "proto path" } } } },
      "/a": { "__proto__": { "polluted": "path item" }, "get": { "operationId": "a", "responses": { "200": { "description": "OK" } } } }
    },
    "components": {
      "schemas": {
        "__proto__": { "type": "object", "properties": { "__proto__": { "type": "string" }, "constructor": { "type": "string" }, "prototype": { "type": "string" } } },
        "constructor": { "type": "object", "__proto__": { "polluted": "schema" } }
      }
    },
    "tags": [{ "name": "__proto__", "__proto__": { "polluted": "tag" } }],
    "x-data": { "__proto__": { "polluted": "extension" }, "constructor": { "prototype": { "polluted": "deep" } } }
  }`;

  it("never touches Object.prototype, and keeps the keys as own data", () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const base = JSON.parse(hostile) as OpenAPIDocument;
    const other = JSON.parse(hostile.replace('"Hostile"', '"Other"').replace('"operationId": "a"', '"operationId": "b"').replace('"/a"', '"/b"')) as OpenAPIDocument;
    const results = [
      merge(base, doc("Plain")),
      createMerge({ components: "share-identical" })(base, JSON.parse(hostile.replace('"/a"', '"/c"').replace('"operationId": "a"', '"operationId": "c"').replace('"__proto__": { "get"', '"/p": { "get"'))),
      createMerge({ components: "rename" })(base, JSON.parse(JSON.stringify(other).replace('"type":"string"},"constructor"', '"type":"integer"},"constructor"').replace('"__proto__":{"get"', '"/q":{"get"'))),
    ];
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);

    for (const result of results) {
      const schemas = result.components?.schemas as Record<string, Record<string, unknown>>;
      expect(Object.getPrototypeOf(schemas)).toBe(Object.prototype);
      expect(Object.keys(schemas).slice(0, 2)).toEqual(["__proto__", "constructor"]);
      const proto = Object.getOwnPropertyDescriptor(schemas, "__proto__")?.value as Record<string, Record<string, unknown>>;
      expect(Object.keys(proto.properties as object)).toEqual(["__proto__", "constructor", "prototype"]);
      expect(Object.getOwnPropertyDescriptor(schemas.constructor, "__proto__")?.value).toEqual({ polluted: "schema" });
      expect(Object.getOwnPropertyDescriptor(result.paths, "__proto__")?.value).toEqual({ get: { responses: { "200": { description: "proto path" } } } });
      expect(Object.getOwnPropertyDescriptor(result.info, "__proto__")?.value).toEqual({ polluted: "info" });
      expect(result.tags?.[0]?.name).toBe("__proto__");
      expect(Object.getOwnPropertyDescriptor(result.tags?.[0], "__proto__")?.value).toEqual({ polluted: "tag" });
      const data = (result as unknown as Record<string, Record<string, unknown>>)["x-data"] as Record<string, unknown>;
      expect(Object.getOwnPropertyDescriptor(data, "__proto__")?.value).toEqual({ polluted: "extension" });
      expect(JSON.parse(JSON.stringify(result))["x-data"].constructor).toEqual({ prototype: { polluted: "deep" } });
    }
    // Rename mode renamed the clashing "__proto__" schema as data, with its references.
    expect(Object.keys(results[2]?.components?.schemas ?? {})).toEqual(["__proto__", "constructor", "Other___proto__"]);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
  });

  it.each(["__proto__", "constructor", "prototype"])("a webhook and a component named %s, given by three documents, join and clash as data, the first document named", async (key) => {
    // Written as JSON text: an object literal's __proto__ would set the prototype instead.
    const source = (title: string, method: string, type?: string) => {
      const components = type === undefined ? "" : `,"components":{"schemas":{"${key}":{"type":"${type}"}}}`;
      return JSON.parse(`{"openapi":"3.1.0","info":{"title":"${title}","version":"1"},"webhooks":{"${key}":{"${method}":{"operationId":"${title}","responses":{"200":{"description":"OK"}}}}}${components}}`) as OpenAPIDocument;
    };
    const [a, b, c] = [source("A", "get", "string"), source("B", "post"), source("C", "get", "integer")];
    const joined = merge(a, b);
    const item = Object.getOwnPropertyDescriptor(joined.webhooks, key)?.value as Record<string, unknown>;
    expect(Object.keys(item)).toEqual(["get", "post"]);
    expect(Object.isFrozen(item)).toBe(true);
    expect(Object.getPrototypeOf(joined.webhooks)).toBe(Object.prototype);
    await expectValidOpenAPI(joined);
    const error = errorOf(() => merge(a, b, c));
    expect(error.message.split("\n")).toEqual([
      `webhooks.${key}.get: GET ${key} is defined by both base ("A") and sources[1] ("C")`,
      `components.schemas.${key}: schema "${key}" is defined by both base ("A") and sources[1] ("C") (with different content; createMerge({ components: "rename" }) keeps both)`,
    ]);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "get")).toBe(false);
  });

  it.each(["__proto__", "constructor", "toString"])("a components key %s, neither a fixed field nor an extension (the Components Object \"MAY be extended with Specification Extensions\", names starting \"x-\"), is INVALID_DEFINITION, not copied into an invalid result", (key) => {
    // The OpenAPI validator lets such a key through (its schema is checked with Ajv, which
    // misses keys named after Object.prototype's members); a plain unknown key it refuses.
    const source = JSON.parse(`{"openapi":"3.1.0","info":{"title":"S","version":"1"},"paths":{},"components":{"${key}":1}}`) as OpenAPIDocument;
    const before = JSON.stringify(source);
    for (const base of [doc("Base"), { ...doc("Base31"), openapi: "3.1.0" } as OpenAPIDocument]) {
      const error = errorOf(() => merge(base, source));
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.message).toBe(`sources[0].components.${key}: "${key}" is not a kind of component (an extension's name starts with "x-")`);
    }
    expect(JSON.stringify(source)).toBe(before);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
  });

  it("merges a valid document using those names wherever OpenAPI allows any name, and it stays valid", async () => {
    const names = ["__proto__", "constructor", "prototype"];
    const byName = (value: (name: string) => unknown) => JSON.parse(`{${names.map((n) => `"${n}": ${JSON.stringify(value(n))}`).join(",")}}`);
    const documentText = (title: string, type: string) =>
      JSON.stringify({
        openapi: "3.0.3",
        info: { title, version: "1" },
        paths: JSON.parse(`{"/${title}/__proto__": ${JSON.stringify({ get: { operationId: `${title}Proto`, security: [byName(() => [])], responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/__proto__" } } } } } } })}}`),
        components: {
          schemas: byName(() => ({ type: "object", properties: byName(() => ({ type })) })),
          securitySchemes: byName((n) => ({ type: "apiKey", in: "header", name: `${n}-${type}` })),
          responses: byName(() => ({ description: type })),
        },
        tags: names.map((name) => ({ name })),
      });
    const base = JSON.parse(documentText("a", "string")) as OpenAPIDocument;
    const source = JSON.parse(documentText("b", "integer")) as OpenAPIDocument;
    const result = createMerge({ components: "rename" })(base, source);
    expect(Object.keys(result.components?.schemas ?? {})).toEqual([...names, ...names.map((n) => `B_${n}`)]);
    expect(result.paths["/b/__proto__"]?.get?.security).toEqual([Object.fromEntries(names.map((n) => [`B_${n}`, []]))]);
    expect(refsOf(result.paths["/b/__proto__"])).toEqual(["#/components/schemas/B___proto__"]);
    expect(result.tags?.map((t) => t.name)).toEqual(names);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    await expectValidOpenAPI(result);
  });
});

describe("argument checks (rule 5)", () => {
  it.each([
    ["__proto__", JSON.parse('{ "__proto__": { "polluted": true } }') as object],
    ["titel", { titel: "typo" }],
  ])('a root key %s that is neither a field nor an x- extension is refused: "This object MAY be extended with Specification Extensions"', async (key, extra) => {
    const source = { ...doc("B"), ...extra } as OpenAPIDocument;
    if (key === "__proto__") Object.defineProperty(source, "__proto__", { value: { polluted: true }, enumerable: true });
    const error = errorOf(() => merge(doc("A"), source));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe(`sources[0].${key}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // An extension is still filled in, base first.
    const merged = merge(doc("A"), { ...doc("B"), "x-team": "b" } as OpenAPIDocument);
    expect((merged as unknown as Record<string, unknown>)["x-team"]).toBe("b");
    await expectValidOpenAPI(merged);
  });


  it.each([
    ["null", null, "found null"],
    ["an array", [], "found an array"],
    ["a string", "openapi: 3.0.3", 'found the string "openapi: 3.0.3"'],
    ["no openapi field", { info: { title: "x", version: "1" }, paths: {} }, 'found an object whose "openapi" is undefined'],
    ["a Swagger 2.0 document", { swagger: "2.0", info: { title: "x", version: "1" }, paths: {} }, "found a Swagger 2.0 document"],
    ["a numeric openapi", { openapi: 3, info: { title: "x", version: "1" } }, 'found an object whose "openapi" is a number (3)'],
    ["no info", { openapi: "3.0.3", paths: {} }, 'found an object whose "info" is undefined'],
    ["a string info", { openapi: "3.0.3", info: "x", paths: {} }, 'found an object whose "info" is the string "x"'],
    ["a class instance", new (class Spec {})(), "found an instance of Spec"],
  ])("rejects %s, naming its argument position", (_what, value, found) => {
    const asSource = errorOf(() => merge(doc("A"), doc("B"), value as never));
    expect(asSource.code).toBe("INVALID_DEFINITION");
    expect(asSource.message).toBe(`sources[1]: expected an OpenAPI document (an object with a string "openapi" and an object "info"), ${found}`);
    expect(errorOf(() => merge(value as never, doc("B"))).location).toBe("base");
  });

  it("rejects versions other than 3.x", () => {
    expect(errorOf(() => merge(doc("A"), { ...doc("B"), openapi: "2.0" })).message).toBe('sources[0].openapi: expected an OpenAPI 3.x version such as "3.0.3" or "3.1.0", found the string "2.0"');
  });

  it("rejects misshapen parts, naming where", () => {
    expect(errorOf(() => merge(doc("A"), doc("B", { paths: [] }))).message).toBe("sources[0].paths: expected a map, found an array");
    expect(errorOf(() => merge(doc("A"), doc("B", { servers: {} }))).message).toBe("sources[0].servers: expected an array, found an object");
    expect(errorOf(() => merge(doc("A"), doc("B", { paths: { "/a": "GET" } }))).message).toBe('sources[0].paths["/a"]: expected a Path Item Object, found the string "GET"');
    expect(errorOf(() => merge(doc("A"), doc("B", { paths: { "/a": { get: true } } }))).message).toBe('sources[0].paths["/a"].get: expected an Operation Object, found a boolean (true)');
    // The same for a path item component (3.1), whose operationIds are read too.
    expect(errorOf(() => merge(doc("A", {}, "3.1.0"), doc("B", { components: { pathItems: { P: { get: null } } } }, "3.1.0"))).message).toBe("sources[0].components.pathItems.P.get: expected an Operation Object, found null");
    expect(errorOf(() => merge(doc("A", {}, "3.1.0"), doc("B", { components: { pathItems: { P: 7 } } }, "3.1.0"))).code).toBe("INVALID_DEFINITION");
    expect(errorOf(() => merge(doc("A"), doc("B", { components: { schemas: [] } }))).message).toBe("sources[0].components.schemas: expected a map of names to schema objects, found an array");
  });

  it("rejects data JSON cannot hold, naming where it is", async () => {
    const withValue = (value: unknown) => doc("B", { paths: { "/a": { get: op("a", { "x-handler": value }) } } });
    expect(errorOf(() => merge(doc("A"), withValue(() => 1))).message).toBe('sources[0].paths["/a"].get["x-handler"]: expected JSON data, found a function (() => 1)');
    expect(errorOf(() => merge(doc("A"), withValue(Number.NaN))).message).toContain("found a number (NaN)");
    expect(errorOf(() => merge(doc("A"), withValue(new Map()))).message).toContain("found an instance of Map");
    expect(errorOf(() => merge(doc("A"), withValue(10n))).message).toContain("found a bigint (10)");
    // A Date is what JSON.stringify makes of it: its ISO string.
    const dated = merge(doc("A"), withValue(new Date(0)));
    expect((dated.paths["/a"]?.get as Record<string, unknown>)["x-handler"]).toBe("1970-01-01T00:00:00.000Z");
    await expectValidOpenAPI(dated);
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    const error = errorOf(() => merge(doc("A"), doc("B", { components: { schemas: { Loop: cyclic } } })));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toContain("circular reference");
    expect(error.location).toBe("sources[0].components.schemas.Loop.properties.self");
  });
});

describe("no recursion over input data: 20,000 levels (rule 5)", () => {
  const DEPTH = 20_000;
  const chain = (depth: number, leaf: unknown) => {
    let schema = leaf;
    for (let i = 0; i < depth; i++) schema = { type: "object", properties: { next: schema } };
    return schema as Record<string, unknown>;
  };
  /** The node at the bottom of a chain, and how deep it is, found iteratively. */
  const bottom = (schema: unknown) => {
    let node = schema as Record<string, Record<string, unknown>>;
    let depth = 0;
    while (node.properties?.next) {
      node = node.properties.next as Record<string, Record<string, unknown>>;
      depth++;
    }
    return { node, depth };
  };
  /** A copy cut at `depth` levels (deeper nodes become `{}`), so the schema validator can run. */
  const cut = (root: unknown, depth: number): unknown => {
    const copy = (node: unknown) => (Array.isArray(node) ? [] : {});
    const top = copy(root) as Record<string, unknown>;
    const stack: [unknown, Record<string, unknown>, number][] = [[root, top, 0]];
    while (stack.length > 0) {
      const [source, target, level] = stack.pop() as [Record<string, unknown>, Record<string, unknown>, number];
      for (const [key, value] of Object.entries(source)) {
        if (value === null || typeof value !== "object") target[key] = value;
        else if (level >= depth) target[key] = {};
        else stack.push([value, (target[key] = copy(value) as Record<string, unknown>), level + 1]);
      }
    }
    return top;
  };

  it("merges, shares identical, renames into and converts 20,000-level deep schemas", async () => {
    const base = doc("A", { components: { schemas: { Deep: chain(DEPTH, { type: "string" }), Leaf: { type: "string" } } } });
    const same = doc("B", { components: { schemas: { Deep: chain(DEPTH, { type: "string" }) } } });
    const renamed = doc("C", { components: { schemas: { Leaf: { type: "integer" }, Deeper: chain(DEPTH, { $ref: "#/components/schemas/Leaf" }) } } });
    const converted = doc("D", { components: { schemas: { Nullable: chain(DEPTH, { type: ["string", "null"] }) } } }, "3.1.0");
    const result = createMerge({ components: "rename" })(base, same, renamed, converted);
    const schemas = result.components?.schemas as Record<string, unknown>;
    expect(Object.keys(schemas)).toEqual(["Deep", "Leaf", "C_Leaf", "Deeper", "Nullable"]);
    expect(bottom(schemas.Deep)).toEqual({ node: { type: "string" }, depth: DEPTH });
    expect(bottom(schemas.Deeper)).toEqual({ node: { $ref: "#/components/schemas/C_Leaf" }, depth: DEPTH });
    expect(bottom(schemas.Nullable)).toEqual({ node: { type: "string", nullable: true }, depth: DEPTH });
    expect(isDeepFrozen(result)).toBe(true);
    expect(danglingRefs(result)).toEqual([]);
    // The official schema validator recurses, so it checks the same result cut to 200 levels.
    await expectValidOpenAPI(cut(result, 200));
  });

  it("merges 20,000 levels of extension data and of nested callbacks, with a path prefix rewriting inside them", async () => {
    let data: unknown = "bottom";
    for (let i = 0; i < DEPTH; i++) data = { level: data };
    let callbackItem: Record<string, unknown> = { get: op(undefined, { responses: { "200": { $ref: "#/paths/~1hook/get/responses/200" } } }) };
    for (let i = 0; i < DEPTH / 4; i++) callbackItem = { post: op(undefined, { callbacks: { next: { "{$request.body#/url}": callbackItem } } }) };
    const source = doc("B", { "x-deep": data, paths: { "/hook": { ...callbackItem, get: op("hook") } } });
    const result = createMerge({ pathPrefix: (_d, i) => (i === 1 ? "/b" : "") })(doc("A"), source);
    let node = (result as unknown as Record<string, unknown>)["x-deep"] as Record<string, unknown> | string;
    let depth = 0;
    while (typeof node === "object") {
      node = node.level as Record<string, unknown> | string;
      depth++;
    }
    expect([node, depth]).toEqual(["bottom", DEPTH]);
    let item = result.paths["/b/hook"] as Record<string, Record<string, Record<string, Record<string, Record<string, unknown>>>>>;
    for (let i = 0; i < DEPTH / 4; i++) item = item.post?.callbacks?.next?.["{$request.body#/url}"] as typeof item;
    expect(item.get?.responses?.["200"]).toEqual({ $ref: "#/paths/~1b~1hook/get/responses/200" });
    expect(isDeepFrozen(result)).toBe(true);
    expect(danglingRefs(result)).toEqual([]);
    // The validator recurses: it checks the result cut where a callback's path item sits (level 202,
    // 4 levels per callback), which may be empty.
    await expectValidOpenAPI(cut(result, 201));
  });
});

describe("createMerge checks its options once", () => {
  it("rejects unknown options and unknown values", () => {
    expect(errorOf(() => createMerge({ component: "rename" } as never)).message).toBe(
      "createMerge options.component: unknown option (expected one of components, operationIds, servers, security, prefix, pathPrefix)",
    );
    expect(errorOf(() => createMerge({ components: "share" } as never)).message).toBe(
      'createMerge options.components: expected "error", "share-identical" or "rename", found the string "share"',
    );
    expect(errorOf(() => createMerge({ prefix: "v2_" } as never)).message).toBe('createMerge options.prefix: expected a function (document, index) => string, found the string "v2_"');
    expect(errorOf(() => createMerge(null as never)).code).toBe("INVALID_DEFINITION");
  });

  it("with no options behaves exactly like merge", async () => {
    const a = doc("A", { components: { schemas: { Pet: {} } } });
    const b = doc("B", { components: { schemas: { Pet: {} } } });
    expect(errorOf(() => createMerge()(a, b)).message).toBe(errorOf(() => merge(a, b)).message);
    const result = createMerge({})(a, doc("C"));
    expect(result).toEqual(merge(a, doc("C")));
    await expectValidOpenAPI(result);
  });
});

