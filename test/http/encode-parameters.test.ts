/**
 * The parameter encoder (the contract tests' way of writing a request) is the inverse of the
 * validator's decoder: OpenAPI's own style table, then a round trip of random values
 * through requestValidator for every style, location and shape.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpenAPIDocument } from "specloom";
import { requestValidator, type InvalidRequest } from "specloom/http";
import type { ParameterModel } from "../../src/http/decode-parameters";
import { encodeCookie, encodeHeader, encodePath, encodeQuery, pairsText, Unwritable } from "../../src/http/encode-parameters";
import type { EncodedLocation } from "../../src/model/parameter-encoding";
import type { ParameterStyle } from "../../src/types/parameter-styles";
import { expectValidOpenAPI } from "../helpers/document";

type Shape = ParameterModel["shape"];
const model = (location: EncodedLocation, style: ParameterStyle, explode: boolean, shape: Shape, name = "color"): ParameterModel => ({
  name,
  in: location,
  required: true,
  encoding: { style, explode, allowReserved: false },
  schema: undefined,
  shape,
});

const blue = "blue";
const colours = ["blue", "black", "brown"];
const rgb = { R: 100, G: 200, B: 150 };

describe("the style table of the OpenAPI Specification (3.1.1, 3.2.0)", () => {
  const path = (style: ParameterStyle, explode: boolean, shape: Shape, value: unknown) => encodePath(value, model("path", style, explode, shape));
  const query = (style: ParameterStyle, explode: boolean, shape: Shape, value: unknown) => {
    const pairs = encodeQuery(value, model("query", style, explode, shape));
    return pairs instanceof Unwritable ? pairs : pairsText(pairs);
  };

  it("matrix", () => {
    expect([path("matrix", false, "scalar", blue), path("matrix", false, "array", colours), path("matrix", false, "object", rgb)]).toEqual([";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"]);
    expect([path("matrix", true, "scalar", blue), path("matrix", true, "array", colours), path("matrix", true, "object", rgb)]).toEqual([";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150"]);
    expect(path("matrix", false, "array", [])).toBe(";color");
  });

  it("label", () => {
    expect([path("label", false, "scalar", blue), path("label", false, "array", colours), path("label", false, "object", rgb)]).toEqual([".blue", ".blue,black,brown", ".R,100,G,200,B,150"]);
    expect([path("label", true, "scalar", blue), path("label", true, "array", colours), path("label", true, "object", rgb)]).toEqual([".blue", ".blue.black.brown", ".R=100.G=200.B=150"]);
    // Inside a segment (`/colors{color}`); a segment of its own cannot be a lone dot.
    expect(encodePath([], model("path", "label", false, "array"), false)).toBe(".");
    expect(path("label", false, "array", [])).toBeInstanceOf(Unwritable);
  });

  it("simple", () => {
    expect([path("simple", false, "scalar", blue), path("simple", false, "array", colours), path("simple", false, "object", rgb)]).toEqual(["blue", "blue,black,brown", "R,100,G,200,B,150"]);
    expect([path("simple", true, "array", colours), path("simple", true, "object", rgb)]).toEqual(["blue,black,brown", "R=100,G=200,B=150"]);
    const header = (explode: boolean, shape: Shape, value: unknown) => encodeHeader(value, model("header", "simple", explode, shape));
    expect([header(false, "array", colours), header(false, "object", rgb), header(true, "object", rgb)]).toEqual(["blue,black,brown", "R,100,G,200,B,150", "R=100,G=200,B=150"]);
  });

  it("form", () => {
    expect([query("form", false, "scalar", ""), query("form", false, "scalar", blue), query("form", false, "array", colours), query("form", false, "object", rgb)]).toEqual(["color=", "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"]);
    expect([query("form", true, "scalar", blue), query("form", true, "array", colours), query("form", true, "object", rgb)]).toEqual(["color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"]);
  });

  it("spaceDelimited, pipeDelimited and deepObject", () => {
    expect([query("spaceDelimited", false, "array", colours), query("spaceDelimited", false, "object", rgb)]).toEqual(["color=blue%20black%20brown", "color=R%20100%20G%20200%20B%20150"]);
    expect([query("pipeDelimited", false, "array", colours), query("pipeDelimited", false, "object", rgb)]).toEqual(["color=blue|black|brown", "color=R|100|G|200|B|150"]);
    expect(query("deepObject", true, "object", rgb)).toBe("color[R]=100&color[G]=200&color[B]=150");
  });

  it("cookies: form values percent-encoded, the cookie style's as written", () => {
    const cookie = (style: ParameterStyle, explode: boolean, shape: Shape, value: unknown) => encodeCookie(value, model("cookie", style, explode, shape));
    expect(cookie("form", true, "scalar", "a b")).toEqual([["color", "a%20b"]]);
    expect(cookie("form", false, "array", colours)).toEqual([["color", "blue,black,brown"]]);
    expect(cookie("form", true, "object", rgb)).toEqual([["R", "100"], ["G", "200"], ["B", "150"]]);
    expect(cookie("cookie", false, "scalar", "a%20b")).toEqual([["color", "a%20b"]]);
    expect(cookie("cookie", false, "array", ["a,b"])).toBeInstanceOf(Unwritable);
  });

  it("says what a style cannot carry instead of writing something else", () => {
    expect(path("simple", false, "scalar", "")).toBeInstanceOf(Unwritable);
    expect(query("form", true, "array", [])).toBeInstanceOf(Unwritable);
    expect(query("pipeDelimited", false, "array", ["a|b"])).toBeInstanceOf(Unwritable);
    expect(query("form", false, "array", [""])).toBeInstanceOf(Unwritable);
    expect(query("form", false, "array", [{ nested: 1 }])).toBeInstanceOf(Unwritable);
    expect(query("deepObject", true, "object", { "a[b]": 1 })).toBeInstanceOf(Unwritable);
    expect(encodeHeader(" padded", model("header", "simple", false, "scalar"))).toBeInstanceOf(Unwritable);
    expect(encodeHeader("line\nbreak", model("header", "simple", false, "scalar"))).toBeInstanceOf(Unwritable);
  });
});

/** Every style each location allows, with both explode values (deepObject only exploded). */
const STYLES: readonly [EncodedLocation, ParameterStyle, boolean][] = [
  ["path", "simple", false],
  ["path", "simple", true],
  ["path", "label", false],
  ["path", "label", true],
  ["path", "matrix", false],
  ["path", "matrix", true],
  ["query", "form", false],
  ["query", "form", true],
  ["query", "spaceDelimited", false],
  ["query", "pipeDelimited", false],
  ["query", "deepObject", true],
  ["header", "simple", false],
  ["header", "simple", true],
  ["cookie", "form", false],
  ["cookie", "form", true],
  ["cookie", "cookie", false],
  ["cookie", "cookie", true],
];

