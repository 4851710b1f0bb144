/**
 * The command line: subcommands, their options and help (with examples), and what a usage
 * mistake does (the message, the usage, exit code 2). Each action lives in its own module.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { version } from "../../package.json";
import { ExitCode, describeFailure } from "./errors";
import type { Format } from "./output";
import { registerOverlayCommand } from "./commands/overlay";

const FORMAT = () => new Option("-f, --format <format>", "json or yaml (default: from the output file's extension, else json)").choices(["json", "yaml"]);
const OUTPUT = () => new Option("-o, --output <file>", "write to this file, atomically (default: stdout)");

const collect = (value: string, previous: string[] = []) => [...previous, value];
const OVERLAY = () => new Option("--overlay <file>", "apply this Overlay document (1.0 or 1.1) to the result before it is written; repeat for more, applied in order").argParser(collect);

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError("expected a port number from 0 to 65535 (0 picks a free port)");
  return port;
}

const EXIT_CODES = `
Exit codes:
  0  done (validate: every document is valid)
  1  a SpecloomError, a bad file or an invalid document; one line on stderr says which
  2  a usage mistake (unknown option, missing argument, bad value)`;

/** Adds the usage line and a pointer to --help after each usage error of `command`. */
function usageAfterErrors(command: Command): Command {
  const path = command.parent ? `specloom ${command.name()}` : "specloom";
  return command.showHelpAfterError(`Usage: ${path} ${command.usage()}\nRun "${path} --help" for the options and examples.`);
}

