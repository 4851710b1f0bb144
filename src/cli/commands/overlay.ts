/** `specloom overlay <document> <overlay...>`: a document with Overlay documents applied, as JSON or YAML. */
import type { Command } from "commander";
import { applyOverlays } from "../apply-overlays";
import { loadDocument } from "../documents";
import { EXIT_CODES, usageAfterErrors } from "../help";
import { oneStdin, sourceOf } from "../sources";
import { writeDocument, writeRequest, type WriteFlags } from "../write-document";
import { checkOption, forceOption, formatOption, outputOption } from "./options";

export type OverlayCommandOptions = WriteFlags;

/** Adds `overlay` to the program. */
export function registerOverlay(program: Command): void {
  const command = program
    .command("overlay")
    .summary("apply Overlay 1.0 and 1.1 documents to a document")
    .description("Apply OpenAPI Overlay documents (1.0.x and 1.1.x) to a document, in order, and write the result.")
    .argument("<document>", "a JSON or YAML document, - for stdin, or a module (as for generate)")
    .argument("<overlays...>", "Overlay documents, JSON or YAML, applied in the order given")
    .addOption(outputOption())
    .addOption(formatOption())
    .addOption(checkOption())
    .addOption(forceOption())
    .addHelpText(
      "after",
      `
Every overlay is checked against the Overlay schema of its version before any action runs.
generate and merge take --overlay <file> (repeatable) to do the same to their result.

Examples:
  $ specloom overlay openapi.json public.overlay.yaml -o public.json
  $ specloom overlay openapi.yaml descriptions.overlay.yaml sandbox.overlay.yaml -o public.yaml
  $ specloom generate src/api.ts | specloom overlay - public.overlay.yaml
${EXIT_CODES}`,
    )
    .action((input: string, overlays: string[], options: OverlayCommandOptions) => overlayCommand(input, overlays, options));
  usageAfterErrors(command);
}

export async function overlayCommand(input: string, overlayFiles: readonly string[], options: OverlayCommandOptions): Promise<void> {
  const source = sourceOf(input);
  const overlays = overlayFiles.map(sourceOf);
  oneStdin([source, ...overlays]);
  await writeDocument(writeRequest(options, [source, ...overlays], source.label), async () => applyOverlays(await loadDocument(source), overlays));
}
