/**
 * createUiAssets(): the files of an installed documentation UI package, for docsHandler().
 * Each file the UI may serve has a fixed place in its package: nothing a request sends
 * becomes a path, so no request reads outside the package's folder.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { SpecloomError } from "specloom";
import { UI_FILES, UI_PACKAGES, type DocsUi, type UiAssets } from "specloom/serve";

/**
 * Where each UI's files are: a file the package exports, whose folder holds them under the
 * names docsHandler serves them by.
 */
const ANCHORS: Readonly<Record<DocsUi, string>> = {
  "swagger-ui": "swagger-ui-dist/package.json",
  scalar: "@scalar/api-reference/browser/standalone.js",
};

export interface UiAssetsOptions {
  /** Where to resolve the package from (a folder or a file URL); default: this package, then the current folder. */
  from?: string;
}

/** The package's folder, found from specloom itself (where npm puts a peer) or from `from`/the current folder. */
function packageFolder(ui: DocsUi, from: string | undefined): string | undefined {
  const bases = from === undefined ? [import.meta.url, pathToFileURL(join(process.cwd(), "noop.js")).href] : [from.startsWith("file:") ? from : pathToFileURL(join(from, "noop.js")).href];
  for (const base of bases) {
    try {
      return dirname(createRequire(base).resolve(ANCHORS[ui]));
    } catch {
      // Not installed where this base looks: try the next.
    }
  }
  return undefined;
}

/**
 * Reads the files of `ui` ("swagger-ui" or "scalar") from its installed package. Throws a
 * SpecloomError naming the package to install when it is missing.
 */
export function createUiAssets(ui: DocsUi, options: UiAssetsOptions = {}): UiAssets {
  if (ui !== "swagger-ui" && ui !== "scalar") throw new SpecloomError("INVALID_DEFINITION", "createUiAssets ui", `expected "swagger-ui" or "scalar", found ${JSON.stringify(String(ui))}`);
  const folder = packageFolder(ui, options.from);
  if (folder === undefined) {
    throw new SpecloomError("INVALID_DEFINITION", `createUiAssets("${ui}")`, `the ${UI_PACKAGES[ui]} package is not installed; install it with: npm install ${UI_PACKAGES[ui]}`);
  }
  const places = new Map(UI_FILES[ui].map((file) => [file.name, join(folder, file.name)]));
  return {
    ui,
    async read(name) {
      const place = places.get(name);
      if (place === undefined) throw new SpecloomError("INVALID_DEFINITION", `createUiAssets("${ui}")`, `${JSON.stringify(String(name))} is not a file of ${UI_PACKAGES[ui]} that docsHandler serves`);
      return new Uint8Array(await readFile(place));
    },
  };
}
