/**
 * Code of the caller's that Specloom calls (plugin hooks and the functions built-in plugins
 * take, a library's converter, createMerge's `prefix` and `pathPrefix`, a schema made by
 * `extend()`) may throw anything. Whatever it throws becomes a SpecloomError with the thrown
 * value as `cause` and a message that describes it without running its code.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMerge, extend, openapi, SpecloomError, type OpenAPIDocument, type SpecloomPlugin, type StandardJSONSchemaV1 } from "specloom";
import { autoTags, bearerAuth } from "specloom/plugins";

const info = { title: "Throws", version: "1.0.0" };

/** A Proxy whose every trap throws: reading, typing or describing it runs our code into a wall. */
function trapped(): object {
  return new Proxy({}, new Proxy({}, { get: () => () => { throw new Error("trap"); } }));
}

/** Values whose `String()` throws or says nothing, and how the message must describe them. */
const THROWN: readonly [string, () => unknown, RegExp][] = [
  ["Object.create(null)", () => Object.create(null), /: an object$/],
  ["a Symbol", () => Symbol("boom"), /: a symbol \(Symbol\(boom\)\)$/],
  ["an object whose toString throws", () => ({ toString: () => { throw new Error("no"); } }), /: an object$/],
  ["a Proxy whose traps throw", trapped, /: an object$/],
  ["an Error whose message getter throws", () => Object.defineProperty(new Error(), "message", { get: () => { throw new Error("no"); } }), /: an instance of Error$/],
  ["an object with a message", () => ({ message: "plain object message" }), /: plain object message$/],
];

/** Runs `fn`, which must throw a SpecloomError whose cause is `thrown`. */
function failure(fn: () => unknown, thrown: unknown): SpecloomError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(SpecloomError);
  const error = caught as SpecloomError;
  expect(error.cause).toBe(thrown);
  return error;
}

/** A Standard JSON Schema whose converter throws `thrown`. */
function throwingSchema(thrown: unknown): StandardJSONSchemaV1 {
  const fail = () => {
    throw thrown;
  };
  return { "~standard": { version: 1, vendor: "hand-made", jsonSchema: { input: fail, output: fail } } };
}

describe.each(THROWN)("a thrown %s", (_label, make, described) => {
  it.each(["transformRoute", "transformSchema", "transformDocument"] as const)("from a plugin's %s: INVALID_DEFINITION naming the plugin and hook", (hook) => {
    const thrown = make();
    const plugin: SpecloomPlugin = {
      name: "thrower",
      [hook]: () => {
        throw thrown;
      },
    };
    const error = failure(() => openapi({ info, plugins: [plugin], paths: { "GET /a": { 200: z.string() } } }), thrown);
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(new RegExp(`^plugin "thrower" \\(${hook}\\) on .*: threw${described.source}`));
  });

  it("from autoTags' format and bearerAuth's exclude function", () => {
    const thrown = make();
    const fail = () => {
      throw thrown;
    };
    for (const plugin of [autoTags({ format: fail }), bearerAuth({ exclude: fail })]) {
      const error = failure(() => openapi({ info, plugins: [plugin], paths: { "GET /a": { 200: null } } }), thrown);
      expect(error.message).toMatch(described);
    }
  });

  it("from a library's converter, directly and through extend(): SCHEMA_RESOLUTION_FAILED at the position", () => {
    const thrown = make();
    for (const schema of [throwingSchema(thrown), extend(throwingSchema(thrown), { description: "extended" })]) {
      const error = failure(() => openapi({ info, paths: { "GET /a": { 200: schema } } }), thrown);
      expect(error.code).toBe("SCHEMA_RESOLUTION_FAILED");
      expect(error.location).toBe('paths["GET /a"][200]');
      expect(error.message).toMatch(described.source.endsWith("$") ? new RegExp(described.source.slice(0, -1)) : described);
    }
  });

  it.each(["prefix", "pathPrefix"] as const)("from createMerge's %s: INVALID_DEFINITION naming the option", (option) => {
    const thrown = make();
    const fail = () => {
      throw thrown;
    };
    const document = (title: string, schemaType: string): OpenAPIDocument => ({ openapi: "3.1.0", info: { title, version: "1" }, paths: {}, components: { schemas: { Same: { type: schemaType } } } });
    const error = failure(() => createMerge({ components: "rename", [option]: fail })(document("A", "string"), document("B", "number")), thrown);
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toMatch(new RegExp(`^createMerge options\\.${option}: threw for .*${described.source.slice(1)}`));
  });
});
