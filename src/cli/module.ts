/**
 * Loading a user's TypeScript or JavaScript module (through jiti) and turning its export
 * into a document. What the export is, is told by its shape, never by `instanceof`: the
 * module may have loaded another copy of specloom than this command's.
 */
import { dirname, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Jiti } from "jiti";
import { SpecloomError, openapi, type OpenAPIDocument, type OpenAPIVersion, type SpecloomDefinition } from "specloom";
import { describeThrown as describeThrownValue } from "../errors";
import { CliError, fileError, oneLine } from "./errors";
import { checkReadable, type Source } from "./sources";

/**
 * Loads modules; `reload()` runs the module again after its files changed (for `preview`).
 * jiti's module cache holds the user's files that went through it, which tells which local
 * files a module depends on; packages (`zod`, `specloom`) are imported natively and stay.
 */
export class ModuleLoader {
  #jiti: Jiti | undefined;
  #local = new Set<string>();

  /** The module's namespace (`{ default, ...named }`). */
  async load(source: Source): Promise<Record<string, unknown>> {
    await checkReadable(source);
    const jiti = await this.#instance();
    const before = new Set(Object.keys(jiti.cache));
    let namespace: unknown;
    try {
      namespace = await jiti.import(source.path as string);
    } catch (error) {
      // A SpecloomError the module's own code threw (it called openapi() at load) is
      // reported as such; anything else means the module does not load.
      if (error instanceof SpecloomError) throw error;
      throw fileError(source.label, `cannot load the module: ${describeLoadError(error)}`);
    } finally {
      for (const file of Object.keys(jiti.cache)) {
        if (!before.has(file) && !file.split(sep).includes("node_modules")) this.#local.add(file);
      }
    }
    return (namespace ?? {}) as Record<string, unknown>;
  }

  /** The local files (the module and what it imports, outside node_modules) loaded so far. */
  get files(): string[] {
    return [...this.#local];
  }

  /** Forgets the loaded local files, so the next `load()` runs them again from disk. */
  forget(): void {
    const cache = this.#jiti?.cache;
    if (cache) for (const file of this.#local) delete cache[file];
    this.#local.clear();
  }

  async #instance(): Promise<Jiti> {
    if (!this.#jiti) {
      const { createJiti } = await import("jiti");
      // interopDefault off: a module without a default export must look like one.
      this.#jiti = createJiti(import.meta.url, { interopDefault: false, moduleCache: true });
    }
    return this.#jiti;
  }
}

/** One line about why a module did not load: the message, and where in the user's code. */
function describeLoadError(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(describeThrownValue(error));
  // jiti's parse errors end with the file and position on their own line; missing modules
  // carry a "Require stack" nobody needs here.
  const message = oneLine(error.message.split("\nRequire stack:")[0] ?? error.message);
  // jiti's parse errors end with the absolute file and position: `... \n /abs/api.ts:2:18`.
  const position = /^(.*?)\s+(\/[^\s:]+):(\d+):(\d+)$/.exec(message);
  if (position) return `${position[1]} (at ${relative(process.cwd(), position[2] as string) || position[2]}:${position[3]}:${position[4]})`;
  const { code, requireStack } = error as { code?: unknown; requireStack?: unknown };
  if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") {
    // Where it was imported from says more than a stack frame of transpiled code.
    const importer = Array.isArray(requireStack) && typeof requireStack[0] === "string" ? requireStack[0] : undefined;
    return `${message}${importer && importer !== SELF ? ` (imported by ${relative(process.cwd(), importer) || importer})` : ""}`;
  }
  return describeThrown(error, message);
}

/** What the user's code threw, in one line: `TypeError: db not reachable (at src/api.ts:3:9)`. */
function describeThrown(error: unknown, message = error instanceof Error ? oneLine(error.message) : ""): string {
  // A thrown string, Symbol or `Object.create(null)`: described without running its code.
  if (!(error instanceof Error)) return oneLine(describeThrownValue(error));
  const name = error.name && !message.startsWith(error.name) ? `${error.name}: ` : "";
  const frame = userFrame(error);
  return `${name}${message}${frame && !message.includes(frame) ? ` (at ${frame})` : ""}`;
}

const SELF = fileURLToPath(import.meta.url);
/** dist/: this command and the library it imports (when the package is linked, not under node_modules). */
const OWN_DIRECTORY = dirname(SELF) + sep;

