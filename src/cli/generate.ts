/** `specloom generate <module>`: the document a module exports, as JSON or YAML. */
import type { OpenAPIVersion } from "specloom";
import { loadDocument } from "./documents";
import { formatFor, serialize, writeOutput, type Format } from "./output";
import { sourceOf } from "./sources";

export interface GenerateOptions {
  output?: string;
  format?: Format;
  export?: string;
  openapi?: OpenAPIVersion;
}

export async function generate(input: string, options: GenerateOptions): Promise<void> {
  const document = await loadDocument(sourceOf(input), { exportName: options.export, openapi: options.openapi });
  // The whole text exists before anything is written: a failure leaves no file.
  const text = await serialize(document, formatFor(options.format, options.output));
  await writeOutput(text, options.output);
}
