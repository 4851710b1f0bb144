/**
 * The package under test: the built `dist/index.js` (what users install), never the sources.
 * Loaded by URL so that type checking a fresh clone, before any build, still succeeds; the
 * types are the sources' (tsconfig maps "specloom" to src/), which the build emits unchanged.
 */
import type * as Specloom from "specloom";
import type * as SpecloomOverlay from "specloom/overlay";
import type * as SpecloomHttp from "specloom/http";

export const DIST_URL = new URL("../dist/index.js", import.meta.url);

const loaded = (await import(DIST_URL.href)) as typeof Specloom;

export const { openapi, merge, createMerge, diff } = loaded;

/** specloom/overlay, built: dist/overlay.js. */
export const { applyOverlay } = (await import(new URL("../dist/overlay.js", import.meta.url).href)) as typeof SpecloomOverlay;

/** specloom/http, built: dist/http.js. */
export const { requestValidator, responseValidator } = (await import(new URL("../dist/http.js", import.meta.url).href)) as typeof SpecloomHttp;
