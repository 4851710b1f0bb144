/** `specloom generate <module>`: the document a module exports, as JSON or YAML. */
import type { Command } from "commander";
import type { OpenAPIVersion } from "specloom";
import { applyOverlays } from "../apply-overlays";
import { loadDocument } from "../documents";
import { EXIT_CODES, usageAfterErrors } from "../help";
import { oneStdin, sourceOf } from "../sources";
import { writeDocument, writeRequest, type WriteFlags } from "../write-document";
import { checkOption, exportOption, forceOption, formatOption, openapiOption, outputOption, overlayOption, remoteOption, rootOption } from "./options";

export interface GenerateOptions extends WriteFlags {
  export?: string;
  openapi?: OpenAPIVersion;
  /** `--overlay`: Overlay files applied to the document, in order. */
  overlay?: string[];
  root?: string;
  remote?: boolean;
}

/** Adds `generate` to the program. */
export function registerGenerate(program: Command): void {
  const command = program
    .command("generate")
    .summary("write the document a TypeScript or JavaScript module exports")
    .description("Write the OpenAPI document a TypeScript or JavaScript module exports: a SpecloomDefinition, an OpenAPI builder or a document.")
    .argument("<module>", "a .ts, .mts, .js or .mjs module (or a JSON or YAML document, to convert it)")
    .addOption(outputOption())
    .addOption(formatOption())
    .addOption(exportOption())
    .addOption(openapiOption())
    .addOption(overlayOption())
    .addOption(checkOption())
    .addOption(forceOption())
    .addOption(rootOption())
    .addOption(remoteOption())
    .addHelpText(
      "after",
      `
A JSON or YAML document whose $refs reach into other files is bundled into one.
The export may also be a function (called with no arguments) or a promise of any of the three.

Examples:
  $ specloom generate examples/petstore.ts
  $ specloom generate src/api.ts -o openapi.yaml
  $ specloom generate src/api.ts --export usersApi --openapi 3.0.3 -o users.json
  $ specloom generate src/api.ts --overlay public.overlay.yaml -o public.json
${EXIT_CODES}`,
    )
    .action((input: string, options: GenerateOptions) => generate(input, options));
  usageAfterErrors(command);
}

export async function generate(input: string, options: GenerateOptions): Promise<void> {
  const source = sourceOf(input);
  const overlays = (options.overlay ?? []).map(sourceOf);
  oneStdin([source, ...overlays]);
  const references = { root: options.root, remote: options.remote };
  await writeDocument(writeRequest(options, [source, ...overlays], source.label), async () =>
    applyOverlays(await loadDocument(source, { exportName: options.export, openapi: options.openapi, references }), overlays),
  );
}
