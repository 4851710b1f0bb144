/** Accept-Encoding negotiation (RFC 9110 12.5.3): q-values, `*`, and the codings this runtime has. */
import { describe, expect, it } from "vitest";
import { chooseCoding, compress, runtimeCodings } from "../../src/serve/content-encoding";
import { gunzipSync } from "node:zlib";

describe("chooseCoding", () => {
  it.each([
    ["gzip", ["gzip"], "gzip"],
    ["GZip", ["gzip"], "gzip"],
    ["br, gzip", ["br", "gzip"], "br"],
    ["br, gzip", ["gzip"], "gzip"],
    ["gzip;q=0.5, br;q=0.9", ["br", "gzip"], "br"],
    ["gzip;q=1, br;q=0.2", ["br", "gzip"], "gzip"],
    ["gzip;q=0", ["gzip"], undefined],
    ["identity", ["gzip"], undefined],
    ["*", ["gzip"], "gzip"],
    ["*;q=0, gzip", ["br", "gzip"], "gzip"],
    ["deflate, x-unknown;q=0.5", ["gzip"], undefined],
    ["gzip;q=abc", ["gzip"], undefined],
    [",,; ;q=", ["gzip"], undefined],
  ] as const)("%j with %j available gives %s", (header, codings, chosen) => {
    expect(chooseCoding(header, codings)).toBe(chosen);
  });

  it("gives the identity without the header or without a coding available", () => {
    expect(chooseCoding(null, ["gzip"])).toBeUndefined();
    expect(chooseCoding("gzip", [])).toBeUndefined();
  });
});

describe("the runtime's codings", () => {
  it("has gzip here, and br only where CompressionStream has it", () => {
    const codings = runtimeCodings();
    expect(codings).toContain("gzip");
    let brotli = true;
    try {
      new CompressionStream("br" as "gzip");
    } catch {
      brotli = false;
    }
    expect(codings.includes("br")).toBe(brotli);
  });

  it("compresses to what gunzip reads back", async () => {
    const bytes = new TextEncoder().encode("openapi ".repeat(10_000));
    const compressed = await compress(bytes, "gzip");
    expect(compressed.byteLength).toBeLessThan(bytes.byteLength / 10);
    expect(new Uint8Array(gunzipSync(compressed))).toEqual(bytes);
  });
});
