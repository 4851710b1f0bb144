/**
 * The documentation page of `specloom preview`: Swagger UI from the installed
 * `swagger-ui-dist` package (an optional peer dependency), never from a CDN.
 */
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CliError } from "./errors";

export const SWAGGER_UI_PACKAGE = "swagger-ui-dist";

/**
 * The directory of the installed swagger-ui-dist: resolved from this package (where npm
 * puts a peer dependency), then from the current directory (a project that installed it
 * next to a global specloom). Missing, the command says what to install.
 */
export function findSwaggerUi(): string {
  for (const base of [import.meta.url, pathToFileURL(join(process.cwd(), "noop.js")).href]) {
    const require = createRequire(base);
    let directory: string | undefined;
    try {
      // getAbsoluteFSPath() without loading index.js, which evaluates the whole 1.5 MB bundle.
      directory = (require(`${SWAGGER_UI_PACKAGE}/absolute-path.js`) as () => string)();
    } catch {
      try {
        directory = (require(SWAGGER_UI_PACKAGE) as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();
      } catch {
        directory = undefined;
      }
    }
    if (directory && existsSync(join(directory, "swagger-ui-bundle.js"))) return directory;
  }
  throw new CliError(
    `preview needs the ${SWAGGER_UI_PACKAGE} package for its documentation page, and it is not installed; install it with: npm install --save-dev ${SWAGGER_UI_PACKAGE}`,
  );
}

/** The files of the package that may be served: its top-level files, by name. */
export function swaggerUiAssets(directory: string): Map<string, string> {
  const assets = new Map<string, string>();
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isFile() && /\.(js|css|png|html|map)$/.test(entry.name) && entry.name !== "index.html") assets.set(entry.name, join(directory, entry.name));
  }
  return assets;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page: Swagger UI reading /openapi.json, and listening on /events to load the
 * document again when it was regenerated, keeping the page's state.
 */
export function previewPage(title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)} (specloom preview)</title>
    <link rel="stylesheet" href="/swagger-ui.css">
    <link rel="icon" type="image/png" href="/favicon-32x32.png" sizes="32x32">
    <style>body { margin: 0; }</style>
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/swagger-ui-bundle.js"></script>
    <script>
      window.ui = SwaggerUIBundle({
        url: "/openapi.json",
        dom_id: "#swagger-ui",
        deepLinking: true,
        presets: [SwaggerUIBundle.presets.apis],
        layout: "BaseLayout",
        validatorUrl: null,
      });
      new EventSource("/events").addEventListener("change", () => window.ui.specActions.download("/openapi.json"));
    </script>
  </body>
</html>
`;
}
