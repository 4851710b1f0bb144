/**
 * `specloom preview <module-or-file>`: serves the docs page (Swagger UI or Scalar) and the
 * document on localhost through the same docsHandler() a production server uses, and
 * regenerates the document when its files change.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SpecloomError, type OpenAPIDocument, type OpenAPIVersion } from "specloom";
import { createUiAssets, nodeHandler, type NodeHandler } from "specloom/node";
import { UI_PACKAGES, docsHandler, type DocsUi, type UiAssets } from "specloom/serve";
import { pathItemOperations } from "../internal/http-methods";
import { loadDocument } from "./documents";
import { CliError, UsageError, describeFailure } from "./errors";
import { FileWatch } from "./file-watch";
import { ModuleLoader } from "./module";
import { writeStdout } from "./output";
import { sourceOf } from "./sources";

export interface PreviewOptions {
  port: number;
  ui: DocsUi;
  root?: string;
  remote?: boolean;
  export?: string;
  openapi?: OpenAPIVersion;
}

/** What the server serves: the handler of the last good document, and the pages listening for changes. */
interface Served {
  docs: NodeHandler;
  readonly clients: Set<ServerResponse>;
}

/** The UI's files from its installed package; missing, the command says what to install. */
function uiAssets(ui: DocsUi): UiAssets {
  try {
    return createUiAssets(ui);
  } catch (error) {
    if (!(error instanceof SpecloomError)) throw error;
    throw new CliError(`preview needs the ${UI_PACKAGES[ui]} package for its documentation page, and it is not installed; install it with: npm install --save-dev ${UI_PACKAGES[ui]}`);
  }
}

/** One docs handler per document, at the root, with the page listening on /events. */
function docsFor(document: OpenAPIDocument, assets: UiAssets): NodeHandler {
  const title = `${typeof document.info?.title === "string" ? document.info.title : "OpenAPI"} (specloom preview)`;
  return nodeHandler(docsHandler(document, { base: "/", assets, title, events: "/events" }));
}

/** Runs until SIGINT or SIGTERM; resolves when the server has stopped. */
export async function servePreview(input: string, options: PreviewOptions): Promise<void> {
  const source = sourceOf(input);
  if (source.kind === "stdin") throw new UsageError("preview watches a file; it cannot read stdin (-)");
  const assets = uiAssets(options.ui);
  const loader = new ModuleLoader();
  // The files a data document was bundled from: a change to any of them regenerates it.
  let bundled: readonly string[] = [];
  const generate = async () => {
    loader.forget();
    return loadDocument(source, { exportName: options.export, openapi: options.openapi, references: { root: options.root, remote: options.remote }, onFiles: (files) => (bundled = files) }, loader);
  };

  // The first document must build; later failures keep the last good one.
  const served: Served = { docs: docsFor(await generate(), assets), clients: new Set() };
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
      served.docs = docsFor(document, assets);
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
  if (!["localhost", "127.0.0.1", "[::1]"].includes(host)) return send(response, 403, "Forbidden\n");
  if (new URL(request.url ?? "/", "http://localhost/").pathname !== "/events") return void served.docs(request, response);
  response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" });
  response.write(": specloom preview\n\n");
  served.clients.add(response);
  request.on("close", () => served.clients.delete(response));
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
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
