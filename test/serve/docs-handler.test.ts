/**
 * docsHandler() called directly with Web Requests: its options checked at creation, the
 * URLs it answers and those it leaves to the app, hostile asset paths, the nonce, and a
 * 10 MB document served with the same work per request as a small one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { SpecloomError } from "specloom";
import { createUiAssets } from "specloom/node";
import { docsHandler, UI_FILES, type UiAssets } from "specloom/serve";
import { catchError } from "../helpers/errors";
import { petsDocument } from "./helpers";

const document = petsDocument("3.1.0");
const get = (path: string, headers: Record<string, string> = {}, method = "GET") => new Request(`http://app.test${path}`, { method, headers });

/** The SpecloomError `fn` throws, checked for its code and the option it names. */
function expectSpecloomError(fn: () => unknown, code: string, location: string): SpecloomError {
  const error = catchError(fn);
  expect(error.code).toBe(code);
  expect(error.location).toBe(location);
  expect(error.message.startsWith(`${location}: `)).toBe(true);
  return error;
}

/** A reader of made-up files that records every name it is asked for. */
function recordingAssets(): UiAssets & { names: string[] } {
  const names: string[] = [];
  return { ui: "swagger-ui", names, read: (name) => (names.push(name), new TextEncoder().encode(`/* ${name} */`)) };
}

describe("docsHandler options", () => {
  it.each([
    [{ base: "docs" }, "docsHandler options.base"],
    [{ base: "/docs/../x" }, "docsHandler options.base"],
    [{ base: "/docs?x" }, "docsHandler options.base"],
    [{ base: "/a%2Fb" }, "docsHandler options.base"],
    [{ ui: "redoc" }, "docsHandler options.ui"],
    [{ ui: false, allow: true }, "docsHandler options.allow"],
    [{ ui: false, nonce: "abc" }, "docsHandler options.nonce"],
    [{ assets: { ui: "scalar", read: () => new Uint8Array() }, ui: "swagger-ui" }, "docsHandler options.assets"],
  ])("refuses %j at creation, naming the option", (options, location) => {
    expectSpecloomError(() => docsHandler(document, options as never), "INVALID_DEFINITION", location);
  });

  it("without the UI's files, names the package to install and the way to read it", () => {
    const error = expectSpecloomError(() => docsHandler(document, { ui: "scalar" }), "INVALID_DEFINITION", "docsHandler options.assets");
    expect(error.message).toContain("npm install @scalar/api-reference");
    expect(error.message).toContain('createUiAssets("scalar") from specloom/node');
  });

  it("refuses a source that is no OpenAPI 3 document at creation, and a function's wrong answer on first use", async () => {
    expectSpecloomError(() => docsHandler({ swagger: "2.0", info: {} }, { ui: false }), "INVALID_DEFINITION", "docsHandler source.openapi");
    const handler = docsHandler(() => Promise.resolve([] as unknown as object), { ui: false });
    await expect(handler(get("/docs/openapi.json"))).rejects.toThrow(SpecloomError);
  });

  it("wraps what a source function throws, keeping it as the cause", async () => {
    const thrown = new Error("database down");
    const error = await docsHandler(() => Promise.reject(thrown), { ui: false })(get("/docs/openapi.json")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpecloomError);
    expect((error as SpecloomError).message).toBe("docsHandler source: the function threw: database down");
    expect((error as SpecloomError).cause).toBe(thrown);
  });

  it("names the reader and the file when a reader returns no bytes", async () => {
    const handler = docsHandler(document, { assets: { ui: "swagger-ui", read: () => "body { }" as unknown as Uint8Array } });
    await expect(handler(get("/docs/assets/swagger-ui.css"))).rejects.toThrow('docsHandler options.assets: read("swagger-ui.css") returned the string "body { }", expected the bytes of that file of swagger-ui-dist');
  });

  it("calls a source function once, however many requests come", async () => {
    const source = vi.fn(async () => document);
    const handler = docsHandler(source, { ui: false });
    expect(source).not.toHaveBeenCalled();
    await Promise.all([handler(get("/docs/openapi.json")), handler(get("/docs/openapi.yaml")), handler(get("/docs/openapi.json"))]);
    expect(source).toHaveBeenCalledTimes(1);
  });
});

