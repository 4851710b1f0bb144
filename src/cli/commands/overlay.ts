/** Registers `specloom overlay`; its work is in ../overlay.ts, loaded when the command runs. */
import type { Command, Option } from "commander";
import type { OverlayCommandOptions } from "../overlay";

/** What every command that writes a document shares with this one. */
export interface SharedOptions {
  output: () => Option;
  format: () => Option;
  exitCodes: string;
  usageAfterErrors: (command: Command) => Command;
}

export function registerOverlayCommand(program: Command, shared: SharedOptions): void {
  const overlay = program
    .command("overlay")
    .summary("apply Overlay 1.0 and 1.1 documents to a document")
    .description("Apply OpenAPI Overlay documents (1.0.x and 1.1.x) to a document, in order, and write the result.")
    .argument("<document>", "a JSON or YAML document, - for stdin, or a module (as for generate)")
    .argument("<overlays...>", "Overlay documents, JSON or YAML, applied in the order given")
    .addOption(shared.output())
    .addOption(shared.format())
    .addHelpText(
      "after",
      `
Every overlay is checked against the Overlay schema of its version before any action runs.
generate and merge take --overlay <file> (repeatable) to do the same to their result.

Examples:
  $ specloom overlay openapi.json public.overlay.yaml -o public.json
  $ specloom overlay openapi.yaml descriptions.overlay.yaml sandbox.overlay.yaml -o public.yaml
  $ specloom generate src/api.ts | specloom overlay - public.overlay.yaml
${shared.exitCodes}`,
    )
    .action(async (input: string, overlays: string[], options: OverlayCommandOptions) => {
      const { overlayCommand } = await import("../overlay");
      await overlayCommand(input, overlays, options);
    });
  shared.usageAfterErrors(overlay);
}
