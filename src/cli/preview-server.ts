/**
 * `specloom preview <module-or-file>`: serves the docs page (Swagger UI or Scalar) and the
 * document on localhost through the same docsHandler() a production server uses, and
 * regenerates the document when its files change.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { SpecloomError, type OpenAPIDocument, type OpenAPIVersion } from "specloom";
import { createUiAssets, nodeHandler, type NodeHandler } from "specloom/node";
import { UI_PACKAGES, docsHandler, type DocsUi, type UiAssets } from "specloom/serve";
import { CliError, UsageError } from "./errors";
import { listen, untilStopped, watchDocument } from "./local-server";
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
  const clients = new Set<ServerResponse>();
  // The first document must build; later failures keep the last good one.
  const { document, watch } = await watchDocument(source, { exportName: options.export, openapi: options.openapi, references: { root: options.root, remote: options.remote } }, (next) => {
    served.docs = docsFor(next, assets);
    for (const client of clients) client.write("event: change\ndata: {}\n\n");
  });
  const served: Served = { docs: docsFor(document, assets), clients };
  const server = createServer((request, response) => handle(request, response, served));
  let port: number;
  try {
    port = await listen(server, options.port, "localhost");
  } catch (error) {
    watch.close();
    throw error;
  }
  const url = `http://localhost:${port}/`;
  await writeStdout(`specloom: serving ${source.label} at ${url} (the document: ${url}openapi.json); press Ctrl-C to stop\n`);
  await untilStopped(server, () => {
    watch.close();
    for (const client of clients) client.end();
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
