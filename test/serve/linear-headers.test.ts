/**
 * The docs handler's header parsers (Accept-Encoding's q-values, If-None-Match) are linear in
 * the header: each gets 512 KB shaped to make a backtracking parser work hardest. A quadratic
 * one takes minutes at this size (the q-value expression took 1 to 3 s for 64 KB of tabs), a
 * linear one milliseconds; the bound catches the first, never a slow machine.
 */
import { describe, expect, it } from "vitest";
import { docsHandler } from "specloom/serve";
import { petsDocument } from "./helpers";

const KB512 = 512 * 1024;
const BOUND_MS = 3_000;
const docs = docsHandler(petsDocument("3.1.0"), { ui: false });
const url = "http://docs.test/docs/openapi.json";

async function timed(headers: Record<string, string>): Promise<Response> {
  const started = performance.now();
  const response = (await docs(new Request(url, { headers }))) as Response;
  expect(performance.now() - started).toBeLessThan(BOUND_MS);
  return response;
}

describe("header parsing is linear in the header", () => {
  it.each([
    ["a q-value with a whitespace run inside", `gzip;q=1${"\t".repeat(KB512)}x`, null],
    ["a q-value with whitespace around it", `gzip;q=${" ".repeat(KB512)}0.5${"\t".repeat(KB512)}`, "gzip"],
    ["whitespace before the q", `gzip;${" ".repeat(KB512)}q=1`, "gzip"],
    ["empty members", `${",;".repeat(KB512 / 2)}, gzip`, "gzip"],
    ["parameters without a q", `gzip${";a=b".repeat(KB512 / 4)}`, "gzip"],
  ])("Accept-Encoding: %s (512 KB)", async (_name, header, coding) => {
    const response = await timed({ "accept-encoding": header });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe(coding);
  });

  it("If-None-Match of 512 KB: an unclosed quote, weak prefixes, many tags and then the right one", async () => {
    const tag = (await timed({})).headers.get("etag") as string;
    expect((await timed({ "if-none-match": `"${"x".repeat(KB512)}` })).status).toBe(200);
    expect((await timed({ "if-none-match": "W/".repeat(KB512 / 2) })).status).toBe(200);
    expect((await timed({ "if-none-match": `${'"a", '.repeat(KB512 / 5)}${tag}` })).status).toBe(304);
    expect((await timed({ "if-none-match": `${" ".repeat(KB512)}*${" ".repeat(KB512)}` })).status).toBe(304);
  });
});
