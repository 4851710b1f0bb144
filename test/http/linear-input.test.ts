/**
 * What a client sends is read in time linear in its size: every route template, parameter
 * style, header and body parser the validator has gets 64 KB (a path segment, a value, a key,
 * a header). A reader that backtracks takes minutes to hours at this size (the route
 * matcher's regular expressions were cubic on `{z}-{x}-{y}.png`: 6 s for 6,400 characters);
 * a linear one takes milliseconds. The time bound is that generous: it catches a quadratic
 * reader, never a slow machine.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requestValidator, type InvalidRequest, type ValidationResult } from "specloom/http";

const KB64 = 64 * 1024;
const BOUND_MS = 3_000;
const base = "http://api.test";

const validate = requestValidator({
  openapi: "3.1.0",
  info: { title: "Hostile", version: "1" },
  paths: {
    "GET /tiles/{z}-{x}-{y}.png": { params: z.object({ z: z.string(), x: z.string(), y: z.string() }), 200: null },
    "POST /v1/{name}:cancel": { params: z.object({ name: z.string() }), 200: null },
    "GET /files/{name}.{ext}": { params: z.object({ name: z.string(), ext: z.string() }), 200: null },
    "GET /pair/{a}{b}": { params: z.object({ a: z.string(), b: z.string() }), 200: null },
    "GET /matrix/{ids}": { params: z.object({ ids: z.array(z.number()) }), styles: { params: { ids: { style: "matrix", explode: true } } }, 200: null },
    "GET /label/{ids}": { params: z.object({ ids: z.array(z.number()) }), styles: { params: { ids: { style: "label" } } }, 200: null },
    "GET /simple/{ids}": { params: z.object({ ids: z.array(z.number()) }), 200: null },
    "GET /search": {
      query: z.object({
        tags: z.array(z.string()).optional(),
        spaced: z.array(z.string()).optional(),
        piped: z.array(z.string()).optional(),
        filter: z.record(z.string(), z.string()).optional(),
        n: z.number().optional(),
      }),
      styles: { query: { tags: { explode: false }, spaced: { style: "spaceDelimited", explode: false }, piped: { style: "pipeDelimited", explode: false }, filter: { style: "deepObject" } } },
      headers: z.object({ "x-list": z.array(z.string()).optional() }),
      cookies: z.object({ session: z.string().optional() }),
      200: null,
    },
    "POST /notes": { body: z.object({ text: z.string() }), 200: null },
    "POST /forms": { body: { content: { "application/x-www-form-urlencoded": { schema: z.record(z.string(), z.unknown()) }, "multipart/form-data": { schema: z.record(z.string(), z.unknown()) } } }, 200: null },
  },
});

async function timed(request: Request): Promise<ValidationResult<unknown, string>> {
  const started = performance.now();
  const result = await validate(request);
  expect(performance.now() - started).toBeLessThan(BOUND_MS);
  return result;
}

const status = (result: ValidationResult<unknown, string>) => (result.ok ? 200 : (result as InvalidRequest).status);

describe("route matching is linear in the path", () => {
  it.each([
    ["a segment of dashes no template takes", `/tiles/${"-".repeat(KB64)}`, 404],
    ["dashes before the suffix", `/tiles/${"1-".repeat(KB64 / 2)}.png`, 200],
    ["a colon run no template takes", `/v1/${":".repeat(KB64)}`, 404],
    ["percent signs that decode to nothing", `/files/${"%".repeat(KB64)}`, 404],
    ["dots, each a place the name could end", `/files/${"a.".repeat(KB64 / 2)}b`, 200],
    ["two adjacent parameters", `/pair/${"x".repeat(KB64)}`, 200],
  ])("%s (64 KB)", async (_name, path, expected) => {
    expect(status(await timed(new Request(`${base}${path}`, { method: path.startsWith("/v1") ? "POST" : "GET" })))).toBe(expected);
  });

  it("reads each template's parameters from a 64 KB segment as OpenAPI does", async () => {
    const tiles = await timed(new Request(`${base}/tiles/1-2-${"3".repeat(KB64)}.png`));
    expect(tiles).toMatchObject({ ok: true, params: { z: "1", x: "2", y: "3".repeat(KB64) } });
    const cancel = await timed(new Request(`${base}/v1/${"a:".repeat(KB64 / 2)}cancel`, { method: "POST" }));
    expect(cancel).toMatchObject({ ok: true, params: { name: `${"a:".repeat(KB64 / 2 - 1)}a` } });
    const file = await timed(new Request(`${base}/files/${"a.".repeat(KB64 / 2)}b`));
    expect(file).toMatchObject({ ok: true, params: { name: "a", ext: `${"a.".repeat(KB64 / 2 - 1)}b` } });
  });

  it.each([
    ["matrix", `/matrix/${";ids=1".repeat(KB64 / 6)}`, Math.floor(KB64 / 6)],
    ["label", `/label/.${"1,".repeat(KB64 / 2)}1`, KB64 / 2 + 1],
    ["simple", `/simple/${"1,".repeat(KB64 / 2)}1`, KB64 / 2 + 1],
  ])("decodes a 64 KB %s path parameter", async (_style, path, items) => {
    const result = await timed(new Request(`${base}${path}`));
    expect((result as { params: { ids: number[] } }).params.ids).toHaveLength(items);
  });
});

describe("parameter and header parsing is linear in what the client sends", () => {
  const search = (query: string, headers: Record<string, string> = {}) => timed(new Request(`${base}/search?${query}`, { headers }));

  it("reads 64 KB query values in each style", async () => {
    expect((await search(`tags=${"x,".repeat(KB64 / 2)}x`)) as { query: { tags: string[] } }).toMatchObject({ ok: true });
    expect(((await search(`spaced=${"a%20".repeat(KB64 / 4)}a&piped=${"b|".repeat(KB64 / 2)}b`)) as { query: { spaced: string[]; piped: string[] } }).query.piped).toHaveLength(KB64 / 2 + 1);
    expect(((await search(`spaced=${"+".repeat(KB64)}`)) as { query: { spaced: string[] } }).query.spaced).toHaveLength(KB64 + 1);
    expect(status(await search(`n=${"1".repeat(KB64)}x`))).toBe(400);
  });

  it("refuses a 64 KB deepObject key and reads 4,096 deepObject keys", async () => {
    expect(status(await search(`filter${"[".repeat(KB64)}=1`))).toBe(400);
    expect(status(await search(`filter[${"]".repeat(KB64)}=1`))).toBe(400);
    const keys = Array.from({ length: 4096 }, (_, i) => `filter[k${i}]=${i}`).join("&");
    expect(Object.keys(((await search(keys)) as { query: { filter: object } }).query.filter)).toHaveLength(4096);
  });

  it("reads 64 KB header and cookie values", async () => {
    const listed = await search("", { "x-list": " ,".repeat(KB64 / 2), cookie: `${"; ".repeat(KB64 / 2)}session=${"s".repeat(KB64)};${"=".repeat(KB64)}` });
    expect(listed).toMatchObject({ ok: true, cookies: { session: "s".repeat(KB64) } });
    expect((listed as { headers: { "x-list": string[] } }).headers["x-list"]).toHaveLength(KB64 / 2 + 1);
  });

  it.each([
    ["parameters after the type", `application/json${";".repeat(KB64)}${" ".repeat(KB64)}`, 200],
    ["whitespace around the type", `${" ".repeat(KB64)}application/json${" ".repeat(KB64)}x`, 415],
    ["a quoted parameter that never closes", `application/json; charset="${"\\\"".repeat(KB64 / 2)}`, 200],
  ])("reads a 64 KB Content-Type: %s", async (_name, type, expected) => {
    expect(status(await timed(new Request(`${base}/notes`, { method: "POST", body: '{"text":"t"}', headers: { "content-type": type } })))).toBe(expected);
  });

  it("reads 64 KB form and multipart bodies and multipart's 64 KB Content-Type", async () => {
    const form = await timed(new Request(`${base}/forms`, { method: "POST", body: `a=${"+".repeat(KB64)}${"&".repeat(KB64)}`, headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect(form).toMatchObject({ ok: true, body: { a: " ".repeat(KB64) } });
    const part = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n';
    const multipart = await timed(new Request(`${base}/forms`, { method: "POST", body: part, headers: { "content-type": `multipart/form-data; boundary=x;${" a=b;".repeat(KB64 / 5)}` } }));
    expect(multipart).toMatchObject({ ok: true, body: { a: "1" } });
  });
});
