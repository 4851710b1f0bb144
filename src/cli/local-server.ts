/**
 * What the commands that serve on this machine share (`preview`, `mock`): listening on a
 * host and port with one-line errors, the document regenerated when its files change
 * (the last good one kept on a failure), and stopping on SIGINT or SIGTERM.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { OpenAPIDocument } from "specloom";
import { pathItemOperations } from "../internal/http-methods";
import { loadDocument, type DocumentOptions } from "./documents";
import { CliError, describeFailure } from "./errors";
import { FileWatch } from "./file-watch";
import { ModuleLoader } from "./module";
import type { Source } from "./sources";

/** Listens on `host`; a taken port is a one-line error. Port 0 picks a free one. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new CliError(`port ${port} is already in use; choose another with --port`));
      else if (error.code === "EACCES") reject(new CliError(`port ${port} needs privileges this process does not have; choose another with --port`));
      else reject(new CliError(`cannot listen on ${host}:${port}: ${error.message}`));
    });
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Resolves once SIGINT or SIGTERM stopped the server; `stop` runs first (close watchers, end streams). */
export function untilStopped(server: Server, stop: () => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const onSignal = () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      stop();
      server.close(() => resolve());
      server.closeAllConnections();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}

export function operationCount(document: OpenAPIDocument): number {
  let count = 0;
  for (const item of Object.values(document.paths ?? {})) count += pathItemOperations(item as Record<string, unknown>).length;
  return count;
}

/**
 * The document of `source`, built now (it must build), and built again whenever one of its
 * files changes (a module and what it imports, or the files a data document was bundled
 * from): `changed` gets each new document; a failure is reported and the last good one kept.
 */
export async function watchDocument(source: Source, options: Omit<DocumentOptions, "onFiles">, changed: (document: OpenAPIDocument) => void): Promise<{ document: OpenAPIDocument; watch: FileWatch }> {
  const loader = new ModuleLoader();
  let bundled: readonly string[] = [];
  const generate = async () => {
    loader.forget();
    return loadDocument(source, { ...options, onFiles: (files) => (bundled = files) }, loader);
  };
  const document = await generate();
  let running: Promise<void> = Promise.resolve();
  const files = () => (source.kind === "module" ? loader.files : [...bundled]).concat(source.path as string);
  const watch: FileWatch = new FileWatch(files, () => {
    running = running.then(regenerate);
  });
  const regenerate = async () => {
    try {
      const next = await generate();
      changed(next);
      const count = operationCount(next);
      console.error(`specloom: ${source.label} changed; the document was regenerated (${count} operation${count === 1 ? "" : "s"})`);
    } catch (error) {
      const { text } = describeFailure(error);
      console.error(`${text} (still serving the previous document)`);
    } finally {
      watch.rewatch();
    }
  };
  watch.rewatch();
  return { document, watch };
}