/** The files of an error's stack frames, outside node internals, with line and column. */
function stackFrames(error: Error): { file: string; line: string; column: string }[] {
  const frames = [];
  for (const text of (error.stack ?? "").split("\n").slice(1)) {
    const match = /(?:^at |\()((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/.exec(text.trim());
    if (match) frames.push({ file: (match[1] as string).replace(/^file:\/\//, ""), line: match[2] as string, column: match[3] as string });
  }
  return frames;
}

/** Specloom's own code: this package's dist/, or a copy of specloom under node_modules. */
function isSpecloomFile(file: string): boolean {
  return file.startsWith(OWN_DIRECTORY) || file.includes(`${sep}node_modules${sep}specloom${sep}`);
}

/** The first stack frame in the user's code (not node internals, node_modules or specloom): `src/api.ts:12:5`. */
function userFrame(error: Error): string | undefined {
  const frame = stackFrames(error).find(({ file }) => !file.split(sep).includes("node_modules") && !isSpecloomFile(file));
  return frame && `${relative(process.cwd(), frame.file) || frame.file}:${frame.line}:${frame.column}`;
}

/**
 * What the user's code (an exported function, a builder's document(), a definition's
 * getters) threw, as one line about the file: `api.ts: document() threw: TypeError: ...`.
 * A SpecloomError or a CliError stays as it is, and so does an error thrown by specloom's
 * own code, which is a bug to report with its stack.
 */
export function userCodeFailure(error: unknown, source: Source, what: string): unknown {
  if (error instanceof SpecloomError || error instanceof CliError) return error;
  const top = error instanceof Error ? stackFrames(error)[0] : undefined;
  if (top && isSpecloomFile(top.file)) return error;
  return fileError(source.label, `${what}: ${describeThrown(error)}`);
}

/** The export a command works on: `--export <name>`, else the default export. */
export async function pickExport(namespace: Record<string, unknown>, name: string | undefined, source: Source): Promise<unknown> {
  const wanted = name ?? "default";
  let value: unknown;
  if (Object.prototype.hasOwnProperty.call(namespace, wanted)) value = namespace[wanted];
  else if (wanted !== "default" && isRecord(namespace.default) && Object.prototype.hasOwnProperty.call(namespace.default, wanted)) {
    // A CommonJS module's `exports.name` arrives as a property of its default export.
    value = namespace.default[wanted];
  } else {
    const names = Object.keys(namespace);
    const listed = names.length ? `its exports: ${names.join(", ")}` : "it exports nothing";
    throw fileError(
      source.label,
      wanted === "default"
        ? `the module has no default export (${listed}); name the export to use with --export <name>`
        : `the module has no export named "${wanted}" (${listed})`,
    );
  }
  const what = name === undefined ? "the default export" : `the export "${name}"`;
  // A function is called (with no arguments) and a promise awaited: `export default async () => definition`.
  if (typeof value === "function" && !looksLikeBuilder(value)) {
    try {
      value = (value as () => unknown)();
    } catch (error) {
      throw userCodeFailure(error, source, `${what} is a function, which threw when called`);
    }
  }
  if (isRecord(value) && typeof value.then === "function") {
    try {
      value = await value;
    } catch (error) {
      throw userCodeFailure(error, source, `${what} is a promise, which rejected`);
    }
  }
  return value;
}

/** What an export is, by its shape. */
export type Export =
  | { kind: "document"; document: OpenAPIDocument }
  | { kind: "builder"; builder: { document(): OpenAPIDocument } }
  | { kind: "definition"; definition: SpecloomDefinition };

/** Definition-only root fields: a document never has them. */
const DEFINITION_ONLY = ["schemas", "plugins", "securitySchemes"];

export function classify(value: unknown, source: Source, what = "the export"): Export {
  if (looksLikeBuilder(value)) return { kind: "builder", builder: value as { document(): OpenAPIDocument } };
  if (isRecord(value) && isRecord(value.info)) {
    const isDocumentShaped = typeof value.openapi === "string";
    if (!isDocumentShaped || looksLikeDefinition(value)) {
      if (value.paths !== undefined) return { kind: "definition", definition: value as unknown as SpecloomDefinition };
    } else {
      return { kind: "document", document: value as unknown as OpenAPIDocument };
    }
  }
  throw fileError(
    source.label,
    `${what} is ${describeShape(value)}, which is neither a SpecloomDefinition ({ info, paths }), an OpenAPI builder (with a document() method) nor an OpenAPI document ({ openapi, info, paths })`,
  );
}

/** A definition's route keys are `"METHOD /path"`; a document's paths start with `/`. */
function looksLikeDefinition(value: Record<string, unknown>): boolean {
  if (DEFINITION_ONLY.some((key) => Object.prototype.hasOwnProperty.call(value, key))) return true;
  const paths = isRecord(value.paths) ? Object.keys(value.paths) : [];
  const webhooks = isRecord(value.webhooks) ? Object.keys(value.webhooks) : [];
  return paths.some((key) => !key.startsWith("/") || /\s/.test(key)) || webhooks.some((key) => /\s/.test(key));
}

function looksLikeBuilder(value: unknown): boolean {
  return value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { document?: unknown }).document === "function";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describeShape(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "function") return "a function";
  if (typeof value !== "object") return `a ${typeof value}`;
  const keys = Object.keys(value);
  return keys.length ? `an object with the keys ${keys.slice(0, 8).join(", ")}${keys.length > 8 ? ", ..." : ""}` : "an empty object";
}

/**
 * The document an export stands for. A definition is built here with `openapi()`, at
 * `version` when `--openapi` gave one; a builder and a document carry their own version,
 * which `--openapi` cannot change.
 */
export function documentOf(exported: Export, version: OpenAPIVersion | undefined, source: Source): OpenAPIDocument {
  switch (exported.kind) {
    case "definition":
      return openapi(version === undefined ? exported.definition : { ...exported.definition, openapi: version });
    case "builder": {
      let document: OpenAPIDocument;
      try {
        document = exported.builder.document();
      } catch (error) {
        throw userCodeFailure(error, source, "document() threw");
      }
      if (version !== undefined && document.openapi !== version) {
        throw new CliError(
          `${source.label}: --openapi ${version} cannot change the version of a builder's document (it writes ${document.openapi}); set it in new OpenAPI({ openapi: "${version}", ... }), or export a definition`,
        );
      }
      return document;
    }
    case "document": {
      const document = exported.document;
      if (version !== undefined && document.openapi !== version) {
        throw new CliError(`${source.label}: --openapi ${version} cannot change the version of a finished document (it is ${document.openapi}); --openapi applies to definitions`);
      }
      return document;
    }
  }
}
