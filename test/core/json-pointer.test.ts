/**
 * JSON Pointer as RFC 6901 defines it, through the module every part uses and through a
 * bundle, which follows `$ref` fragments with it: "~1" is "/", "~0" is "~", and "~01" is
 * "~1", never "/".
 */
import { bundle, openapi } from "specloom";
import { describe, expect, it } from "vitest";
import { decodeSegment, encodeSegment, pointerFromTokens, pointerTokens, resolvePointer } from "../../src/internal/json-pointer";
import { expectValidOpenAPI } from "../helpers/document";

describe("RFC 6901", () => {
  it('decodes "~01" to "~1": "first transforming any occurrence of the sequence \'~1\' to \'/\', and then transforming any occurrence of the sequence \'~0\' to \'~\'"', () => {
    expect(decodeSegment("~01")).toBe("~1");
    expect(decodeSegment("a~1b")).toBe("a/b");
    expect(decodeSegment("m~0n")).toBe("m~n");
    expect(decodeSegment("~0~1~01~10")).toBe("~/~1/0");
    expect(pointerTokens("/a~01b/~1")).toEqual(["a~1b", "/"]);
  });

  it('encodes "~" before "/", so every name comes back as it was', () => {
    for (const name of ["~1", "a/b", "~", "/~0/", "~01", "plain", ""]) {
      expect(decodeSegment(encodeSegment(name))).toBe(name);
      expect(pointerTokens(pointerFromTokens([name, name]))).toEqual([name, name]);
    }
    expect(encodeSegment("~1")).toBe("~01");
  });

  it("the RFC's own examples (section 5) resolve to the values it lists", () => {
    const document = { foo: ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, 'k"l': 6, " ": 7, "m~n": 8 };
    const cases: [string, unknown][] = [
      ["", document],
      ["/foo", ["bar", "baz"]],
      ["/foo/0", "bar"],
      ["/", 0],
      ["/a~1b", 1],
      ["/m~0n", 8],
    ];
    for (const [pointer, value] of cases) expect(resolvePointer(document, pointerTokens(pointer) as string[])).toEqual({ value });
    // As a URI fragment (section 6), percent-escapes are decoded first.
    expect(resolvePointer(document, pointerTokens("/c%25d") as string[])).toEqual({ value: 2 });
    expect(resolvePointer(document, pointerTokens("/%20") as string[])).toEqual({ value: 7 });
  });

  it('a bundle follows "#/~01" to the member named "~1", not the one named "/"', async () => {
    const entry = openapi({ info: { title: "T", version: "1" }, paths: {} });
    const files: Record<string, unknown> = {
      "https://a.example/openapi.json": { ...entry, paths: { "/a": { get: { responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "common.json#/~01" } } } } } } } } },
      "https://a.example/common.json": { "~1": { type: "string" }, "/": { type: "integer" } },
    };
    const document = await bundle("https://a.example/openapi.json", { load: (url) => files[url] });
    const ref = (document.paths["/a"]?.get?.responses?.["200"] as { content: Record<string, { schema: { $ref: string } }> }).content["application/json"]?.schema.$ref;
    // A component name holds no "~": the name is "_1", the content the "~1" member's.
    expect(ref).toBe("#/components/schemas/_1");
    expect(document.components?.schemas).toEqual({ _1: { type: "string" } });
    await expectValidOpenAPI(document);
  });
});
