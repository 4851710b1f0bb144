/**
 * The documentation UIs the handler can serve, and the only files of each it ever asks for:
 * an allow-list, so no request path can name another file of the UI's package.
 */

export type DocsUi = "swagger-ui" | "scalar";

/**
 * Where the UI's files come from. `read` is only ever called with a name from the UI's
 * list (`UI_FILES`); `createUiAssets()` of `specloom/node` reads them from the installed
 * package, and a Worker can read them from wherever it bundled them.
 */
export interface UiAssets {
  readonly ui: DocsUi;
  read(name: string): Uint8Array | Promise<Uint8Array>;
}

export interface UiFile {
  /** The file's name under `{base}/assets/`, and what `read` receives. */
  readonly name: string;
  readonly contentType: string;
}

/** The npm package each UI comes from (an optional peer dependency of specloom). */
export const UI_PACKAGES: Readonly<Record<DocsUi, string>> = {
  "swagger-ui": "swagger-ui-dist",
  scalar: "@scalar/api-reference",
};

const JS = "text/javascript; charset=utf-8";

export const UI_FILES: Readonly<Record<DocsUi, readonly UiFile[]>> = {
  "swagger-ui": [
    { name: "swagger-ui-bundle.js", contentType: JS },
    { name: "swagger-ui.css", contentType: "text/css; charset=utf-8" },
    { name: "favicon-32x32.png", contentType: "image/png" },
  ],
  scalar: [{ name: "standalone.js", contentType: JS }],
};

export function isDocsUi(value: unknown): value is DocsUi {
  return value === "swagger-ui" || value === "scalar";
}
