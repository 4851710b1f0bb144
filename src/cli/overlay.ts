/** `specloom overlay <document> <overlay...>`: a document with Overlay documents applied, as JSON or YAML. */
import { loadDocument } from "./documents";
import { applyOverlays } from "./apply-overlays";
import { formatFor, serialize, writeOutput, type Format } from "./output";
import { oneStdin, sourceOf } from "./sources";

export interface OverlayCommandOptions {
  output?: string;
  format?: Format;
}

export async function overlayCommand(input: string, overlayFiles: readonly string[], options: OverlayCommandOptions): Promise<void> {
  const source = sourceOf(input);
  const overlays = overlayFiles.map(sourceOf);
  oneStdin([source, ...overlays]);
  const document = await applyOverlays(await loadDocument(source), overlays);
  // The whole text exists before anything is written: a failure leaves no file.
  await writeOutput(await serialize(document, formatFor(options.format, options.output)), options.output);
}
