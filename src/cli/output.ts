/**
 * Writing a document: JSON or YAML, to stdout or to a file. A file is written atomically:
 * the text goes to a temporary file beside the target, which is then renamed over it, so a
 * reader never sees half a document and a failed run leaves neither file behind.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { unlinkSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { StdoutClosed, fileError, systemReason } from "./errors";
import { prettyJsonPieces } from "./json-text";

export type Format = "json" | "yaml";
export const FORMATS: readonly Format[] = ["json", "yaml"];

/** `--format` if given, else the output file's extension (`.yaml`, `.yml`), else JSON. */
export function formatFor(explicit: Format | undefined, output: string | undefined): Format {
  if (explicit) return explicit;
  const extension = output === undefined ? "" : extname(output).toLowerCase();
  return extension === ".yaml" || extension === ".yml" ? "yaml" : "json";
}

/** The document as text, ending with a newline, in pieces (JSON is never one string). */
export async function serialize(document: unknown, format: Format, label: string): Promise<Iterable<string>> {
  if (format === "json") return jsonLines(document);
  const { stringify } = await import("yaml");
  // No anchors for shared subtrees (merged documents share frozen objects); no folded lines;
  // YAML 1.1 quoting, so "on", "yes" or "2024-01-01" stay strings for YAML 1.1 readers too.
  return [yamlText(() => stringify(document, { aliasDuplicateObjects: false, lineWidth: 0, version: "1.1" }), label)];
}

function* jsonLines(document: unknown): Generator<string> {
  yield* prettyJsonPieces(document);
  yield "\n";
}

/**
 * The YAML text, which the yaml package builds as one string, recursively: longer than
 * JavaScript's longest string, or nested deeper than its recursion goes, that is one line
 * saying so (JSON has neither limit here).
 */
export function yamlText(stringify: () => string, label: string): string {
  try {
    return stringify();
  } catch (error) {
    if (error instanceof RangeError && /string length/i.test(error.message)) {
      throw fileError(label, "the document is too large to write as YAML (its text would be longer than the longest string JavaScript can hold); write it as JSON (--format json)");
    }
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw fileError(label, "the document is nested too deeply to write as YAML (the yaml package recurses once per level); write it as JSON (--format json)");
    }
    throw error;
  }
}

/** Temporary files being written; removed if the process is interrupted. */
const pending = new Set<string>();

/** Removes temporary files left by an interrupted write (called on SIGINT and SIGTERM). */
export function removePendingFiles(): void {
  for (const file of pending) {
    try {
      unlinkSync(file);
    } catch {
      // Already renamed or removed.
    }
  }
  pending.clear();
}

/** Writes the pieces to `output` atomically, or to stdout when `output` is undefined or `-`. */
export async function writeOutput(pieces: Iterable<string>, output: string | undefined): Promise<void> {
  if (output === undefined || output === "-") {
    for (const piece of pieces) await writeStdout(piece);
    return;
  }
  const target = resolve(output);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const attempt = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      throw fileError(output, `cannot write: ${systemReason(error)}`);
    }
  };
  let handle: FileHandle | undefined;
  try {
    await makeDirectory(dirname(target), output);
    pending.add(temporary);
    const file = (handle = await attempt(() => open(temporary, "wx")));
    for (const piece of pieces) await attempt(() => file.write(piece));
    handle = undefined;
    await attempt(() => file.close());
    await attempt(() => rename(temporary, target));
  } catch (error) {
    // Nothing stays behind: neither the temporary file nor, since it was never renamed, a changed target.
    await handle?.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  } finally {
    pending.delete(temporary);
  }
}

/**
 * Creates `directory` and the missing ones above it, one at a time. (Node's recursive mkdir
 * never returns where a directory cannot be made inside an existing one, as in /proc.)
 */
async function makeDirectory(directory: string, output: string): Promise<void> {
  const missing: string[] = [];
  for (let current = directory; ; current = dirname(current)) {
    const info = await stat(current).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === "ENOENT") return undefined;
      throw fileError(output, `cannot write: ${systemReason(error)}`);
    });
    if (info !== undefined) {
      if (!info.isDirectory()) throw fileError(output, `cannot write: ${systemReason({ code: "ENOTDIR" })}`);
      break;
    }
    missing.push(current);
    if (dirname(current) === current) break;
  }
  for (let index = missing.length - 1; index >= 0; index--) {
    const path = missing[index] as string;
    await mkdir(path).catch((error: unknown) => {
      // Made by someone else meanwhile: fine, if it is a directory (writing finds out).
      if ((error as { code?: unknown }).code !== "EEXIST") throw fileError(output, `cannot write: cannot create the directory ${path}: ${systemReason(error)}`);
    });
  }
}

/**
 * Writes to stdout and waits until the text is handed to the OS (large documents, pipes).
 * A failure is one line; a reader that closed the pipe (`| head`) is StdoutClosed.
 */
export function writeStdout(text: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    process.stdout.write(text, (error) => {
      if (!error) return resolvePromise();
      reject((error as { code?: unknown }).code === "EPIPE" ? new StdoutClosed() : fileError("<stdout>", `cannot write: ${systemReason(error)}`));
    });
  });
}
