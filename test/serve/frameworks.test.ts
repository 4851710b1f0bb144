/**
 * The docs handler mounted in real servers (Hono on Node, Express 5, Fastify 5, node:http),
 * checked over HTTP: the document as JSON and YAML, ETag and 304, gzip, HEAD, 405, the app's
 * own routes untouched, and `allow` hiding the docs behind the app's own 404.
 */
import { createServer, type Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createUiAssets, nodeHandler, sendWebResponse, toWebRequest } from "specloom/node";
import { docsHandler, type DocsHandler, type DocsHandlerOptions } from "specloom/serve";
import { expectValidOpenAPI } from "../helpers/document";
import { close, listen, petsDocument } from "./helpers";
import { expectServedDocs, raw } from "./http-checks";

const document = petsDocument("3.2.0");
const assets = createUiAssets("swagger-ui");
const docs = (options: DocsHandlerOptions = {}) => docsHandler(document, { assets, ...options });
const OWN = { path: "/health", body: "ok" };

/** Each framework's app with the handler mounted and one route of its own; resolves to its origin and a stop. */
const FRAMEWORKS: Record<string, (handler: DocsHandler) => Promise<{ origin: string; stop: () => Promise<void> }>> = {
  "Hono (@hono/node-server)": async (handler) => {
    const app = new Hono();
    app.use(async (c, next) => (await handler(c.req.raw)) ?? next());
    app.get(OWN.path, (c) => c.text(OWN.body));
    const server = createAdaptorServer({ fetch: app.fetch }) as Server;
    return { origin: await listen(server), stop: () => close(server) };
  },
  "Express 5": async (handler) => {
    const app = express();
    app.use(nodeHandler(handler));
    app.get(OWN.path, (_request, response) => void response.type("text/plain").send(OWN.body));
    const server = createServer(app);
    return { origin: await listen(server), stop: () => close(server) };
  },
  "Fastify 5": async (handler) => {
    const app = Fastify();
    app.addHook("onRequest", async (request, reply) => {
      const response = await handler(toWebRequest(request.raw, reply.raw));
      if (response === undefined) return;
      reply.hijack();
      await sendWebResponse(reply.raw, response);
    });
    app.get(OWN.path, async (_request, reply) => reply.type("text/plain").send(OWN.body));
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    return { origin, stop: () => app.close() };
  },
  "node:http": async (handler) => {
    const serveDocs = nodeHandler(handler);
    const server = createServer((request, response) => {
      void serveDocs(request, response, () => {
        if (request.url === OWN.path) response.end(OWN.body);
        else response.writeHead(404).end("nothing here");
      });
    });
    return { origin: await listen(server), stop: () => close(server) };
  },
};

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe.each(Object.keys(FRAMEWORKS))("%s", (name) => {
  const start = async (handler: DocsHandler) => {
    const started = await (FRAMEWORKS[name] as (typeof FRAMEWORKS)[string])(handler);
    stops.push(started.stop);
    return started.origin;
  };

  it("serves the document, the page and its files, and leaves the app's own routes alone", async () => {
    await expectValidOpenAPI(document);
    const origin = await start(docs());
    await expectServedDocs(origin, document, OWN);
    const page = (await raw(`${origin}/docs`)).body.toString("utf8");
    const bundle = /src="(\/docs\/assets\/swagger-ui-bundle\.js\?v=[0-9a-f]+)"/.exec(page)?.[1] as string;
    const asset = await raw(`${origin}${bundle}`);
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await raw(`${origin}/docs/assets/swagger-ui-bundle.js`)).headers["cache-control"]).toBe("no-cache");
  });

  it("answers a request allow refuses exactly as an unknown URL: the app's own 404", async () => {
    const origin = await start(docs({ allow: (request) => request.headers.get("x-docs-key") === "secret" }));
    const unknown = await raw(`${origin}/nothing-here`);
    expect(unknown.status).toBe(404);
    for (const path of ["/docs", "/docs/openapi.json", "/docs/assets/swagger-ui-bundle.js"]) {
      const refused = await raw(`${origin}${path}`);
      expect({ status: refused.status, body: refused.body.toString("utf8") }).toEqual({ status: 404, body: unknown.body.toString("utf8").replaceAll("/nothing-here", path) });
    }
    expect((await raw(`${origin}/docs/openapi.json`, { headers: { "x-docs-key": "secret" } })).status).toBe(200);
  });
});

describe("nodeHandler", () => {
  it("sees the URL the client asked for behind an Express mount path (originalUrl)", async () => {
    const app = express();
    app.use("/api", nodeHandler(docs({ base: "/api/docs" })));
    const server = createServer(app);
    const origin = await listen(server);
    stops.push(() => close(server));
    expect(JSON.parse((await raw(`${origin}/api/docs/openapi.json`)).body.toString("utf8"))).toEqual(JSON.parse(JSON.stringify(document)));
    expect((await raw(`${origin}/api/elsewhere`)).status).toBe(404);
  });

  it("answers 400 to a Host that makes no URL, and 500 when the handler throws, without next (the error logged, not sent)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const server = createServer(nodeHandler(() => Promise.reject(new Error("boom"))));
    const origin = await listen(server);
    stops.push(() => close(server));
    const badHost = await raw(`${origin}/docs`, { headers: { host: "a b" } });
    expect(badHost.status).toBe(400);
    expect(badHost.headers["content-type"]).toBe("application/problem+json");
    const thrown = await raw(`${origin}/docs`);
    expect(thrown.status).toBe(500);
    expect(thrown.body.toString("utf8")).not.toContain("boom");
    expect(logged).toHaveBeenCalledWith(new Error("boom"));
    logged.mockRestore();
  });
});
