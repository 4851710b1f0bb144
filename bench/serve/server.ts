/**
 * One server of the serve scenario, in its own process: the merged Twilio document at
 * `/docs/openapi.json`, served by `process.argv[2]`:
 *   specloom          docsHandler (dist/serve.js) through nodeHandler (dist/node.js) on node:http
 *   stringify         node:http, a route written by hand: JSON.stringify, a SHA-1 ETag and gzip per request
 *   fastify-swagger   Fastify 5 with @fastify/swagger (static mode) and the JSON route
 *                     @fastify/swagger-ui adds: reply.send(fastify.swagger()), serialised per request
 * Sends its port to the parent, then serves until killed.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import type * as Node from "specloom/node";
import type * as Serve from "specloom/serve";
import type { OpenAPIDocument } from "specloom";
import { createMerge } from "../specloom";
import { loadTwilio, TWILIO_OPTIONS } from "../merge/twilio";
import { ROOT_URL } from "../root";

const [base, ...sources] = loadTwilio() as [OpenAPIDocument, ...OpenAPIDocument[]];
const document = createMerge(TWILIO_OPTIONS)(base, ...sources);
const kind = process.argv[2];

function stringifyRoute(request: IncomingMessage, response: ServerResponse): void {
  if (request.url !== "/docs/openapi.json") return void response.writeHead(404).end();
  const body = JSON.stringify(document);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  if (request.headers["if-none-match"] === etag) return void response.writeHead(304, { ETag: etag }).end();
  const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
  const bytes = gzip ? gzipSync(body) : Buffer.from(body);
  response.writeHead(200, { "Content-Type": "application/json", ETag: etag, ...(gzip ? { "Content-Encoding": "gzip" } : {}), "Content-Length": bytes.length });
  response.end(bytes);
}

async function start(): Promise<number> {
  if (kind === "fastify-swagger") {
    const { default: Fastify } = await import("fastify");
    const { default: swagger } = await import("@fastify/swagger");
    const app = Fastify();
    await app.register(swagger, { mode: "static", specification: { document: document as never } });
    app.get("/docs/openapi.json", (_request, reply) => reply.send(app.swagger()));
    await app.listen({ port: 0, host: "127.0.0.1" });
    return (app.server.address() as AddressInfo).port;
  }
  let listener: Parameters<typeof createServer>[1] = stringifyRoute;
  if (kind === "specloom") {
    const { docsHandler } = (await import(new URL("dist/serve.js", ROOT_URL).href)) as typeof Serve;
    const { nodeHandler } = (await import(new URL("dist/node.js", ROOT_URL).href)) as typeof Node;
    listener = nodeHandler(docsHandler(document, { ui: false }));
  }
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

process.send?.({ port: await start() });
