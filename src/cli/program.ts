/**
 * The command line: the program, its help (with examples), and what a usage mistake does
 * (the message, the usage, exit code 2). Each command registers itself from ./commands/.
 */
import { Command, CommanderError } from "commander";
import { version } from "../../package.json";
import { registerBundle } from "./commands/bundle";
import { registerDiff } from "./commands/diff";
import { registerGenerate } from "./commands/generate";
import { registerMerge } from "./commands/merge";
import { registerMock } from "./commands/mock";
import { registerOverlay } from "./commands/overlay";
import { registerPreview } from "./commands/preview";
import { registerValidate } from "./commands/validate";
import { ExitCode, StdoutClosed, UsageError, describeFailure } from "./errors";
import { EXIT_CODES, usageAfterErrors } from "./help";

export function createProgram(setExitCode: (code: ExitCode) => void): Command {
  const program = new Command("specloom")
    .description("Generate, merge, overlay, validate, preview, mock and diff OpenAPI documents.")
    .usage("<command> [options]")
    .version(version, "-v, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .helpCommand("help [command]", "show help for a command")
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({ outputError: (text, write) => write(`specloom: ${text.replace(/^error: /, "")}`) })
    .addHelpText(
      "after",
      `
Examples:
  $ specloom generate src/api.ts -o openapi.json
  $ specloom merge gateway.yaml users.json billing.json --components share-identical -o api.json
  $ specloom overlay openapi.json public.overlay.yaml -o public.json
  $ specloom validate openapi.json services/*.yaml
  $ specloom preview src/api.ts
  $ specloom mock src/api.ts --port 4010
  $ specloom bundle openapi.yaml -o dist/openapi.json
  $ specloom diff main.json openapi.json --format github
${EXIT_CODES}`,
    );
  usageAfterErrors(program);
  registerGenerate(program);
  registerMerge(program);
  registerOverlay(program);
  registerValidate(program, setExitCode);
  registerPreview(program);
  registerMock(program);
  registerBundle(program);
  registerDiff(program, setExitCode);
  return program;
}

/** Runs the command line; resolves to the exit code. */
export async function run(argv: readonly string[]): Promise<ExitCode> {
  let exitCode: ExitCode = ExitCode.ok;
  const program = createProgram((code) => (exitCode = code));
  try {
    await program.parseAsync(argv as string[]);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, successfully.
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return ExitCode.ok;
      if (error.code === "commander.help" && error.exitCode === 0) return ExitCode.ok;
      return ExitCode.usage;
    }
    if (error instanceof StdoutClosed) return ExitCode.ok;
    const { text, exitCode: code } = describeFailure(error);
    if (error instanceof UsageError) {
      // A usage mistake found after parsing (a --path-prefix naming no input): same as commander's.
      const command = findCommand(program, argv);
      process.stderr.write(`${text}\n`);
      process.stderr.write(`Usage: specloom ${command.name()} ${command.usage()}\nRun "specloom ${command.name()} --help" for the options and examples.\n`);
    } else {
      process.stderr.write(`${text}\n`);
    }
    return code;
  }
  return exitCode;
}

function findCommand(program: Command, argv: readonly string[]): Command {
  const name = argv.slice(2).find((arg) => !arg.startsWith("-"));
  return program.commands.find((command) => command.name() === name) ?? program;
}
