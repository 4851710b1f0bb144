/**
 * What each UI adds to the docs page: its stylesheets, scripts and mount point, and the
 * start script (served as a file, so the page needs no inline script). The start script
 * reads its settings from the page's JSON data block, `#specloom-docs`.
 */
import type { DocsUi } from "./ui-assets";

export interface UiPage {
  readonly stylesheets: readonly string[];
  readonly scripts: readonly string[];
  readonly icon?: string;
  readonly mount: string;
  /** Inline `<style>` elements the UI inserts at run time: the page's policy must allow them. */
  readonly insertsStyles: boolean;
  readonly start: string;
}

const READ_SETTINGS = `const settings = JSON.parse(document.getElementById("specloom-docs").textContent);`;

const SWAGGER_UI_START = `"use strict";
${READ_SETTINGS}
window.ui = SwaggerUIBundle({
  url: settings.url,
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  validatorUrl: null,
});
if (settings.events) new EventSource(settings.events).addEventListener("change", () => window.ui.specActions.download(settings.url));
`;

// Scalar calls out unless told not to: its AI agent, its fonts, its telemetry.
const SCALAR_START = `"use strict";
${READ_SETTINGS}
Scalar.createApiReference("#scalar", {
  url: settings.url,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  hideClientButton: true,
  documentDownloadType: "none",
});
if (settings.events) new EventSource(settings.events).addEventListener("change", () => location.reload());
`;

export const UI_PAGES: Readonly<Record<DocsUi, UiPage>> = {
  "swagger-ui": {
    stylesheets: ["swagger-ui.css"],
    scripts: ["swagger-ui-bundle.js"],
    icon: "favicon-32x32.png",
    mount: `<div id="swagger-ui"></div>`,
    insertsStyles: false,
    start: SWAGGER_UI_START,
  },
  scalar: {
    stylesheets: [],
    scripts: ["standalone.js"],
    mount: `<div id="scalar"></div>`,
    insertsStyles: true,
    start: SCALAR_START,
  },
};

/** The start script's file name under `{base}/assets/`. */
export const START_SCRIPT = "specloom-docs.js";
