/**
 * bundle() with loaders of its own (the core takes any `(url) => text or value`): sizes that
 * would overflow a recursive walk, keys that are JavaScript's own names, data that is not to
 * be rewritten, and inputs that must come out unchanged.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SpecloomError, bundle, type BundleOptions } from "specloom";
import { bundleFile } from "specloom/node";
import { describe, expect, it } from "vitest";
import { expectValidOpenAPI, isDeepFrozen, isNothingFrozen } from "../helpers/document";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BASE = "https://api.example/";
const entry = (paths: object, openapi = "3.1.0") => ({ openapi, info: { title: "T", version: "1" }, paths });
const pets = (schema: object) => ({ "/pets": { get: { responses: { "200": { description: "OK", content: { "application/json": { schema } } } } } } });

/** A loader over an in-memory set of files, by name relative to BASE, counting the reads. */
function memory(files: Record<string, unknown>): BundleOptions & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    load: (url: string) => {
      reads.push(url);
      const name = url.slice(BASE.length);
      if (!Object.hasOwn(files, name)) throw new Error("no such file");
      return files[name];
    },
  };
}

describe("sizes a recursive walk would not survive", () => {
  it("a chain 10,000 files deep", async () => {
    const files: Record<string, unknown> = { "openapi.json": entry(pets({ $ref: "s0.json" })) };
    for (let i = 0; i < 10_000; i++) files[`s${i}.json`] = i < 9_999 ? { type: "object", properties: { next: { $ref: `s${i + 1}.json` } } } : { type: "string" };
    const document = (await bundle(`${BASE}openapi.json`, memory(files))) as Json;
    expect(Object.keys(document.components.schemas)).toHaveLength(10_000);
    expect(document.components.schemas.s4711.properties.next).toEqual({ $ref: "#/components/schemas/s4712" });
    expect(isDeepFrozen(document)).toBe(true);
  });

  it("a schema nested 100,000 levels deep inside one file", async () => {
    let schema: object = { type: "string" };
    for (let i = 0; i < 100_000; i++) schema = { type: "array", items: schema };
    const files = { "openapi.json": entry(pets({ $ref: "deep.json" })), "deep.json": schema };
    const document = (await bundle(`${BASE}openapi.json`, memory(files))) as Json;
    expect(document.components.schemas.deep.items.items.type).toBe("array");
  });

  it("a document that refers to itself through 1,000 files on disk", async () => {
    const folder = mkdtempSync(join(tmpdir(), "specloom-ring-"));
    try {
      mkdirSync(join(folder, "ring"));
      writeFileSync(join(folder, "openapi.yaml"), "openapi: 3.0.3\ninfo: {title: Ring, version: '1'}\npaths:\n  /r:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: ring/r0.yaml\n");
      for (let i = 0; i < 1000; i++) writeFileSync(join(folder, "ring", `r${i}.yaml`), `type: object\nproperties:\n  next:\n    $ref: r${(i + 1) % 1000}.yaml\n`);
      const document = (await bundleFile(join(folder, "openapi.yaml"))) as Json;
      expect(Object.keys(document.components.schemas)).toHaveLength(1000);
      expect(document.components.schemas.r999.properties.next).toEqual({ $ref: "#/components/schemas/r0" });
      await expectValidOpenAPI(document);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("user data stays data", () => {
  it("__proto__, constructor and prototype are names like any other", async () => {
    const files = {
      "openapi.json": JSON.parse(JSON.stringify(entry(pets({ $ref: "s.json#/__proto__" })))),
      "s.json": JSON.parse('{"__proto__": {"type": "object", "properties": {"constructor": {"$ref": "#/prototype"}}}, "prototype": {"type": "string"}}'),
    };
    const document = (await bundle(`${BASE}openapi.json`, memory(files))) as Json;
    const schemas = document.components.schemas;
    expect(Object.keys(schemas)).toEqual(["__proto__", "prototype"]);
    expect(Object.getPrototypeOf(schemas)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(schemas, "__proto__")?.value.properties.constructor).toEqual({ $ref: "#/components/schemas/prototype" });
    expect(({} as Json).type).toBeUndefined();
    await expectValidOpenAPI(document);
  });

  it("a $ref inside example, examples[].value, default, enum or const is data, not a reference; inside them an x- key is data too", async () => {
    const schema = { $ref: "s.json" };
    const data = { $ref: "not/a/file.json" };
    const inData = { "x-inner": data };
    const files = {
      "openapi.json": entry({ "/pets": { get: { responses: { "200": { description: "OK", content: { "application/json": { schema, example: data, examples: { a: { value: data }, b: { value: inData } } } } } } } } }),
      "s.json": { type: "object", default: data, enum: [data], examples: [data], const: inData, properties: { p: { example: inData } } },
    };
    const document = (await bundle(`${BASE}openapi.json`, memory(files))) as Json;
    const media = document.paths["/pets"].get.responses["200"].content["application/json"];
    expect(media.example).toEqual(data);
    expect(media.examples).toEqual({ a: { value: data }, b: { value: inData } });
    expect(document.components.schemas.s).toEqual({ type: "object", default: data, enum: [data], examples: [data], const: inData, properties: { p: { example: inData } } });
  });

  it("a local reference of the entry stays as written; each file is read once", async () => {
    const options = memory({
      "openapi.json": { ...entry(pets({ $ref: "#/components/schemas/Local" })), components: { schemas: { Local: { $ref: "a.json" }, Other: { type: "array", items: { $ref: "a.json" } } } } },
      "a.json": { type: "object", properties: { b: { $ref: "b.json" }, again: { $ref: "b.json#" } } },
      "b.json": { type: "string" },
    });
    const document = (await bundle(`${BASE}openapi.json`, options)) as Json;
    expect(document.paths["/pets"].get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Local" });
    expect(document.components.schemas.Local.properties.b).toEqual({ $ref: "#/components/schemas/b" });
    expect(document.components.schemas.Other.items).toEqual({ $ref: "#/components/schemas/Local" });
    expect(options.reads).toEqual([`${BASE}openapi.json`, `${BASE}a.json`, `${BASE}b.json`]);
    await expectValidOpenAPI(document);
  });
});

describe("inputs", () => {
  it("what the loader returned is neither changed nor frozen", async () => {
    const files = { "openapi.json": entry(pets({ $ref: "s.json" })), "s.json": { type: "object", properties: { self: { $ref: "#" } } } };
    const before = JSON.stringify(files);
    await bundle(`${BASE}openapi.json`, memory(files));
    expect(JSON.stringify(files)).toBe(before);
    expect(isNothingFrozen(files)).toBe(true);
  });

  it("the entry may be given as a value with the URL its references are relative to", async () => {
    const document = (await bundle({ url: `${BASE}api/openapi.json`, document: entry(pets({ $ref: "../s.json" })) }, memory({ "s.json": { type: "integer" } }))) as Json;
    expect(document.components.schemas.s).toEqual({ type: "integer" });
  });

  it("text from the loader goes through `parse`, JSON.parse by default", async () => {
    const document = (await bundle(`${BASE}openapi.json`, memory({ "openapi.json": JSON.stringify(entry(pets({ $ref: "s.json" }))), "s.json": '{"type":"boolean"}' }))) as Json;
    expect(document.components.schemas.s).toEqual({ type: "boolean" });
  });

  it("a YAML alias inside the node it names (a value containing itself) is refused, not walked forever", async () => {
    const folder = mkdtempSync(join(tmpdir(), "specloom-alias-"));
    try {
      writeFileSync(join(folder, "openapi.yaml"), "openapi: 3.1.0\ninfo: {title: A, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Loop:\n      $ref: loop.yaml\n");
      writeFileSync(join(folder, "loop.yaml"), "a: &x\n  b: *x\n");
      const error = await bundleFile(join(folder, "openapi.yaml")).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(SpecloomError);
      expect((error as SpecloomError).message).toMatch(/^openapi\.yaml: \/components\/schemas\/Loop\/\$ref: cannot bundle \$ref "loop\.yaml": loop\.yaml cannot be read: it contains itself/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("YAML aliases that would make a file far larger than it is are refused, in the entry and in a file it refers to", async () => {
    const folder = mkdtempSync(join(tmpdir(), "specloom-aliases-"));
    try {
      // 10 KB named once, then repeated 900 times by alias: 9 MB once expanded, from a 15 KB file.
      const repeated = `x-big: &big\n${Array.from({ length: 200 }, (_, i) => `  - "${String(i).padStart(48, "x")}"\n`).join("")}x-copies: [${Array.from({ length: 900 }, () => "*big").join(", ")}]\n`;
      writeFileSync(join(folder, "entry.yaml"), `openapi: 3.1.0\ninfo: {title: A, version: '1'}\npaths: {}\n${repeated}`);
      writeFileSync(join(folder, "openapi.yaml"), "openapi: 3.1.0\ninfo: {title: A, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Big:\n      $ref: big.yaml\n");
      writeFileSync(join(folder, "big.yaml"), `type: object\n${repeated}`);
      const entry = await bundleFile(join(folder, "entry.yaml")).catch((thrown: unknown) => thrown);
      expect(entry).toBeInstanceOf(SpecloomError);
      expect((entry as SpecloomError).message).toMatch(/^entry\.yaml: cannot read the entry document: its YAML aliases would make it about 9\.\d MB, more than 10 times its own \d+ KB; write what they repeat once, as a component, and \$ref it$/);
      const referred = await bundleFile(join(folder, "openapi.yaml")).catch((thrown: unknown) => thrown);
      expect((referred as SpecloomError).message).toMatch(/^openapi\.yaml: \/components\/schemas\/Big\/\$ref: cannot bundle \$ref "big\.yaml": big\.yaml cannot be read: its YAML aliases would make it about 9\.\d MB/);
      // A few aliases, as documents use them, are read as ever.
      writeFileSync(join(folder, "few.yaml"), `openapi: 3.1.0\ninfo: {title: A, version: '1'}\npaths: {}\nx-one: &one {type: string, description: "${"d".repeat(2000)}"}\nx-copies: [*one, *one, *one, *one, *one]\n`);
      const few = (await bundleFile(join(folder, "few.yaml"))) as Json;
      expect(few["x-copies"]).toHaveLength(5);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("an entry given as a value that contains itself is refused too, not walked forever", async () => {
    const info: Record<string, unknown> = { title: "T", version: "1" };
    info.self = info;
    const error = await bundle({ url: `${BASE}openapi.json`, document: { openapi: "3.1.0", info, paths: {} } }, memory({})).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SpecloomError);
    expect((error as SpecloomError).code).toBe("INVALID_DEFINITION");
    expect((error as SpecloomError).message).toBe("openapi.json: cannot read the entry document: it contains itself (a YAML alias inside the node it names?); a document is a tree");
  });

  it("an entry location that is not an absolute URL is INVALID_DEFINITION", async () => {
    const error = await bundle("openapi.json", memory({})).catch((thrown: unknown) => thrown);
    expect((error as SpecloomError).code).toBe("INVALID_DEFINITION");
  });
});

