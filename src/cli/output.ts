/**
 * Writing a document: JSON or YAML, to stdout or to a file. A file is written atomically:
 * the text goes to a temporary file beside the target, which is then renamed over it, so a
 * reader never sees half a document and a failed run leaves neither file behind.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { unlinkSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileError, systemReason } from "./errors";

export type Format = "json" | "yaml";
export const FORMATS: readonly Format[] = ["json", "yaml"];

/** `--format` if given, else the output file's extension (`.yaml`, `.yml`), else JSON. */
export function formatFor(explicit: Format | undefined, output: string | undefined): Format {
  if (explicit) return explicit;
  const extension = output === undefined ? "" : extname(output).toLowerCase();
  return extension === ".yaml" || extension === ".yml" ? "yaml" : "json";
}

/** The document as text, ending with a newline. */
export async function serialize(document: unknown, format: Format): Promise<string> {
  if (format === "json") return JSON.stringify(document, null, 2) + "\n";
  const { stringify } = await import("yaml");
  // No anchors for shared subtrees (merged documents share frozen objects); no folded lines;
  // YAML 1.1 quoting, so "on", "yes" or "2024-01-01" stay strings for YAML 1.1 readers too.
  return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0, version: "1.1" });
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

/** Writes `text` to `output` atomically, or to stdout when `output` is undefined or `-`. */
export async function writeOutput(text: string, output: string | undefined): Promise<void> {
  if (output === undefined || output === "-") return writeStdout(text);
  const target = resolve(output);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await mkdir(dirname(target), { recursive: true }).catch((error: unknown) => {
      // EEXIST from mkdir: a directory to create is a file, so the path goes through a file.
      throw (error as { code?: unknown }).code === "EEXIST" ? { code: "ENOTDIR" } : error;
    });
    pending.add(temporary);
    await writeFile(temporary, text, { flag: "wx" });
    await rename(temporary, target);
  } catch (error) {
    // The temporary file may not exist, or its path may be impossible (ENOTDIR): the error
    // worth reporting is the one above.
    await rm(temporary, { force: true }).catch(() => undefined);
    throw fileError(output, `cannot write: ${systemReason(error)}`);
  } finally {
    pending.delete(temporary);
  }
}

/** Writes to stdout and waits until the text is handed to the OS (large documents, pipes). */
export function writeStdout(text: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolvePromise()));
  });
}