const SCHEMAS: Readonly<Record<string, { schema: object; shape: Shape }>> = {
  string: { schema: { type: "string" }, shape: "scalar" },
  integer: { schema: { type: "integer" }, shape: "scalar" },
  boolean: { schema: { type: "boolean" }, shape: "scalar" },
  strings: { schema: { type: "array", items: { type: "string" } }, shape: "array" },
  numbers: { schema: { type: "array", items: { type: "number" } }, shape: "array" },
  object: { schema: { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, additionalProperties: false }, shape: "object" },
};

/** Text with every character a style treats specially, and some that are not ASCII. */
const text = fc.string({ unit: fc.constantFrom(..."ab ,.;=&%+|[]/?#:@'\"!*()~é€\t"), maxLength: 6 });
const VALUES: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  string: text,
  integer: fc.integer({ min: -1e6, max: 1e6 }),
  boolean: fc.boolean(),
  strings: fc.array(text, { maxLength: 4 }),
  numbers: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), { maxLength: 4 }),
  object: fc.record({ a: text, b: fc.integer({ min: -99, max: 99 }) }, { requiredKeys: [] }),
};

function documentFor(location: EncodedLocation, style: ParameterStyle, explode: boolean, schema: object): OpenAPIDocument {
  const path = location === "path" ? "/r/{p}" : "/r";
  const name = location === "header" ? "x-p" : "p";
  const parameter = { name, in: location, required: location === "path", style, explode, schema };
  return { openapi: style === "cookie" ? "3.2.0" : "3.1.0", info: { title: "Round trip", version: "1" }, paths: { [path]: { get: { parameters: [parameter], responses: { 200: { description: "ok" } } } } } } as OpenAPIDocument;
}