describe("what docsHandler answers", () => {
  const handler = docsHandler(document, { assets: recordingAssets() });

  it.each(["/", "/doc", "/docsx", "/docsx/openapi.json", "/api/docs/openapi.json", "/docs/unknown", "/docs/openapi.json/x", "/docs/assets/", "/docs/assets/index.html"])("leaves %s to the app (undefined)", async (path) => {
    expect(await handler(get(path))).toBeUndefined();
    expect(await handler(get(path, {}, "POST"))).toBeUndefined();
  });

  it("serves the page at {base} and {base}/, and 405 with Allow to other methods (RFC 9110 15.5.6)", async () => {
    for (const path of ["/docs", "/docs/"]) expect((await handler(get(path)))?.status).toBe(200);
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const response = await handler(get("/docs/openapi.json", {}, method));
      expect(response?.status).toBe(405);
      expect(response?.headers.get("allow")).toBe("GET, HEAD");
      expect(await response?.json()).toEqual({ type: "about:blank", title: "Method Not Allowed", status: 405, detail: `${method} is not allowed here; use GET or HEAD` });
    }
  });

  it("answers If-None-Match: * with 304 (RFC 9110 13.1.2)", async () => {
    expect((await handler(get("/docs/openapi.json", { "if-none-match": "*" })))?.status).toBe(304);
  });

  it("with ui: false, serves the document only", async () => {
    const bare = docsHandler(document, { ui: false, base: "/" });
    expect((await bare(get("/openapi.json")))?.status).toBe(200);
    expect(await bare(get("/"))).toBeUndefined();
    expect(await bare(get("/assets/swagger-ui-bundle.js"))).toBeUndefined();
  });

  it("writes YAML without anchors or aliases, even when the document shares objects", async () => {
    const shared = { description: "OK" };
    const sharing = { openapi: "3.1.0", info: { title: "Shared", version: "1" }, paths: { "/a": { get: { responses: { 200: shared } } }, "/b": { get: { responses: { 200: shared } } } } };
    const text = await (await docsHandler(sharing, { ui: false })(get("/docs/openapi.yaml")))!.text();
    expect(text).not.toMatch(/[&*]a\d/);
    expect(text.match(/description: OK/g)).toHaveLength(2);
  });
});

describe("hostile asset paths", () => {
  const LISTED = UI_FILES["swagger-ui"].map((file) => file.name);
  // Encoded, they stay in the path as sent: no listed name matches them.
  const ENCODED = ["..%2Fpackage.json", "%2e%2e%2fpackage.json", "%2E%2E/package.json", "swagger-ui-bundle.js%00", "swagger-ui-bundle.js%00.png", "%2Fetc%2Fpasswd", "..%5Cpackage.json", "swagger-ui-bundle.js/", "SWAGGER-UI-BUNDLE.JS", "__proto__", "constructor", "toString"];
  // Dot segments are resolved by the URL parser before any handler sees them (WHATWG URL).
  const DOTTED = ["..", "../package.json", "../../../../etc/passwd", "./swagger-ui-bundle.js", "..\\package.json"];

  it.each(ENCODED)("/docs/assets/%s reads nothing and is left to the app", async (name) => {
    const assets = recordingAssets();
    const handler = docsHandler(document, { assets });
    expect(await handler(get(`/docs/assets/${name}`))).toBeUndefined();
    expect(assets.names).toEqual([]);
  });

  it.each(DOTTED)("/docs/assets/%s reaches the reader with a listed name only, or nothing", async (name) => {
    const assets = recordingAssets();
    const handler = docsHandler(document, { assets });
    const request = get(`/docs/assets/${name}`);
    const response = await handler(request);
    const resolved = new URL(request.url).pathname;
    expect(response === undefined || resolved === "/docs/" || LISTED.includes(resolved.slice("/docs/assets/".length))).toBe(true);
    expect(assets.names.every((read) => LISTED.includes(read))).toBe(true);
  });

  it("asks the reader for the UI's listed files only", async () => {
    const assets = recordingAssets();
    const handler = docsHandler(document, { assets });
    await handler(get("/docs"));
    expect(assets.names.sort()).toEqual(UI_FILES["swagger-ui"].map((file) => file.name).sort());
  });

  it("createUiAssets reads its UI's listed files and refuses any other name", async () => {
    const assets = createUiAssets("swagger-ui");
    expect((await assets.read("swagger-ui.css")).byteLength).toBeGreaterThan(1000);
    for (const name of ["../package.json", "package.json", "index.html", "swagger-ui.css\u0000"]) await expect(assets.read(name)).rejects.toThrow(SpecloomError);
  });
});

