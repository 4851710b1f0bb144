/** Help text every command shares: the exit codes, and the usage shown after a usage mistake. */
import type { Command } from "commander";

export const EXIT_CODES = `
Exit codes:
  0  done (validate: every document is valid)
  1  a SpecloomError, a bad file or an invalid document; one line on stderr says which
  2  a usage mistake (unknown option, missing argument, bad value), or a check that
     could not run (a document nested deeper than the schema validator follows)`;

/** Adds the usage line and a pointer to --help after each usage error of `command`. */
export function usageAfterErrors(command: Command): Command {
  const path = command.parent ? `specloom ${command.name()}` : "specloom";
  return command.showHelpAfterError(`Usage: ${path} ${command.usage()}\nRun "${path} --help" for the options and examples.`);
}
