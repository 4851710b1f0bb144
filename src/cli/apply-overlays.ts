/**
 * Overlay files on the command line: read them (JSON or YAML, `-` for stdin), apply them
 * in order with applyOverlay() from specloom/overlay, and name the file in any error:
 * `public.overlay.yaml: INVALID_DEFINITION actions[2].target: ...`.
 */
import { SpecloomError, type OpenAPIDocument } from "specloom";
import { CliError, oneLine } from "./errors";
import { parseData, readText, type Source } from "./sources";

/** The parsed overlay files, in order; each is checked by applyOverlay, not here. */
export async function readOverlays(sources: readonly Source[]): Promise<unknown[]> {
  const overlays: unknown[] = [];
  for (const source of sources) {
    if (source.kind === "module") throw new CliError(`${source.label}: an overlay is a JSON or YAML file, not a module`);
    overlays.push(await parseData(await readText(source), source));
  }
  return overlays;
}

/** `document` with the overlays applied; the document itself when there are none. */
export async function applyOverlays(document: OpenAPIDocument, sources: readonly Source[]): Promise<OpenAPIDocument> {
  if (sources.length === 0) return document;
  const overlays = await readOverlays(sources);
  // Loaded only when an overlay is given: the other commands never need the JSONPath library.
  const { applyOverlay } = await import("specloom/overlay");
  try {
    return applyOverlay(document, ...(overlays as Parameters<typeof applyOverlay>[1][]));
  } catch (error) {
    if (error instanceof SpecloomError) throw new CliError(namingFile(error, sources));
    throw error;
  }
}

/** `overlays[1].actions[0].target: ...` as `b.yaml: INVALID_DEFINITION actions[0].target: ...`. */
function namingFile(error: SpecloomError, sources: readonly Source[]): string {
  const match = /^overlays\[(\d+)\]\.?/.exec(error.message);
  const source = match ? sources[Number(match[1])] : undefined;
  if (match === null || source === undefined) return `${error.code} ${oneLine(error.message)}`;
  const rest = error.message.slice(match[0].length);
  return `${source.label}: ${error.code} ${oneLine(rest.startsWith(":") ? `the overlay${rest}` : rest)}`;
}