/** The request carrying `value` as the document's one parameter; undefined when the encoder refuses it. */
function requestFor(location: EncodedLocation, parameter: ParameterModel, value: unknown): Request | Unwritable {
  const url = "http://api.test/r";
  if (location === "path") {
    const segment = encodePath(value, parameter);
    return segment instanceof Unwritable ? segment : new Request(`${url}/${segment}`);
  }
  if (location === "query") {
    const pairs = encodeQuery(value, parameter);
    return pairs instanceof Unwritable ? pairs : new Request(`${url}?${pairsText(pairs)}`);
  }
  if (location === "header") {
    const header = encodeHeader(value, parameter);
    return header instanceof Unwritable ? header : new Request(url, { headers: { "x-p": header } });
  }
  const pairs = encodeCookie(value, parameter);
  return pairs instanceof Unwritable ? pairs : new Request(url, { headers: { cookie: pairs.map(([key, cookie]) => `${key}=${cookie}`).join("; ") } });
}

const PARTS = { path: "params", query: "query", header: "headers", cookie: "cookies" } as const;

describe("the round trip through requestValidator", () => {
  const cases = STYLES.flatMap(([location, style, explode]) =>
    Object.keys(SCHEMAS)
      .filter((kind) => (style === "deepObject" ? kind === "object" : true) && !(["spaceDelimited", "pipeDelimited"].includes(style) && SCHEMAS[kind]?.shape === "scalar"))
      .map((kind) => [`${location} ${style}${explode ? " exploded" : ""} ${kind}`, location, style, explode, kind] as const),
  );

  it("writes valid OpenAPI documents for every case", async () => {
    for (const [, location, style, explode, kind] of cases.filter((_, index) => index % 7 === 0)) await expectValidOpenAPI(documentFor(location, style, explode, (SCHEMAS[kind] as { schema: object }).schema));
  });

  it.each(cases)("%s: the validator reads back what was written, or the encoder says it cannot write it", async (_, location, style, explode, kind) => {
    const { schema, shape } = SCHEMAS[kind] as { schema: object; shape: Shape };
    const validate = requestValidator(documentFor(location, style, explode, schema));
    const parameter = model(location, style, explode, shape, location === "header" ? "x-p" : "p");
    let written = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(VALUES[kind] as fc.Arbitrary<unknown>, async (value) => {
        runs++;
        const request = requestFor(location, parameter, value);
        if (request instanceof Unwritable) return;
        written++;
        const result = await validate(request);
        expect(result.ok, JSON.stringify((result as InvalidRequest).problem)).toBe(true);
        const part = (result as unknown as Record<string, Record<string, unknown>>)[PARTS[location]] as Record<string, unknown>;
        expect(part[parameter.name]).toEqual(value);
      }),
      { seed: 34, numRuns: 60 },
    );
    // Most values are written: a refusing encoder would pass the round trip without testing it.
    expect(written / runs).toBeGreaterThan(location === "cookie" && style === "cookie" ? 0.2 : 0.4);
  });
});
