/**
 * The checks every mounted docs handler must pass over real HTTP, whatever the framework:
 * the raw bytes on the wire (node:http, no decompression by the client), so compression and
 * HEAD are seen as sent.
 */
import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { expect } from "vitest";
import { parse } from "yaml";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request, the response exactly as sent. */
export function raw(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: options.method ?? "GET", headers: options.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });
}

/**
 * JSON and YAML equal to the document; a strong ETag and 304 on If-None-Match (RFC 9110
 * 13.1.2); gzip when accepted, each coding its own ETag; HEAD with the GET's headers and no
 * body; 405 with Allow; the app's own route still answers.
 */
export async function expectServedDocs(origin: string, document: unknown, ownRoute: { path: string; body: string }): Promise<void> {
  const expected = JSON.parse(JSON.stringify(document)) as unknown;
  const json = await raw(`${origin}/docs/openapi.json`);
  expect(json.status).toBe(200);
  expect(json.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(JSON.parse(json.body.toString("utf8"))).toEqual(expected);
  const yaml = await raw(`${origin}/docs/openapi.yaml`);
  expect(yaml.headers["content-type"]).toBe("application/yaml; charset=utf-8");
  expect(parse(yaml.body.toString("utf8"))).toEqual(expected);

  const etag = json.headers.etag as string;
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  expect(json.headers["cache-control"]).toBe("no-cache");
  const notModified = await raw(`${origin}/docs/openapi.json`, { headers: { "if-none-match": `"other", ${etag}` } });
  expect(notModified.status).toBe(304);
  expect(notModified.body.length).toBe(0);
  expect(notModified.headers.etag).toBe(etag);
  expect((await raw(`${origin}/docs/openapi.json`, { headers: { "if-none-match": '"other"' } })).status).toBe(200);

  const gzip = await raw(`${origin}/docs/openapi.json`, { headers: { "accept-encoding": "gzip" } });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gzip.headers.vary).toContain("Accept-Encoding");
  expect(JSON.parse(gunzipSync(gzip.body).toString("utf8"))).toEqual(expected);
  expect(gzip.headers.etag).not.toBe(etag);
  expect((await raw(`${origin}/docs/openapi.json`, { headers: { "accept-encoding": "gzip", "if-none-match": gzip.headers.etag as string } })).status).toBe(304);
  expect((await raw(`${origin}/docs/openapi.json`, { headers: { "accept-encoding": "gzip;q=0, identity" } })).headers["content-encoding"]).toBeUndefined();

  const head = await raw(`${origin}/docs/openapi.json`, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers["content-length"]).toBe(String(json.body.length));
  expect(head.headers.etag).toBe(etag);

  const post = await raw(`${origin}/docs/openapi.json`, { method: "POST" });
  expect(post.status).toBe(405);
  expect(post.headers.allow).toBe("GET, HEAD");
  expect(post.headers["content-type"]).toBe("application/problem+json");

  const page = await raw(`${origin}/docs`);
  expect(page.status).toBe(200);
  expect(page.headers["content-security-policy"]).toContain("default-src 'none'");

  const own = await raw(`${origin}${ownRoute.path}`);
  expect(own.status).toBe(200);
  expect(own.body.toString("utf8")).toBe(ownRoute.body);
}
