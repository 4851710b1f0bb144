/**
 * The built package, as users get it: both entry points in both formats. Runs against
 * dist/ (npm test builds it first), not the sources vitest aliases "specloom" to.
 */
import { readFileSync, readdirSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type * as CoreModule from "../../src/index";
import type * as PluginsModule from "../../src/plugins/index";
import type * as OverlayModule from "../../src/overlay/index";
import type * as HttpModule from "../../src/http/index";
import type * as ServeModule from "../../src/serve/index";
import type * as NodeModule from "../../src/node/index";
import type * as MockModule from "../../src/mock/index";

const dist = join(import.meta.dirname, "..", "..", "dist");
const require = createRequire(import.meta.url);

type Core = typeof CoreModule;
type Plugins = typeof PluginsModule;
type OverlayEntry = typeof OverlayModule;
type Http = typeof HttpModule;

const esm = {
  core: (await import(pathToFileURL(join(dist, "index.js")).href)) as Core,
  plugins: (await import(pathToFileURL(join(dist, "plugins.js")).href)) as Plugins,
  overlay: (await import(pathToFileURL(join(dist, "overlay.js")).href)) as OverlayEntry,
  http: (await import(pathToFileURL(join(dist, "http.js")).href)) as Http,
};
const cjs = {
  core: require(join(dist, "index.cjs")) as Core,
  plugins: require(join(dist, "plugins.cjs")) as Plugins,
  overlay: require(join(dist, "overlay.cjs")) as OverlayEntry,
  http: require(join(dist, "http.cjs")) as Http,
};

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe.each([
  ["ESM", esm],
  ["CommonJS", cjs],
])("dist (%s)", (_format, build) => {
  it("builds a document", () => {
    const document = build.core.openapi({ info: { title: "Dist", version: "1" }, paths: { "GET /a": { 200: z.string() } } });
    expect(document.paths["/a"]?.get?.responses?.["200"]).toEqual({ description: "OK", content: { "application/json": { schema: { type: "string" } } } });
  });

  it("throws one SpecloomError class from every entry point and both formats", () => {
    const fromPlugins = thrown(() => build.plugins.bearerAuth({ schemeName: "" }));
    const fromOverlay = thrown(() => build.overlay.applyOverlay({}, { overlay: "9.0.0", info: { title: "T", version: "1" }, actions: [] }));
    for (const { SpecloomError } of [esm.core, cjs.core]) {
      expect(fromPlugins).toBeInstanceOf(SpecloomError);
      expect(fromOverlay).toBeInstanceOf(SpecloomError);
    }
    expect((fromPlugins as { code: string }).code).toBe("INVALID_DEFINITION");
    expect((fromOverlay as { message: string }).message).toMatch(/^overlays\[0\]\.overlay: unknown Overlay Specification version "9\.0\.0"/);
  });

  it("applies an overlay from specloom/overlay", () => {
    const document = build.core.openapi({ info: { title: "Dist", version: "1" }, paths: { "GET /a": { 200: z.string() } } });
    const result = build.overlay.applyOverlay(document, { overlay: "1.1.0", info: { title: "T", version: "1" }, actions: [{ target: "$.paths['/a'].get.summary", update: "A" }, { target: "$.paths['/a'].get", update: { summary: "Read a" } }] });
    expect(result.paths["/a"]?.get?.summary).toBe("Read a");
    expect(Object.isFrozen(result.paths["/a"]?.get)).toBe(true);
  });

  it("validates a request from specloom/http, for a builder made by the core entry point", async () => {
    const builder = new build.core.OpenAPI({ info: { title: "Dist", version: "1" } }).route("GET /a/{n}", { params: z.object({ n: z.number() }) });
    const validate = build.http.requestValidator(builder);
    expect(await validate(new Request("http://x/a/2"))).toMatchObject({ ok: true, params: { n: 2 } });
    expect((await validate(new Request("http://x/b"))).ok).toBe(false);
  });

  it("keeps a plugin's own error code when a hook throws a SpecloomError", () => {
    const error = thrown(() =>
      build.core.openapi({
        info: { title: "Dist", version: "1" },
        securitySchemes: { bearerAuth: { type: "apiKey", name: "k", in: "header" } },
        plugins: [build.plugins.bearerAuth()],
        paths: { "GET /a": {} },
      }),
    );
    expect((error as { code: string }).code).toBe("DUPLICATE_SCHEMA");
  });
});

describe("what the library entry points import", () => {
  // The library's files; cli.js is the command and node.js the file loader, which use Node.
  const files = readdirSync(dist).filter((file) => /\.(c?js)$/.test(file) && !/^(cli|node|express|fastify)\./.test(file));
  const specifiersOf = (file: string) => [...readFileSync(join(dist, file), "utf8").matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1] as string);

  it.each(files.filter((file) => !file.startsWith("overlay.") && !file.startsWith("serve.") && !file.startsWith("mock.")))("%s imports nothing but its own chunks: no dependency, no Node built-in", (file) => {
    expect(specifiersOf(file).filter((specifier) => !specifier.startsWith("./"))).toEqual([]);
  });

  it.each(["overlay.js", "overlay.cjs"])("%s imports its own chunks and the JSONPath library only, no Node built-in", (file) => {
    expect(specifiersOf(file).filter((specifier) => !specifier.startsWith("./"))).toEqual(["json-p3"]);
  });

  it.each(["serve.js", "serve.cjs"])("%s imports its own chunks and yaml only, no Node built-in: it runs in Bun, Deno and Workers", (file) => {
    expect(specifiersOf(file).filter((specifier) => !specifier.startsWith("./"))).toEqual(["yaml"]);
  });

  it.each(["express.js", "express.cjs", "fastify.js", "fastify.cjs"])("%s imports Node built-ins and the library as specloom, specloom/http and specloom/node (one copy of each), not its framework", (file) => {
    const outside = specifiersOf(file).filter((specifier) => !isBuiltin(specifier));
    expect(new Set(outside)).toEqual(new Set(["specloom", "specloom/http", "specloom/node"]));
  });

  it.each(["mock.js", "mock.cjs"])("%s imports its own chunks and fast-check only, no Node built-in: it runs in Bun, Deno, Workers and MSW", (file) => {
    expect(new Set(specifiersOf(file).filter((specifier) => !specifier.startsWith("./")))).toEqual(new Set(["fast-check"]));
  });

  it.each(["node.js", "node.cjs"])("%s imports Node built-ins, yaml and the library as specloom, specloom/http and specloom/serve (one copy of each), nothing else", (file) => {
    const outside = specifiersOf(file).filter((specifier) => !isBuiltin(specifier));
    expect(new Set(outside)).toEqual(new Set(["specloom", "specloom/http", "specloom/serve", "yaml"]));
  });
});

