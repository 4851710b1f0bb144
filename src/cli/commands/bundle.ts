/** `specloom bundle <file>`: a document split across files, as one self-contained document. */
import type { Command } from "commander";
import { applyOverlays } from "../apply-overlays";
import type { BundleInputOptions } from "../bundled";
import { loadDocument } from "../documents";
import { UsageError } from "../errors";
import { EXIT_CODES, usageAfterErrors } from "../help";
import { oneStdin, sourceOf } from "../sources";
import { writeDocument, writeRequest, type WriteFlags } from "../write-document";
import { checkOption, forceOption, formatOption, outputOption, overlayOption, remoteOption, rootOption } from "./options";

export interface BundleCommandOptions extends BundleInputOptions, WriteFlags {
  /** `--overlay`: Overlay files applied to the bundled document, in order. */
  overlay?: string[];
}

/** Adds `bundle` to the program. */
export function registerBundle(program: Command): void {
  const command = program
    .command("bundle")
    .summary("join a document split across files into one")
    .description(
      "Join an OpenAPI document whose $refs reach into other files into one self-contained document: each referenced file or fragment becomes a component in the section its position calls for, and path items are inlined under paths.",
    )
    .argument("<file>", "the entry JSON or YAML document, or - for stdin (its references are then relative to the current folder)")
    .addOption(outputOption())
    .addOption(formatOption())
    .addOption(rootOption())
    .addOption(remoteOption())
    .addOption(overlayOption())
    .addOption(checkOption())
    .addOption(forceOption())
    .addHelpText(
      "after",
      `
Only files inside the root folder are read, so a document cannot make the command read any
file it names; --root widens it. Remote references are refused unless --remote is given.

Examples:
  $ specloom bundle openapi.yaml -o dist/openapi.json
  $ specloom bundle api/openapi.yaml --root . -o dist/openapi.yaml
  $ specloom bundle openapi.yaml --remote | specloom validate -
${EXIT_CODES}`,
    )
    .action((input: string, options: BundleCommandOptions) => bundleCommand(input, options));
  usageAfterErrors(command);
}

export async function bundleCommand(input: string, options: BundleCommandOptions): Promise<void> {
  const source = sourceOf(input);
  if (source.kind === "module") throw new UsageError(`bundle reads JSON and YAML documents; ${source.label} is a module (generate builds it)`);
  const overlays = (options.overlay ?? []).map(sourceOf);
  oneStdin([source, ...overlays]);
  await writeDocument(writeRequest(options, [source, ...overlays], source.label), async () => {
    const document = await loadDocument(source, { references: { root: options.root, remote: options.remote } });
    return applyOverlays(document, overlays);
  });
}
