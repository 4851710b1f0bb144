/**
 * Specloom checks `uri-reference` and `email` fields itself (the core has no dependencies).
 * The official validator is the judge: whatever Specloom accepts, the validator must accept
 * in a real document, and the everyday values must pass both.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { isEmail, isUriReference } from "../../src/internal/formats";

const validator = new Validator();

async function validatorAccepts(field: "url" | "email", value: string, openapi: string): Promise<boolean> {
  const info = field === "email" ? { title: "t", version: "1", contact: { email: value } } : { title: "t", version: "1" };
  const document = { openapi, info, paths: {}, ...(field === "url" ? { externalDocs: { url: value } } : {}) };
  return (await validator.validate(document)).valid;
}

const URLS = [
  "https://example.com", "https://example.com/terms?lang=en#top", "http://localhost:8080/api", "mailto:team@example.com",
  "urn:isbn:0451450523", "/relative/path", "../up", "terms.html", "//cdn.example.com/x", "https://[::1]:443/", "https://user:pw@host/",
  "https://example.com/a%20b", "", "#fragment", "?query",
];
const NOT_URLS = ["not a url", "https://exa mple.com", "https://example.com/%zz", "https://ex<ample>.com", "a#b#c", "https://[bad/", "https://host:port/", "1a:b", "http://example.com/\\"];
const EMAILS = ["team@example.com", "first.last+tag@mail.example.org", "x@a.io"];
const NOT_EMAILS = ["not an email", "@example.com", "team@", "team@localhost", "a b@example.com", "team@-example.com", "team@example..com"];

/** Random strings (a fixed seed: the same strings every run). */
function randomText(alphabet: string, count: number, length: number, seed: number): string[] {
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * length) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""));
}

/** Strings over the characters URLs are made of, and address-shaped ones (`local@domain`). */
function samples(count: number): string[] {
  const urls = randomText("ab:/?#[]@%2F!$&'()*+,;=-._~ 1<>\"{}|\\^`", count, 12, 7);
  const locals = randomText("ab.+-_!#1 ", count, 6, 11);
  const domains = randomText("ab.-1_", count, 8, 13);
  return [...urls, ...locals.map((local, i) => `${local}@${domains[i]}`)];
}

describe.each(["3.0.3", "3.1.0"])("string formats in %s documents", (openapi) => {
  it("accepts everyday URLs and addresses, as the validator does", async () => {
    for (const url of URLS) {
      expect(isUriReference(url), url).toBe(true);
      expect(await validatorAccepts("url", url, openapi), url).toBe(true);
    }
    for (const email of EMAILS) {
      expect(isEmail(email), email).toBe(true);
      expect(await validatorAccepts("email", email, openapi), email).toBe(true);
    }
  });

  it("rejects what is not a URL or an address", () => {
    for (const url of NOT_URLS) expect(isUriReference(url), url).toBe(false);
    for (const email of NOT_EMAILS) expect(isEmail(email), email).toBe(false);
  });

  it("never accepts a value the validator rejects (800 random strings, both formats)", async () => {
    for (const value of [...samples(400), ...NOT_URLS, ...NOT_EMAILS]) {
      if (isUriReference(value)) expect(await validatorAccepts("url", value, openapi), `uri-reference ${JSON.stringify(value)}`).toBe(true);
      if (isEmail(value)) expect(await validatorAccepts("email", value, openapi), `email ${JSON.stringify(value)}`).toBe(true);
    }
  });
});