const servingBuilds: [string, typeof ServeModule, typeof NodeModule][] = [
  ["ESM", (await import(pathToFileURL(join(dist, "serve.js")).href)) as typeof ServeModule, (await import(pathToFileURL(join(dist, "node.js")).href)) as typeof NodeModule],
  ["CommonJS", require(join(dist, "serve.cjs")) as typeof ServeModule, require(join(dist, "node.cjs")) as typeof NodeModule],
];

describe("specloom/serve and specloom/node, built", () => {
  it.each(servingBuilds)("serve the document and Swagger UI's files (%s), the UI found from the built file", async (_format, serve, node) => {
    const document = { openapi: "3.1.0", info: { title: "Dist", version: "1" }, paths: {} };
    const docs = serve.docsHandler(document, { assets: node.createUiAssets("swagger-ui") });
    expect(await (await docs(new Request("http://localhost/docs/openapi.json")))?.json()).toEqual(document);
    expect((await docs(new Request("http://localhost/docs/assets/swagger-ui.css")))?.status).toBe(200);
    expect(typeof node.nodeHandler(docs)).toBe("function");
  });
});

const mockBuilds: [string, typeof MockModule][] = [
  ["ESM", (await import(pathToFileURL(join(dist, "mock.js")).href)) as typeof MockModule],
  ["CommonJS", require(join(dist, "mock.cjs")) as typeof MockModule],
];

describe("specloom/mock, built", () => {
  it.each(mockBuilds)("answers a request from a definition's document (%s)", async (_format, mock) => {
    const handler = mock.mockHandler({ openapi: "3.1.0", info: { title: "Dist", version: "1" }, paths: { "GET /a": { 200: z.object({ n: z.number().int().min(1).max(9) }) } } });
    const response = await handler(new Request("http://localhost/a"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { n: number };
    expect(body.n).toBeGreaterThanOrEqual(1);
    expect(body.n).toBeLessThanOrEqual(9);
    expect((await handler(new Request("http://localhost/b"))).status).toBe(404);
  });
});
