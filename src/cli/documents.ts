/**
 * From an input to an OpenAPI document: a data file is parsed and checked to be a document;
 * a module is loaded and its export built.
 */
import { SpecloomError, type OpenAPIDocument, type OpenAPIVersion } from "specloom";
import { CliError, UsageError, fileError, specloomErrorLine } from "./errors";
import { ModuleLoader, classify, documentOf, pickExport, userCodeFailure } from "./module";
import { bundleInput, type BundleInputOptions } from "./bundled";
import type { Source } from "./sources";

export interface DocumentOptions {
  /** `--export`: the module's export to use instead of its default export. */
  exportName?: string | undefined;
  /** `--openapi`: the version a definition is built for. */
  openapi?: OpenAPIVersion | undefined;
  /** `--root`, `--remote`: how a data file's references to other files are read. */
  references?: BundleInputOptions | undefined;
  /** Hears the files a data file's document was bundled from (preview watches them). */
  onFiles?: ((files: readonly string[]) => void) | undefined;
}

/** The document an input stands for. `loader` keeps modules loaded (preview reloads through it). */
export async function loadDocument(source: Source, options: DocumentOptions = {}, loader?: ModuleLoader): Promise<OpenAPIDocument> {
  if (source.kind === "module") {
    const modules = loader ?? new ModuleLoader();
    const what = options.exportName === undefined ? "the default export" : `the export "${options.exportName}"`;
    return withStdoutGuard(async () => {
      const value = await pickExport(await modules.load(source), options.exportName, source);
      try {
        // Reading the export runs its getters, if it has any; openapi() reads it all.
        return documentOf(classify(value, source, what), options.openapi, source);
      } catch (error) {
        throw userCodeFailure(error, source, `reading ${what} threw`);
      }
    });
  }
  if (options.exportName !== undefined) throw new UsageError(`--export names a module's export; ${source.label} is not a module (.ts, .js, ...)`);
  // A data file's references to other files are bundled first: one self-contained document.
  const bundled = await bundleInput(source, options.references);
  options.onFiles?.(bundled.files);
  const document = requireDocument(bundled.document, source);
  return documentOf({ kind: "document", document }, options.openapi, source);
}

/**
 * One of several inputs (merge, validate) as a document: a SpecloomError its module raised
 * names the file (`api.ts: INVALID_ROUTE_KEY paths["GET users"]: ...`).
 */
export async function loadInput(source: Source, loader: ModuleLoader, references?: BundleInputOptions): Promise<OpenAPIDocument> {
  try {
    return await loadDocument(source, { references }, loader);
  } catch (error) {
    if (error instanceof SpecloomError) throw new CliError(`${source.label}: ${specloomErrorLine(error)}`);
    throw error;
  }
}

/** The parsed value, if it is an OpenAPI document (an object with a string `openapi` and an object `info`). */
export function requireDocument(value: unknown, source: Source): OpenAPIDocument {
  const problem = documentShapeProblem(value);
  if (problem) throw fileError(source.label, `not an OpenAPI document: ${problem}`);
  return value as OpenAPIDocument;
}

/** Why a value is not an OpenAPI 3 document, or undefined when it is one. */
export function documentShapeProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return `expected an object with "openapi" and "info", found ${value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`}`;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.swagger === "string" && record.openapi === undefined) return `it is a Swagger ${record.swagger} document; specloom reads OpenAPI 3 documents`;
  if (typeof record.openapi !== "string") return `expected a string "openapi" field such as "3.1.0", found ${record.openapi === undefined ? "none" : JSON.stringify(record.openapi)}`;
  if (record.info === null || typeof record.info !== "object" || Array.isArray(record.info)) return `expected an object "info" field, found ${record.info === undefined ? "none" : JSON.stringify(record.info)}`;
  return undefined;
}

/**
 * While a user's module loads, what it logs goes to stderr, so a document written to
 * stdout stays a document (`console.log` in a module would otherwise end up inside it).
 */
async function withStdoutGuard<T>(run: () => Promise<T>): Promise<T> {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  try {
    return await run();
  } finally {
    Object.assign(console, saved);
  }
}
