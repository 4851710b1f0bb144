/**
 * What the command says when it fails, and with which exit code. Every failure a user can
 * cause is one line on stderr starting with `specloom: `, never a stack trace:
 *
 * - a SpecloomError: `specloom: CODE location: message` (its message starts with the location);
 * - a bad file (missing, unreadable, not JSON or YAML, not a document, a module that does
 *   not load, or whose code throws while the document is built): `specloom: file: what is wrong`;
 * - a usage mistake: `specloom: what is wrong`, then the usage; exit code 2.
 */
import { SpecloomError } from "specloom";
import { describeThrown } from "../errors";

export const ExitCode = {
  /** Done; for `validate`, every document is valid. */
  ok: 0,
  /** A SpecloomError, a bad file, an invalid document, or anything else that went wrong. */
  failure: 1,
  /** The command line is wrong: unknown option, missing argument, bad option value. */
  usage: 2,
  /** A check could not run (a document nested deeper than the schema validator follows): nothing was judged. */
  unchecked: 2,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure the command reports in one line: `specloom: <message>`. */
export class CliError extends Error {
  override readonly name: string = "CliError";
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.failure,
  ) {
    super(message);
  }
}

/**
 * The reader of stdout went away (`specloom generate api.ts | head`): it chose to stop
 * reading, which is no failure of the command. It ends quietly, with exit code 0.
 */
export class StdoutClosed extends CliError {
  override readonly name = "StdoutClosed";
  constructor() {
    super("stdout was closed by its reader", ExitCode.ok);
  }
}

/** Something wrong with one input or output file: `specloom: <file>: <detail>`. */
export function fileError(file: string, detail: string): CliError {
  return new CliError(`${file}: ${oneLine(detail)}`);
}

/** Several failures reported at once (merge's conflicts): one `specloom: ` line each. */
export function cliErrorLines(lines: readonly string[]): CliError {
  return new CliError(lines.join("\nspecloom: "));
}

/** A usage mistake: the message, then the command's usage; exit code 2. */
export class UsageError extends CliError {
  override readonly name = "UsageError";
  constructor(message: string) {
    super(message, ExitCode.usage);
  }
}

/** Newlines and runs of spaces collapsed, so a message stays one line. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

/** The one line for a SpecloomError (from this copy of specloom or any other), or for one of merge's conflicts. */
export function specloomErrorLine(error: Pick<SpecloomError, "code" | "message">, suffix = ""): string {
  return `${error.code} ${oneLine(error.message)}${suffix}`;
}

/** How a thrown value is reported: the text for stderr and the exit code. */
export function describeFailure(error: unknown): { text: string; exitCode: ExitCode } {
  if (error instanceof CliError) return { text: `specloom: ${error.message}`, exitCode: error.exitCode };
  // SpecloomError's `instanceof` holds across copies of the library (it checks a brand).
  if (error instanceof SpecloomError) return { text: `specloom: ${specloomErrorLine(error)}`, exitCode: ExitCode.failure };
  // Anything else is a bug in specloom: say so, with the stack, which the report needs.
  const stack = error instanceof Error ? (error.stack ?? error.message) : describeThrown(error);
  return { text: `specloom: internal error (please report it at the specloom repository): ${stack}`, exitCode: ExitCode.failure };
}

/** An errno code in words, for messages about files: `ENOENT` is `no such file or directory`. */
export function systemReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    case "ENOSPC":
      return "no space left on the device";
    case "EROFS":
      return "read-only file system";
    case "EFBIG":
      return "the file is too large for the device";
    default:
      return error instanceof Error ? oneLine(error.message) : describeThrown(error);
  }
}
