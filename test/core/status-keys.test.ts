import { describe, expect, it } from "vitest";
import { normaliseStatusKey } from "../../src/generate/status";

/** The rule, spelled out: "any HTTP status code", ranges 1XX-5XX (upper case in the document), and `default`. */
function expected(key: string): string | undefined {
  if (key === "default") return key;
  const code = Number(key);
  if (/^\d{3}$/.test(key) && code >= 100 && code <= 599) return key;
  if (key.length === 3 && "12345".includes(key[0] as string) && key.slice(1).toUpperCase() === "XX") return key.toUpperCase();
  return undefined;
}

describe("response keys", () => {
  it('are "any HTTP status code" from 100 to 599, a range such as "2XX" in any case, or default; nothing else', () => {
    const alphabet = [..."0123456789", "x", "X", "y", " ", "٣"];
    const keys = ["", "default", "Default", "DEFAULT", "2", "20", "2000", "02000", " 200", "200 ", "2xx ", "xx2"];
    for (const a of alphabet) for (const b of alphabet) for (const c of alphabet) keys.push(a + b + c);
    for (const key of keys) expect([key, normaliseStatusKey(key)]).toEqual([key, expected(key)]);
    expect(normaliseStatusKey("4xX")).toBe("4XX");
    expect(normaliseStatusKey("600")).toBeUndefined();
  });
});
