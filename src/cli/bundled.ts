/**
 * A JSON or YAML input with every file its `$ref`s reach, bundled into one document
 * (bundle() from the library, files read by specloom/node's loader). The entry file is read
 * as every input is, so its errors read the same; the files it refers to are read inside
 * the root folder only (`--root`), and remote ones only with `--remote`.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SpecloomError, bundle } from "specloom";
import { forEachRef } from "../internal/refs";
import { createFileLoader } from "../node/file-loader";
import { parseDocumentText } from "../node/parse-text";
import { CliError, specloomErrorLine } from "./errors";
import { parseData, readText, type Source } from "./sources";

export interface BundleInputOptions {
  /** `--root`: the folder referenced files must be in (default: the entry's folder). */
  root?: string | undefined;
  /** `--remote`: fetch http(s) references. */
  remote?: boolean | undefined;
  /** Report each reference that cannot be bundled instead of failing at the first. */
  onProblem?: ((error: SpecloomError) => void) | undefined;
  /**
   * A document whose references all stay inside it is returned as parsed, not bundled (diff
   * follows local references itself; a bundled copy of a large document costs as much as
   * the comparison).
   */
  localAsParsed?: boolean | undefined;
}

export interface BundledInput {
  /** The bundled document; the parsed entry as it is when it is not an OpenAPI document. */
  document: unknown;
  /** Absolute paths of the entry and of every file read for it (a watcher watches these). */
  files: string[];
}

/** The data file `source` (or stdin), bundled. */
export async function bundleInput(source: Source, options: BundleInputOptions = {}): Promise<BundledInput> {
  const value = await parseData(await readText(source), source);
  const entry = source.path ?? resolve("<stdin>");
  const files = source.path === undefined ? [] : [entry];
  // Not an OpenAPI document: the caller says so in its own words.
  if (value === null || typeof value !== "object" || Array.isArray(value) || typeof (value as { openapi?: unknown }).openapi !== "string") return { document: value, files };
  if (options.localAsParsed === true && !refersOutside(value)) return { document: value, files };
  const read = createFileLoader({ root: resolve(options.root ?? dirname(entry)), remote: options.remote === true });
  // bundle() asks its loader for each document once, and for nothing else: what it asks for is what it read.
  const load = (url: string) => {
    if (url.startsWith("file:")) files.push(fileURLToPath(url));
    return read(url);
  };
  try {
    const document = await bundle(
      { url: pathToFileURL(entry).href, document: value },
      { load, parse: parseDocumentText, ...(options.onProblem ? { onProblem: options.onProblem } : {}) },
    );
    return { document, files };
  } catch (error) {
    if (error instanceof SpecloomError) throw new CliError(`${source.label}: ${specloomErrorLine(error)}`);
    throw error;
  }
}

/** Whether a `$ref` of the document names another file or a URL. */
function refersOutside(document: unknown): boolean {
  let outside = false;
  forEachRef(document, (ref) => {
    if (!ref.startsWith("#")) outside = true;
  });
  return outside;
}
