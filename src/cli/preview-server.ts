/**
 * `specloom preview <module-or-file>`: serves Swagger UI and the document
 * (`/openapi.json`) on localhost, and regenerates the document when its files change.
 */
import { createReadStream } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname } from "node:path";
import type { OpenAPIDocument, OpenAPIVersion } from "specloom";
import { pathItemOperations } from "../internal/http-methods";
import { loadDocument } from "./documents";
import { CliError, UsageError, describeFailure } from "./errors";
import { FileWatch } from "./file-watch";
import { ModuleLoader } from "./module";
import { writeStdout } from "./output";
import { sourceOf } from "./sources";
import { findSwaggerUi, previewPage, swaggerUiAssets } from "./swagger-ui";

export interface PreviewOptions {
  port: number;
  root?: string;
  remote?: boolean;
  export?: string;
  openapi?: OpenAPIVersion;
}

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".html": "text/html; charset=utf-8",
  ".map": "application/json",
};

/** What the server serves: the last good document, and the pages listening for changes. */
interface Served {
  current: { document: OpenAPIDocument; json: string };
  readonly clients: Set<ServerResponse>;
  readonly assets: ReadonlyMap<string, string>;
}

/** Runs until SIGINT or SIGTERM; resolves when the server has stopped. */
export async function servePreview(input: string, options: PreviewOptions): Promise<void> {
  const source = sourceOf(input);
  if (source.kind === "stdin") throw new UsageError("preview watches a file; it cannot read stdin (-)");
  const assets = swaggerUiAssets(findSwaggerUi());
  const loader = new ModuleLoader();
  // The files a data document was bundled from: a change to any of them regenerates it.
  let bundled: readonly string[] = [];
  const generate = async () => {
    loader.forget();
    return loadDocument(source, { exportName: options.export, openapi: options.openapi, references: { root: options.root, remote: options.remote }, onFiles: (files) => (bundled = files) }, loader);
  };

  // The first document must build; later failures keep the last good one.
  const served: Served = { current: documentAndJson(await generate()), clients: new Set(), assets };
  const server = createServer((request, response) => handle(request, response, served));
  const port = await listen(server, options.port);
  const url = `http://localhost:${port}/`;

  let running: Promise<void> = Promise.resolve();
  const files = () => (source.kind === "module" ? loader.files : [...bundled]).concat(source.path as string);
  const watch: FileWatch = new FileWatch(files, () => {
    running = running.then(regenerate);
  });
  const regenerate = async () => {
    try {
      const document = await generate();
      served.current = documentAndJson(document);
      console.error(`specloom: ${source.label} changed; the document was regenerated (${operationCount(document)} operation${operationCount(document) === 1 ? "" : "s"})`);
      for (const client of served.clients) client.write("event: change\ndata: {}\n\n");
    } catch (error) {
      const { text } = describeFailure(error);
      console.error(`${text} (still serving the previous document)`);
    } finally {
      watch.rewatch();
    }
  };
  watch.rewatch();

  await writeStdout(`specloom: serving ${source.label} at ${url} (the document: ${url}openapi.json); press Ctrl-C to stop\n`);
  await untilStopped(server, watch, served.clients);
}

function documentAndJson(document: OpenAPIDocument): Served["current"] {
  return { document, json: JSON.stringify(document, null, 2) };
}

/** Resolves once SIGINT or SIGTERM stopped the server. */
function untilStopped(server: Server, watch: FileWatch, clients: ReadonlySet<ServerResponse>): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      watch.close();
      for (const client of clients) client.end();
      server.close(() => resolve());
      server.closeAllConnections();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

function handle(request: IncomingMessage, response: ServerResponse, served: Served): void {
  // Only pages this machine opened: a foreign Host header means DNS rebinding.
  const host = (request.headers.host ?? "").replace(/:\d+$/, "");
  if (!["localhost", "127.0.0.1", "[::1]"].includes(host)) return send(response, 403, "text/plain; charset=utf-8", "Forbidden\n");
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    return send(response, 405, "text/plain; charset=utf-8", "Method Not Allowed\n");
  }
  const path = new URL(request.url ?? "/", "http://localhost/").pathname;
  const { document, json } = served.current;
  if (path === "/" || path === "/index.html") return send(response, 200, "text/html; charset=utf-8", previewPage(document.info?.title ?? "OpenAPI"));
  if (path === "/openapi.json") return send(response, 200, "application/json; charset=utf-8", json);
  if (path === "/events") {
    response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" });
    response.write(": specloom preview\n\n");
    served.clients.add(response);
    request.on("close", () => served.clients.delete(response));
    return;
  }
  const asset = served.assets.get(path.slice(1));
  if (asset === undefined) return send(response, 404, "text/plain; charset=utf-8", "Not Found\n");
  response.writeHead(200, { "Content-Type": CONTENT_TYPES[extname(asset)] ?? "application/octet-stream", "Cache-Control": "no-cache" });
  if (request.method === "HEAD") return void response.end();
  createReadStream(asset).on("error", () => response.destroy()).pipe(response);
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
  response.end(response.req.method === "HEAD" ? undefined : body);
}

/** Listens on localhost; a taken port is a one-line error. Port 0 picks a free one. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new CliError(`port ${port} is already in use; choose another with --port`));
      else if (error.code === "EACCES") reject(new CliError(`port ${port} needs privileges this process does not have; choose another with --port`));
      else reject(new CliError(`cannot listen on localhost:${port}: ${error.message}`));
    });
    server.listen(port, "localhost", () => resolve((server.address() as AddressInfo).port));
  });
}

function operationCount(document: OpenAPIDocument): number {
  let count = 0;
  for (const item of Object.values(document.paths ?? {})) {
    count += pathItemOperations(item as Record<string, unknown>).length;
  }
  return count;
}
