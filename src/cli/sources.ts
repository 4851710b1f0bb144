/**
 * The inputs of a command: a JSON or YAML file, `-` for stdin, or a TypeScript or
 * JavaScript module. Reading and parsing data files lives here; modules are loaded by
 * ./module.ts.
 */
import { readFile, stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { UsageError, fileError, systemReason } from "./errors";

/** Extensions read as modules (through jiti); anything else is a data file. */
export const MODULE_EXTENSIONS: ReadonlySet<string> = new Set([".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs", ".jsx"]);

export interface Source {
  /** The argument as the user wrote it (`-` for stdin). */
  readonly arg: string;
  /** How messages name it: the argument, or `<stdin>`. */
  readonly label: string;
  readonly kind: "stdin" | "data" | "module";
  /** Absolute path; undefined for stdin. */
  readonly path: string | undefined;
}

export function sourceOf(arg: string): Source {
  if (arg === "-") return { arg, label: "<stdin>", kind: "stdin", path: undefined };
  const path = resolve(arg);
  return { arg, label: arg, kind: MODULE_EXTENSIONS.has(extname(arg).toLowerCase()) ? "module" : "data", path };
}

/** A usage mistake when more than one input is `-`: stdin can be read once. */
export function oneStdin(sources: readonly Source[]): void {
  if (sources.filter((source) => source.kind === "stdin").length > 1) throw new UsageError("- (stdin) can be given only once");
}

/** Fails with `file: no such file` (or why it cannot be read) before any work starts. */
export async function checkReadable(source: Source): Promise<void> {
  if (source.path === undefined) return;
  let info;
  try {
    info = await stat(source.path);
  } catch (error) {
    throw fileError(source.label, (error as { code?: string }).code === "ENOENT" ? "no such file" : `cannot read: ${systemReason(error)}`);
  }
  if (info.isDirectory()) throw fileError(source.label, "is a directory, not a file");
}

/** The text of a data file or of stdin, without a byte order mark. */
export async function readText(source: Source): Promise<string> {
  let text: string;
  if (source.path === undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
    text = Buffer.concat(chunks).toString("utf8");
  } else {
    await checkReadable(source);
    try {
      text = await readFile(source.path, "utf8");
    } catch (error) {
      throw fileError(source.label, `cannot read: ${systemReason(error)}`);
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Parses JSON or YAML (see ../node/parse-text.ts for which is which). Errors name the file,
 * the line and the column.
 */
export async function parseData(text: string, source: Source): Promise<unknown> {
  const { parseText, syntaxOf } = await import("../node/parse-text");
  try {
    return await parseText(text, syntaxOf(source.path));
  } catch (error) {
    throw fileError(source.label, (error as Error).message);
  }
}
