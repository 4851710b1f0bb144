/**
 * specloom/node: what needs Node. bundleFile() bundles a document on disk, reading JSON and
 * YAML files inside a root folder only; nodeHandler() and validateRequests() adapt the Web
 * handlers of specloom/serve and specloom/http to node:http and Express.
 */
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { bundle, type OpenAPIDocument, type SpecloomError } from "specloom";
import { createFileLoader, type FileLoaderOptions } from "./file-loader";
import { parseDocumentText } from "./parse-text";

export { createFileLoader, type FileLoaderOptions } from "./file-loader";
export { parseDocumentText } from "./parse-text";
export { nodeHandler, type NodeHandler, type WebHandler } from "./node-handler";
export { sendWebResponse, toWebRequest } from "./web-request";
export { RequestTargetError, type NodeRequestOptions } from "./request-target";
export { createUiAssets, type UiAssetsOptions } from "./ui-assets";
export { validateRequests, type ValidatedIncomingMessage, type ValidateRequestsOptions } from "./request-validation";

export interface BundleFileOptions extends Partial<FileLoaderOptions> {
  /** As bundle()'s: report each reference that cannot be bundled instead of throwing at the first. */
  onProblem?: (error: SpecloomError) => void;
}

/**
 * One self-contained document from the JSON or YAML document at `path` and every file its
 * `$ref`s reach. Only files inside `root` (default: the document's folder) are read, and
 * `http(s)` references only with `remote: true`.
 */
export function bundleFile(path: string, options: BundleFileOptions = {}): Promise<OpenAPIDocument> {
  const entry = resolve(path);
  const load = createFileLoader({ ...options, root: options.root ?? dirname(entry) });
  return bundle(pathToFileURL(entry).href, { load, parse: parseDocumentText, ...(options.onProblem ? { onProblem: options.onProblem } : {}) });
}