export function createProgram(setExitCode: (code: ExitCode) => void): Command {
  const program = new Command("specloom")
    .description("Generate, merge, validate and preview OpenAPI documents.")
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
  $ specloom validate openapi.json services/*.yaml
  $ specloom preview src/api.ts
${EXIT_CODES}`,
    );
  usageAfterErrors(program);

  const generate = program
    .command("generate")
    .summary("write the document a TypeScript or JavaScript module exports")
    .description("Write the OpenAPI document a TypeScript or JavaScript module exports: a SpecloomDefinition, an OpenAPI builder or a document.")
    .argument("<module>", "a .ts, .mts, .js or .mjs module (or a JSON or YAML document, to convert it)")
    .addOption(OUTPUT())
    .addOption(FORMAT())
    .option("-e, --export <name>", "the export to use (default: the default export)")
    .addOption(new Option("--openapi <version>", "build a definition for this OpenAPI version instead of its own").choices(["3.0.3", "3.1.0"]))
    .addOption(OVERLAY())
    .addHelpText(
      "after",
      `
The export may also be a function (called with no arguments) or a promise of any of the three.

Examples:
  $ specloom generate examples/petstore.ts
  $ specloom generate src/api.ts -o openapi.yaml
  $ specloom generate src/api.ts --export usersApi --openapi 3.0.3 -o users.json
  $ specloom generate src/api.ts --overlay public.overlay.yaml -o public.json
${EXIT_CODES}`,
    )
    .action(async (input: string, options: { output?: string; format?: Format; export?: string; openapi?: "3.0.3" | "3.1.0"; overlay?: string[] }) => {
      const { generate } = await import("./generate");
      await generate(input, options);
    });
  usageAfterErrors(generate);

  const merge = program
    .command("merge")
    .summary("merge OpenAPI documents into one")
    .description("Merge OpenAPI documents into one: base first, then the sources, in order (createMerge() from the library).")
    .argument("<base>", "the base document: its openapi, info, servers and security win")
    .argument("<sources...>", "more documents; JSON or YAML files, - for stdin (once), or modules")
    .addOption(OUTPUT())
    .addOption(FORMAT())
    .addOption(new Option("--components <mode>", "a component name in two documents: error, share-identical (keep one if identical) or rename (prefix the later one)").choices(["error", "share-identical", "rename"]).default("error"))
    .addOption(new Option("--operation-ids <mode>", "an operationId in two documents: error, or rename (prefix the later one)").choices(["error", "rename"]).default("error"))
    .addOption(new Option("--servers <mode>", "base (the first servers found), or per-path (documents with other servers keep them on their path items)").choices(["base", "per-path"]).default("base"))
    .addOption(new Option("--security <mode>", "base (the first security found), or per-operation (documents with other security keep it on their operations)").choices(["base", "per-operation"]).default("base"))
    .option("--path-prefix <file=/prefix>", "put every path of one input under /prefix; repeat for more inputs", collect)
    .addOption(new Option("--path-prefix-from <field>", "give every input without --path-prefix a path prefix made from its info.title (/twilio-chat, /twilio-chat-2, ...)").choices(["title"]))
    .option("--prefix <file=Prefix_>", "the prefix of one input's renamed components and operationIds (default: its title in PascalCase plus _); repeat for more inputs", collect)
    .addOption(OVERLAY())
    .option("-q, --quiet", "do not print the summary line on stderr")
    .addHelpText(
      "after",
      `
A summary line on stderr gives the documents, paths, operations and components merged and the time taken.

Examples:
  $ specloom merge gateway.yaml users.json billing.json -o api.json
  $ specloom merge base.json users.json --path-prefix users.json=/users --components share-identical
  $ cat generated.json | specloom merge base.yaml - --operation-ids rename -o api.yaml
  $ specloom merge test/corpora/twilio/*.json --components rename --operation-ids rename \\
      --path-prefix-from title --servers per-path --security per-operation -o twilio.json
${EXIT_CODES}`,
    )
    .action(async (base: string, sources: string[], options: Record<string, unknown>) => {
      const { mergeCommand } = await import("./merge");
      await mergeCommand([base, ...sources], {
        output: options.output as string | undefined,
        format: options.format as Format | undefined,
        quiet: options.quiet === true,
        components: options.components as "error" | "share-identical" | "rename",
        operationIds: options.operationIds as "error" | "rename",
        servers: options.servers as "base" | "per-path",
        security: options.security as "base" | "per-operation",
        pathPrefix: options.pathPrefix as string[] | undefined,
        pathPrefixFrom: options.pathPrefixFrom as "title" | undefined,
        prefix: options.prefix as string[] | undefined,
        overlay: options.overlay as string[] | undefined,
      });
    });
  usageAfterErrors(merge);

  registerOverlayCommand(program, { output: OUTPUT, format: FORMAT, exitCodes: EXIT_CODES, usageAfterErrors });

  const validate = program
    .command("validate")
    .summary("check documents: schema, $refs, operationIds, security schemes")
    .description(
      "Check documents against the official OpenAPI schema of their version, and that every internal $ref resolves, operationIds are unique and every security requirement names a declared scheme.",
    )
    .argument("<files...>", "JSON or YAML documents, - for stdin (once), or modules")
    .option("-q, --quiet", "do not print the summary line on stderr")
    .addHelpText(
      "after",
      `
Each problem is one line on stdout: file: /json/pointer: message (/ is the whole document).
A file that cannot be read is one line on stderr; the other files are still checked.

Examples:
  $ specloom validate openapi.json
  $ specloom validate services/*.yaml gateway.json
  $ specloom generate src/api.ts | specloom validate -
${EXIT_CODES}`,
    )
    .action(async (files: string[], options: { quiet?: boolean }) => {
      const { validateCommand } = await import("./validate");
      const failed = await validateCommand(files, options);
      if (failed > 0) setExitCode(ExitCode.failure);
    });
  usageAfterErrors(validate);

  const preview = program
    .command("preview")
    .summary("serve the document with Swagger UI on localhost")
    .description("Serve the document with Swagger UI (from the installed swagger-ui-dist package) on localhost, regenerating it when its files change.")
    .argument("<module-or-file>", "a module (as for generate) or a JSON or YAML document")
    .option("-p, --port <number>", "the port to listen on (0 picks a free one)", parsePort, 4000)
    .option("-e, --export <name>", "the export to use (default: the default export)")
    .addOption(new Option("--openapi <version>", "build a definition for this OpenAPI version instead of its own").choices(["3.0.3", "3.1.0"]))
    .addHelpText(
      "after",
      `
Serves the page at http://localhost:<port>/ and the document at /openapi.json. Needs the
swagger-ui-dist package: npm install --save-dev swagger-ui-dist

Examples:
  $ specloom preview examples/petstore.ts
  $ specloom preview openapi.yaml --port 8080
${EXIT_CODES}`,
    )
    .action(async (input: string, options: { port: number; export?: string; openapi?: "3.0.3" | "3.1.0" }) => {
      const { preview } = await import("./preview");
      await preview(input, options);
    });
  usageAfterErrors(preview);

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
    const { text, exitCode: code } = describeFailure(error);
    if (code === ExitCode.usage) {
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
