/**
 * The docs page: the UI's files from `{base}/assets/`, its settings in a JSON data block (no
 * inline script), and the Content-Security-Policy it renders under.
 */
import { START_SCRIPT, type UiPage } from "./ui-pages";

export interface PageParts {
  readonly title: string;
  readonly ui: UiPage;
  /** The URL of a file under `{base}/assets/`, versioned by its content. */
  readonly assetUrl: (name: string) => string;
  readonly settings: { readonly url: string; readonly events?: string };
  /** HTML shown above the UI (what the UI cannot show), already escaped. */
  readonly notice: string;
}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that cannot end its `<script>` element early. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Only the page's own origin: scripts from `{base}/assets/` (or with the nonce), styles from
 * there too, and inline styles only for a UI that inserts `<style>` elements as it runs.
 * No `unsafe-eval` for either UI.
 */
export function contentSecurityPolicy(ui: UiPage, nonce?: string): string {
  return [
    "default-src 'none'",
    `script-src 'self'${nonce === undefined ? "" : ` 'nonce-${nonce}'`}`,
    `style-src 'self'${ui.insertsStyles ? " 'unsafe-inline'" : ""}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export function docsPageHtml(parts: PageParts, nonce?: string): string {
  const n = nonce === undefined ? "" : ` nonce="${escapeHtml(nonce)}"`;
  const { ui, assetUrl } = parts;
  const head = [
    ...ui.stylesheets.map((name) => `<link rel="stylesheet" href="${escapeHtml(assetUrl(name))}"${n}>`),
    // Without an icon of the UI's, an empty one: the browser would ask for /favicon.ico.
    ui.icon === undefined ? `<link rel="icon" href="data:,">` : `<link rel="icon" type="image/png" href="${escapeHtml(assetUrl(ui.icon))}">`,
  ];
  const scripts = [...ui.scripts, START_SCRIPT].map((name) => `<script src="${escapeHtml(assetUrl(name))}"${n}></script>`);
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(parts.title)}</title>
    ${head.join("\n    ")}
  </head>
  <body>
    ${parts.notice}${ui.mount}
    <script type="application/json" id="specloom-docs">${scriptJson(parts.settings)}</script>
    ${scripts.join("\n    ")}
  </body>
</html>
`;
}