describe("createUiAssets", () => {
  it.each([
    ["swagger-ui", "swagger-ui-dist"],
    ["scalar", "@scalar/api-reference"],
  ] as const)("without the %s package installed, throws at creation naming %s and how to install it", (ui, name) => {
    const empty = mkdtempSync(join(tmpdir(), "specloom-no-ui-"));
    try {
      const error = catchError(() => createUiAssets(ui, { from: empty }));
      expect(error.message).toBe(`createUiAssets("${ui}"): the ${name} package is not installed; install it with: npm install ${name}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("the page's policy", () => {
  it("sends a strict Content-Security-Policy: no inline script, no eval, nothing from another origin", async () => {
    const response = await docsHandler(document, { assets: recordingAssets() })(get("/docs"));
    const policy = response?.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(await response?.text()).not.toMatch(/<script>|<script(?![^>]*(src=|type="application\/json"))/);
  });

  it("gives every script and stylesheet the app's nonce, adds it to the policy and never caches that page", async () => {
    let count = 0;
    const handler = docsHandler(document, { assets: recordingAssets(), nonce: () => `n${++count}` });
    const first = await handler(get("/docs"));
    const second = await handler(get("/docs"));
    expect(first?.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-n1'");
    expect(second?.headers.get("content-security-policy")).toContain("'nonce-n2'");
    expect(first?.headers.get("cache-control")).toBe("no-store");
    const html = (await first?.text()) ?? "";
    expect(html.match(/<script src="[^"]+" nonce="n1">/g)).toHaveLength(2);
    expect(html).toMatch(/<link rel="stylesheet" href="[^"]+" nonce="n1">/);
  });

  it("escapes the title into the page", async () => {
    const html = await (await docsHandler(document, { assets: recordingAssets(), title: `</title><script>alert(1)</script>` })(get("/docs")))!.text();
    expect(html).toContain("<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>");
  });
});

describe("a 10 MB document", () => {
  const big = {
    openapi: "3.1.0",
    info: { title: "Big", version: "1" },
    paths: Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`/items/${index}`, { get: { summary: "x".repeat(500), responses: { 200: { description: `Item ${index}` } } } }])),
  };

  it("is serialised once and compressed once, whatever the number of requests", async () => {
    const stringify = vi.spyOn(JSON, "stringify");
    const RealCompressionStream = globalThis.CompressionStream;
    let compressions = 0;
    vi.stubGlobal(
      "CompressionStream",
      class extends RealCompressionStream {
        constructor(format: "gzip") {
          super(format);
          compressions++;
        }
      },
    );
    try {
      const handler = docsHandler(big, { ui: false });
      const sizes = new Set<number>();
      for (let index = 0; index < 20; index++) {
        const response = await handler(get("/docs/openapi.json", { "accept-encoding": index % 2 === 0 ? "gzip" : "identity" }));
        sizes.add(Number(response?.headers.get("content-length")));
        await response?.arrayBuffer();
      }
      expect([...sizes].some((size) => size > 10_000_000)).toBe(true);
      expect(stringify.mock.calls.filter(([value]) => value === big)).toHaveLength(1);
      // One gzip, plus the runtime's one-time probe of each format it might have.
      expect(compressions).toBeLessThanOrEqual(3);
      const before = compressions;
      for (let index = 0; index < 10; index++) await (await handler(get("/docs/openapi.json", { "accept-encoding": "gzip" })))?.arrayBuffer();
      expect(compressions).toBe(before);
    } finally {
      stringify.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
