/**
 * How every command that writes a document writes it (generate, merge, and any to come):
 * `-o` may not name one of the command's own inputs (unless --force); the document is
 * checked as `validate` checks it (unless --no-check), and an invalid one is not written;
 * then it goes to stdout or, atomically, to the `-o` file.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { validateDocument } from "./document-problems";
import { createValidator } from "./schema-validator";
import { CliError, ExitCode, fileError } from "./errors";
import { formatFor, serialize, writeOutput, type Format } from "./output";
import type { Source } from "./sources";

export interface WriteRequest {
  /** `-o`: the file to write; undefined or `-` for stdout. */
  readonly output: string | undefined;
  readonly format: Format | undefined;
  /** False with `--no-check`: write the document even if it is invalid. */
  readonly check: boolean;
  /** `--force`: `-o` may replace one of the inputs. */
  readonly force: boolean;
  /** The command's inputs, which `-o` must not replace. */
  readonly inputs: readonly Source[];
  /** How the problems of an invalid document name it: the input for generate, `merged document` for merge. */
  readonly label: string;
}

/** The options every document-writing command takes (commands/options.ts adds them). */
export interface WriteFlags {
  output?: string;
  format?: Format;
  /** False when --no-check is given. */
  check?: boolean;
  force?: boolean;
}

/** The request for a command's flags, inputs and label. */
export function writeRequest(flags: WriteFlags, inputs: readonly Source[], label: string): WriteRequest {
  return { output: flags.output, format: flags.format, check: flags.check !== false, force: flags.force === true, inputs, label };
}

/**
 * Writes the document `produce` makes, and returns it. `-o` is checked against the inputs
 * before `produce` runs, so a refused command reads and builds nothing.
 */
export async function writeDocument<T>(request: WriteRequest, produce: () => Promise<T>): Promise<T> {
  if (!request.force) await refuseInputAsOutput(request.output, request.inputs);
  const document = await produce();
  if (request.check) await checkDocument(document, request.label);
  // Nothing is written before the whole document is known to be good.
  const pieces = await serialize(document, formatFor(request.format, request.output), request.output ?? "<stdout>");
  await writeOutput(pieces, request.output);
  return document;
}

/**
 * `-o` naming an input (the same file, also through a symlink, a hard link or another
 * spelling of its path) would replace that input: a usage mistake, one line, exit code 2.
 */
async function refuseInputAsOutput(output: string | undefined, inputs: readonly Source[]): Promise<void> {
  if (output === undefined || output === "-") return;
  const target = await stat(resolve(output)).catch(() => undefined);
  if (target === undefined) return;
  for (const input of inputs) {
    if (input.path === undefined) continue;
    const info = await stat(input.path).catch(() => undefined);
    if (info === undefined || info.dev !== target.dev || info.ino !== target.ino) continue;
    const same = input.arg === output ? "" : " (the same file)";
    throw new CliError(`-o ${output} is the input ${input.label}${same}, which writing would replace; give another -o, or --force to replace it`, ExitCode.usage);
  }
}

/** The problems, as `validate` prints them but on stderr, then one line; nothing is written. */
async function checkDocument(document: unknown, label: string): Promise<void> {
  const problems = await validateDocument(document, createValidator(), label);
  if (problems.length === 0) return;
  process.stderr.write(problems.map((problem) => `${label}: ${problem.pointer}: ${problem.message}\n`).join(""));
  const count = `${problems.length} problem${problems.length === 1 ? "" : "s"}`;
  throw fileError(label, `the document is invalid (${count}, above), so nothing was written; --no-check writes it anyway`);
}
