/** `specloom generate <module>`: the document a module exports, as JSON or YAML. */
import type { OpenAPIVersion } from "specloom";
import { loadDocument } from "./documents";
import { formatFor, serialize, writeOutput, type Format } from "./output";
import { applyOverlays } from "./apply-overlays";
import { oneStdin, sourceOf } from "./sources";

export interface GenerateOptions {
  output?: string;
  format?: Format;
  export?: string;
  openapi?: OpenAPIVersion;
  /** `--overlay`: Overlay files applied to the document, in order. */
  overlay?: string[];
}

export async function generate(input: string, options: GenerateOptions): Promise<void> {
  const source = sourceOf(input);
  const overlays = (options.overlay ?? []).map(sourceOf);
  oneStdin([source, ...overlays]);
  const document = await applyOverlays(await loadDocument(source, { exportName: options.export, openapi: options.openapi }), overlays);
  // The whole text exists before anything is written: a failure leaves no file.
  const text = await serialize(document, formatFor(options.format, options.output));
  await writeOutput(text, options.output);
}
