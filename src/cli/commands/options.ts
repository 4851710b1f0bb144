/** Options more than one command takes, spelled and explained the same way everywhere. */
import { InvalidArgumentError, Option, type Command } from "commander";

export const outputOption = () => new Option("-o, --output <file>", "write to this file, atomically (default: stdout)");

export const formatOption = () => new Option("-f, --format <format>", "json or yaml (default: from the output file's extension, else json)").choices(["json", "yaml"]);

export const exportOption = () => new Option("-e, --export <name>", "the export to use (default: the default export)");

export const openapiOption = () => new Option("--openapi <version>", "build a definition for this OpenAPI version instead of its own").choices(["3.0.3", "3.1.0", "3.2.0"]);

/** For an option given more than once: every value, in order. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `--overlay <file>`, repeatable: Overlay documents applied to a command's result before it is written. */
export const overlayOption = () =>
  new Option("--overlay <file>", "apply this Overlay document (1.0 or 1.1) to the result before it is written; repeat for more, applied in order").argParser(collect);

export const checkOption = () => new Option("--no-check", "write the document even if it is invalid (default: check it as validate does, and write nothing if it is not valid)");

export const forceOption = () => new Option("--force", "let -o replace one of the command's own inputs");

export const rootOption = () => new Option("--root <dir>", "read referenced files inside this folder only (default: the folder of the document that refers to them)");

export const remoteOption = () => new Option("--remote", "fetch http: and https: references (default: refuse them)");

/** `--port`: a TCP port, 0 for a free one. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError("expected a port number from 0 to 65535 (0 picks a free port)");
  return port;
}

/**
 * What the serving commands (`preview`, `mock`) take beside their own options: the docs
 * page's UI, and how the input is read (`--export`, `--openapi`, `--root`, `--remote`).
 */
export function addServedInputOptions(command: Command, uiDescription: string): Command {
  return command
    .addOption(new Option("--ui <name>", uiDescription).choices(["swagger-ui", "scalar"]).default("swagger-ui"))
    .addOption(exportOption())
    .addOption(openapiOption())
    .addOption(rootOption())
    .addOption(remoteOption());
}
