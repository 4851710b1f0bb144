/** `specloom validate <file...>`: each document checked; each problem one line on stdout. */
import type { Command } from "commander";
import { SpecloomError } from "specloom";
import { validateDocument } from "../document-problems";
import { createValidator } from "../schema-validator";
import { loadInput } from "../documents";
import { bundleInput, type BundleInputOptions } from "../bundled";
import { CliError, ExitCode, describeFailure, oneLine } from "../errors";
import { EXIT_CODES, usageAfterErrors } from "../help";
import { ModuleLoader } from "../module";
import { writeStdout } from "../output";
import { oneStdin, sourceOf, type Source } from "../sources";
import { remoteOption, rootOption } from "./options";

/** Adds `validate` to the program; `setExitCode` hears of a failed document. */
export function registerValidate(program: Command, setExitCode: (code: ExitCode) => void): void {
  const command = program
    .command("validate")
    .summary("check documents: schema, $refs, operationIds, security schemes")
    .description(
      "Check documents against the official OpenAPI schema of their version, and that every internal $ref resolves, operationIds are unique and every security requirement names a declared scheme.",
    )
    .argument("<files...>", "JSON or YAML documents, - for stdin (once), or modules")
    .addOption(rootOption())
    .addOption(remoteOption())
    .option("-q, --quiet", "do not print the summary line on stderr")
    .addHelpText(
      "after",
      `
Each problem is one line on stdout: file: /json/pointer: message (/ is the whole document).
A JSON or YAML document whose $refs reach into other files is bundled first; a reference
that cannot be followed (a missing or unreadable file, a pointer to nothing, a file that is
not JSON or YAML) is one problem: file: referring file: /json/pointer/$ref: message.
A file that cannot be read is one line on stderr; the other files are still checked.

Examples:
  $ specloom validate openapi.json
  $ specloom validate services/*.yaml gateway.json
  $ specloom generate src/api.ts | specloom validate -
${EXIT_CODES}`,
    )
    .action(async (files: string[], options: ValidateOptions) => {
      const failed = await validateCommand(files, options);
      if (failed > 0) setExitCode(ExitCode.failure);
    });
  usageAfterErrors(command);
}

export interface ValidateOptions extends BundleInputOptions {
  quiet?: boolean;
}

/** Validates each input; returns the number of inputs that failed (invalid or unreadable). */
export async function validateCommand(inputs: readonly string[], options: ValidateOptions): Promise<number> {
  const sources = inputs.map(sourceOf);
  oneStdin(sources);
  const validator = createValidator();
  const loader = new ModuleLoader();
  let invalid = 0;
  let unreadable = 0;
  let problemCount = 0;
  for (const source of sources) {
    let document: unknown;
    let referenceProblems: string[];
    try {
      ({ document, problems: referenceProblems } = await read(source, loader, options));
    } catch (error) {
      // A file that cannot be read, parsed or loaded: one line on stderr, then the next file.
      if (!(error instanceof CliError) && !(error instanceof SpecloomError)) throw error;
      console.error(describeFailure(error).text);
      unreadable++;
      continue;
    }
    const problems = referenceProblems.concat((await validateDocument(document, validator, source.label, source.kind !== "module")).map((problem) => `${problem.pointer}: ${problem.message}`));
    if (problems.length > 0) {
      invalid++;
      problemCount += problems.length;
      await writeStdout(problems.map((problem) => `${source.label}: ${problem}\n`).join(""));
    }
  }
  if (!options.quiet) {
    const total = sources.length;
    const valid = total - invalid - unreadable;
    const parts = [`${valid} valid`];
    if (invalid) parts.push(`${invalid} invalid (${problemCount} problem${problemCount === 1 ? "" : "s"})`);
    if (unreadable) parts.push(`${unreadable} not read`);
    console.error(`specloom: ${total} document${total === 1 ? "" : "s"} checked: ${parts.join(", ")}`);
  }
  return invalid + unreadable;
}

/**
 * A data file bundled (its shape is checked as a problem), with each reference that could not
 * be followed as a problem of its own; a module's document.
 */
async function read(source: Source, loader: ModuleLoader, options: BundleInputOptions): Promise<{ document: unknown; problems: string[] }> {
  if (source.kind === "module") return { document: await loadInput(source, loader), problems: [] };
  const problems: string[] = [];
  // Each line starts with the input's label: a reference in the input itself is not named twice.
  const own = `${source.label}: `;
  const onProblem = (error: Error) => {
    const message = oneLine(error.message);
    problems.push(message.startsWith(own) ? message.slice(own.length) : message);
  };
  const { document } = await bundleInput(source, { root: options.root, remote: options.remote, onProblem });
  return { document, problems };
}
