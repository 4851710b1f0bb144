/**
 * `specloom mock <module-or-file>`: mockHandler() on node:http, with the docs page at /docs
 * (docsHandler), CORS for browser apps, and a new mock whenever the document's files change.
 */
import { createServer } from "node:http";
import { SpecloomError, type OpenAPIDocument, type OpenAPIVersion } from "specloom";
import type { MockHandler, MockHandlerOptions, MockInput } from "specloom/mock";
import { createUiAssets, nodeHandler, type WebHandler } from "specloom/node";
import { docsHandler, type DocsUi, type UiAssets } from "specloom/serve";
import { withCors } from "./cors";
import { UsageError } from "./errors";
import { listen, untilStopped, watchDocument } from "./local-server";
import { writeStdout } from "./output";
import { sourceOf } from "./sources";

export interface MockOptions {
  port: number;
  host: string;
  seed: number;
  dynamic?: boolean;
  cors: boolean;
  ui: DocsUi;
  root?: string;
  remote?: boolean;
  export?: string;
  openapi?: OpenAPIVersion;
}

/** The UI's files, or none (the docs then serve the document alone) when its package is not installed. */
function uiAssets(ui: DocsUi): UiAssets | undefined {
  try {
    return createUiAssets(ui);
  } catch (error) {
    if (error instanceof SpecloomError) return undefined;
    throw error;
  }
}

type MakeMock = (input: MockInput, options: MockHandlerOptions) => MockHandler;

/** The mock and, under /docs, the document and its page; the docs answer first, the mock everything else. */
function handlerFor(mockHandler: MakeMock, document: OpenAPIDocument, options: MockOptions, assets: UiAssets | undefined): WebHandler {
  const mock = mockHandler(document, { seed: options.seed, dynamic: options.dynamic === true });
  const title = `${typeof document.info?.title === "string" ? document.info.title : "OpenAPI"} (specloom mock)`;
  const docs = docsHandler(document, assets === undefined ? { base: "/docs", ui: false } : { base: "/docs", assets, title });
  const both = async (request: Request) => (await docs(request)) ?? mock(request);
  return options.cors ? withCors(both) : both;
}

/** Runs until SIGINT or SIGTERM; resolves when the server has stopped. */
export async function serveMock(input: string, options: MockOptions): Promise<void> {
  const source = sourceOf(input);
  if (source.kind === "stdin") throw new UsageError("mock watches a file; it cannot read stdin (-)");
  // Loaded here, not with the command line: fast-check is read only by a command that mocks.
  const { mockHandler } = await import("specloom/mock");
  const assets = uiAssets(options.ui);
  const { document, watch } = await watchDocument(source, { exportName: options.export, openapi: options.openapi, references: { root: options.root, remote: options.remote } }, (next) => {
    current = handlerFor(mockHandler, next, options, assets);
  });
  let current = handlerFor(mockHandler, document, options, assets);
  const server = createServer(nodeHandler((request) => current(request)));
  let port: number;
  try {
    port = await listen(server, options.port, options.host);
  } catch (error) {
    watch.close();
    throw error;
  }
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}/`;
  const docs = assets === undefined ? `the document: ${url}docs/openapi.json` : `docs: ${url}docs`;
  await writeStdout(`specloom: mocking ${source.label} at ${url} (${docs}); press Ctrl-C to stop\n`);
  await untilStopped(server, () => watch.close());
}
